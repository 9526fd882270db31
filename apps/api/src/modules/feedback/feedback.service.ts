import type {
  AppointmentStatus,
  CreateFeedbackBody,
  DoctorReviews,
  Feedback,
  FeedbackList,
  FeedbackType,
  FeedbackView,
  PublicFeedback,
  UpdateFeedbackBody,
} from '@rozmova/contracts';
import type { Db } from '../../db/client.ts';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import type { AccountRow } from '../../db/rows.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import {
  clearAuthorName,
  deleteFeedback,
  findFeedback,
  findFeedbackOfUser,
  insertFeedback,
  listFeedback,
  listPublishedReviews,
  lockFeedbackOfUser,
  updateFeedback,
  type FeedbackRow,
} from './feedback.repository.ts';
import { createRatings } from './ratings.ts';

/** The most a list answers with (newest first); `count` says how many there are. */
export const FEEDBACK_LIST_LIMIT = 200;

/** Published feedback as everyone reads it: the first name (none when anonymous), no author ids. */
export function toPublicFeedback(row: FeedbackRow): PublicFeedback {
  return {
    id: row.id,
    type: row.type,
    feedback_rating: row.rating,
    feedback_user_name: row.isAnonymous ? null : (row.userName.trim().split(/\s+/)[0] ?? ''),
    feedback_type: row.type,
    feedback_clinic_name: row.clinicName,
    feedback_comment: row.comment,
    doctor_id: row.doctorId,
    is_anonymous: row.isAnonymous,
    is_published: row.isPublished,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Everything: for the author and admins. */
export function toFeedback(row: FeedbackRow): Feedback {
  const { userName, patientId, appointmentId } = row;
  return { ...toPublicFeedback(row), feedback_user_name: userName, patient_id: patientId, appointment_id: appointmentId };
}

const isAdmin = (actor: AccountRow | undefined) => actor?.user.role === 'admin';
const isAuthor = (actor: AccountRow | undefined, row: FeedbackRow) => actor !== undefined && row.userId === actor.user.id;
const viewFor = (actor: AccountRow | undefined, row: FeedbackRow): FeedbackView =>
  isAdmin(actor) || isAuthor(actor, row) ? toFeedback(row) : toPublicFeedback(row);

/** The appointments module's answer: the patient's own appointment (its doctor and status), or undefined. */
export interface Consultations {
  consultationOfPatient(patientId: string, appointmentId: string): Promise<{ doctorId: string; status: AppointmentStatus } | undefined>;
}

export function createFeedbackService(deps: { db: Db; accounts: AccountsService; appointments: Consultations; clinicName: string }) {
  const { db, accounts } = deps;

  // A removed author's name leaves its feedback, in the removal's transaction.
  accounts.onAccountRemoved(async ({ userId }, tx) => {
    await clearAuthorName(tx, userId);
  });

  /** A doctor review is of the author's completed consultation; a `doctor_id` sent must be its doctor. */
  async function reviewedConsultation(author: AccountRow, body: CreateFeedbackBody) {
    if (!author.patientId) throw forbidden('Only the patient of a consultation reviews its doctor');
    const appointmentId = body.appointment_id!;
    const consultation = await deps.appointments.consultationOfPatient(author.patientId, appointmentId);
    if (!consultation) throw notFound('Appointment');
    if (consultation.status !== 'completed') throw forbidden('A consultation is reviewed once it is completed');
    if (body.doctor_id !== undefined && body.doctor_id !== consultation.doctorId) {
      throw new AppError('VALIDATION_FAILED', 'Validation failed', [
        { path: 'body.doctor_id', code: 'INVALID_VALUE', message: 'Not the doctor of this consultation' },
      ]);
    }
    return { appointmentId, doctorId: consultation.doctorId };
  }

  /** The feedback when the actor may read it (author, admin, or published); otherwise 404. */
  async function readable(actor: AccountRow | undefined, id: string): Promise<FeedbackRow> {
    const row = await findFeedback(db, id);
    if (!row || !(row.isPublished || isAuthor(actor, row) || isAdmin(actor))) throw notFound('Feedback');
    return row;
  }

  /** Writes on behalf of `author`; quiz feedback is one per user, doctor feedback one per consultation. */
  async function write(
    author: AccountRow,
    body: CreateFeedbackBody,
    mode: 'create' | 'upsert',
  ): Promise<{ feedback: Feedback; created: boolean }> {
    const review = body.type === 'doctor' ? await reviewedConsultation(author, body) : undefined;
    return db.transaction(async (tx) => {
      await lockFeedbackOfUser(tx, author.user.id);
      const existing = await findFeedbackOfUser(tx, author.user.id, body.type, review?.appointmentId);
      if (existing && mode === 'upsert') {
        const updated = await updateFeedback(tx, existing.id, {
          rating: body.feedback_rating,
          comment: body.feedback_comment,
          userName: author.user.userName,
          isAnonymous: body.is_anonymous,
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
        doctorId: review?.doctorId ?? null,
        appointmentId: review?.appointmentId ?? null,
        isAnonymous: body.is_anonymous ?? false,
        rating: body.feedback_rating,
        comment: body.feedback_comment,
        userName: author.user.userName,
        clinicName: deps.clinicName,
      });
      return { feedback: toFeedback(row), created: true };
    });
  }

  const ratingsOf = createRatings(db);

  return {
    ratingsOf,

    /** `GET /v1/doctors/:id/reviews`: published reviews (first names or anonymous) and the rating. */
    async reviewsOfDoctor(doctorId: string): Promise<DoctorReviews> {
      const [rows, ratings] = await Promise.all([listPublishedReviews(db, doctorId, FEEDBACK_LIST_LIMIT), ratingsOf([doctorId])]);
      return { reviews: rows.map(toPublicFeedback), rating: ratings.get(doctorId)! };
    },

    /** A removed account's feedback stays (ratings count) but no longer carries the person's name. */

    async create(actor: AccountRow, body: CreateFeedbackBody): Promise<Feedback> {
      return (await write(actor, body, 'create')).feedback;
    },

    /** `POST /v1/feedback/user/:id`: the caller's own (an admin's for anyone). */
    async upsertForUser(actor: AccountRow, userId: string, body: CreateFeedbackBody): Promise<{ feedback: Feedback; created: boolean }> {
      if (actor.user.id !== userId && !isAdmin(actor)) throw forbidden('You may only leave your own feedback');
      const author = actor.user.id === userId ? actor : await accounts.getAccount(userId);
      return write(author, body, 'upsert');
    },

    /** Admins see everything; everyone else the public part of published feedback (the landing page's reviews). */
    async list(actor: AccountRow | undefined, type: FeedbackType | undefined): Promise<FeedbackList> {
      const admin = isAdmin(actor);
      const { rows, total } = await listFeedback(db, { type, publishedOnly: !admin }, FEEDBACK_LIST_LIMIT);
      return { feedback: rows.map(admin ? toFeedback : toPublicFeedback), count: total };
    },

    async listOfUser(actor: AccountRow, userId: string, type: FeedbackType | undefined): Promise<FeedbackList> {
      if (actor.user.id !== userId && !isAdmin(actor)) throw forbidden('You may only read your own feedback');
      const { rows, total } = await listFeedback(db, { type, userId }, FEEDBACK_LIST_LIMIT);
      return { feedback: rows.map(toFeedback), count: total };
    },

    get: async (actor: AccountRow | undefined, id: string): Promise<FeedbackView> => viewFor(actor, await readable(actor, id)),

    /**
     * The author changes rating and comment (which unpublishes it) and anonymity; an admin publishes or hides. A doctor
     * review from before reviews needed a consultation is never published.
     */
    async update(actor: AccountRow, id: string, body: UpdateFeedbackBody): Promise<Feedback> {
      const row = await readable(actor, id);
      const changesText = body.feedback_rating !== undefined || body.feedback_comment !== undefined;
      const authorsPart = changesText || body.is_anonymous !== undefined;
      if (authorsPart && !isAuthor(actor, row)) throw forbidden('Only the author changes a feedback');
      if (body.is_published !== undefined && !isAdmin(actor)) throw forbidden('Only an admin publishes feedback');
      if (body.is_published && row.type === 'doctor' && !row.appointmentId) {
        throw forbidden('A doctor review without a consultation is not published');
      }
      const updated = await updateFeedback(db, id, {
        rating: body.feedback_rating,
        comment: body.feedback_comment,
        isAnonymous: body.is_anonymous,
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
