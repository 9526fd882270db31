import type { CreateFeedbackBody, Feedback, FeedbackList, FeedbackType, UpdateFeedbackBody } from '@rozmova/contracts';
import type { Db } from '../../db/client.ts';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import type { AccountRow } from '../accounts/accounts.repository.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import {
  clearAuthorName,
  deleteFeedback,
  findFeedback,
  findFeedbackOfUser,
  insertFeedback,
  listFeedback,
  lockFeedbackOfUser,
  updateFeedback,
  type FeedbackRow,
} from './feedback.repository.ts';

/** The most a list answers with (newest first); `count` says how many there are. */
export const FEEDBACK_LIST_LIMIT = 200;

export function toFeedback(row: FeedbackRow): Feedback {
  return {
    id: row.id,
    type: row.type,
    feedback_rating: row.rating,
    feedback_user_name: row.userName,
    feedback_type: row.type,
    feedback_clinic_name: row.clinicName,
    feedback_comment: row.comment,
    patient_id: row.patientId,
    doctor_id: row.doctorId,
    is_published: row.isPublished,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const isAdmin = (actor: AccountRow | undefined) => actor?.user.role === 'admin';
const isAuthor = (actor: AccountRow | undefined, row: FeedbackRow) => actor !== undefined && row.userId === actor.user.id;

export function createFeedbackService(deps: { db: Db; accounts: AccountsService; clinicName: string }) {
  const { db, accounts } = deps;

  async function assertDoctor(doctorId: string | undefined): Promise<void> {
    if (doctorId === undefined) return;
    const doctor = await accounts.getAccount(doctorId).catch(() => undefined);
    if (doctor?.user.role !== 'doctor') {
      throw new AppError('VALIDATION_FAILED', 'Validation failed', [{ path: 'body.doctor_id', message: 'No such doctor' }]);
    }
  }

  /** The feedback when the actor may read it (author, admin, or published); otherwise 404. */
  async function readable(actor: AccountRow | undefined, id: string): Promise<FeedbackRow> {
    const row = await findFeedback(db, id);
    if (!row || !(row.isPublished || isAuthor(actor, row) || isAdmin(actor))) throw notFound('Feedback');
    return row;
  }

  /** Writes on behalf of `author`; quiz feedback is one per user (doctor feedback one per user and doctor). */
  async function write(author: AccountRow, body: CreateFeedbackBody, mode: 'create' | 'upsert'): Promise<{ feedback: Feedback; created: boolean }> {
    await assertDoctor(body.type === 'doctor' ? body.doctor_id : undefined);
    const doctorId = body.type === 'doctor' ? body.doctor_id : undefined;
    return db.transaction(async (tx) => {
      await lockFeedbackOfUser(tx, author.user.id);
      const existing = await findFeedbackOfUser(tx, author.user.id, body.type, doctorId);
      if (existing && mode === 'upsert') {
        const updated = await updateFeedback(tx, existing.id, {
          rating: body.feedback_rating,
          comment: body.feedback_comment,
          userName: author.user.userName,
          // A changed review goes back to moderation.
          isPublished: false,
        });
        return { feedback: toFeedback(updated!), created: false };
      }
      if (existing) throw new AppError('FEEDBACK_EXISTS', 'You have already left this feedback; change it instead');
      const row = await insertFeedback(tx, {
        type: body.type,
        userId: author.user.id,
        patientId: author.patientId,
        doctorId: doctorId ?? null,
        rating: body.feedback_rating,
        comment: body.feedback_comment,
        userName: author.user.userName,
        clinicName: deps.clinicName,
      });
      return { feedback: toFeedback(row), created: true };
    });
  }

  return {
    /** A removed account's feedback stays (ratings count) but no longer carries the person's name. */
    forgetAuthor: (userId: string) => clearAuthorName(db, userId),

    async create(actor: AccountRow, body: CreateFeedbackBody): Promise<Feedback> {
      return (await write(actor, body, 'create')).feedback;
    },

    /** `POST /v1/feedback/user/:id`: the caller's own (an admin's for anyone). */
    async upsertForUser(actor: AccountRow, userId: string, body: CreateFeedbackBody): Promise<{ feedback: Feedback; created: boolean }> {
      if (actor.user.id !== userId && !isAdmin(actor)) throw forbidden('You may only leave your own feedback');
      const author = actor.user.id === userId ? actor : await accounts.getAccount(userId);
      return write(author, body, 'upsert');
    },

    /** Admins see everything; everyone else the published feedback (the landing page's reviews). */
    async list(actor: AccountRow | undefined, type: FeedbackType | undefined): Promise<FeedbackList> {
      const { rows, total } = await listFeedback(db, { type, publishedOnly: !isAdmin(actor) }, FEEDBACK_LIST_LIMIT);
      return { feedback: rows.map(toFeedback), count: total };
    },

    async listOfUser(actor: AccountRow, userId: string, type: FeedbackType | undefined): Promise<FeedbackList> {
      if (actor.user.id !== userId && !isAdmin(actor)) throw forbidden('You may only read your own feedback');
      const { rows, total } = await listFeedback(db, { type, userId }, FEEDBACK_LIST_LIMIT);
      return { feedback: rows.map(toFeedback), count: total };
    },

    get: async (actor: AccountRow | undefined, id: string): Promise<Feedback> => toFeedback(await readable(actor, id)),

    /** The author changes rating and comment (which unpublishes it); an admin publishes or hides. */
    async update(actor: AccountRow, id: string, body: UpdateFeedbackBody): Promise<Feedback> {
      const row = await readable(actor, id);
      const changesText = body.feedback_rating !== undefined || body.feedback_comment !== undefined;
      if (changesText && !isAuthor(actor, row)) throw forbidden('Only the author changes a feedback');
      if (body.is_published !== undefined && !isAdmin(actor)) throw forbidden('Only an admin publishes feedback');
      const updated = await updateFeedback(db, id, {
        rating: body.feedback_rating,
        comment: body.feedback_comment,
        isPublished: body.is_published ?? (changesText ? false : undefined),
      });
      if (!updated) throw notFound('Feedback');
      return toFeedback(updated);
    },

    async remove(actor: AccountRow, id: string): Promise<void> {
      const row = await readable(actor, id);
      if (!isAuthor(actor, row) && !isAdmin(actor)) throw forbidden('Only the author or an admin deletes a feedback');
      await deleteFeedback(db, id);
    },
  };
}

export type FeedbackService = ReturnType<typeof createFeedbackService>;
