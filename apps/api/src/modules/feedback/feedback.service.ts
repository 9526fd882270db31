import type {
  CreateFeedbackBody,
  DoctorReviews,
  Feedback,
  FeedbackList,
  FeedbackType,
  FeedbackView,
  UpdateFeedbackBody,
} from '@rozmova/contracts';
import { forbidden, notFound } from '../../lib/app-error.ts';
import type { AccountRow } from '../../db/rows.ts';
import {
  clearAuthorName,
  deleteFeedback,
  findFeedback,
  listFeedback,
  listPublishedReviews,
  updateFeedback,
  type FeedbackRow,
} from './feedback.repository.ts';
import { createRatings } from './ratings.ts';
import { writeFeedback, type FeedbackDeps } from './commands/write-feedback.ts';
import { isAdmin, isAuthor, toFeedback, toPublicFeedback, viewFor } from './feedback.mapping.ts';

/** The most a list answers with (newest first); `count` says how many there are. */
export const FEEDBACK_LIST_LIMIT = 200;

export function createFeedbackService(deps: FeedbackDeps) {
  const { db, accounts } = deps;

  // A removed author's name leaves its feedback, in the removal's transaction.
  accounts.onAccountRemoved(async ({ userId }, tx) => {
    await clearAuthorName(tx, userId);
  });

  /** The feedback when the actor may read it (author, admin, or published); otherwise 404. */
  async function readable(actor: AccountRow | undefined, id: string): Promise<FeedbackRow> {
    const row = await findFeedback(db, id);
    if (!row || !(row.isPublished || isAuthor(actor, row) || isAdmin(actor))) throw notFound('Feedback');
    return row;
  }

  const ratingsOf = createRatings(db);

  return {
    ratingsOf,

    /** `GET /v1/doctors/:id/reviews`: published reviews (first names or anonymous) and the rating. */
    async reviewsOfDoctor(doctorId: string): Promise<DoctorReviews> {
      const [rows, ratings] = await Promise.all([listPublishedReviews(db, doctorId, FEEDBACK_LIST_LIMIT), ratingsOf([doctorId])]);
      return { reviews: rows.map(toPublicFeedback), rating: ratings.get(doctorId)! };
    },

    async create(actor: AccountRow, body: CreateFeedbackBody): Promise<Feedback> {
      return (await writeFeedback(deps, actor, body, 'create')).feedback;
    },

    /** `POST /v1/feedback/user/:id`: the caller's own (an admin's for anyone). */
    async upsertForUser(actor: AccountRow, userId: string, body: CreateFeedbackBody): Promise<{ feedback: Feedback; created: boolean }> {
      if (actor.user.id !== userId && !isAdmin(actor)) throw forbidden('You may only leave your own feedback');
      const author = actor.user.id === userId ? actor : await accounts.getAccount(userId);
      return writeFeedback(deps, author, body, 'upsert');
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
