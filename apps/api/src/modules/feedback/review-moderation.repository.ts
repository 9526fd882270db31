import { and, count, desc, eq, gte, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { ListReviewsQuery } from '@rozmova/contracts';
import type { Db } from '../../db/client.ts';
import { feedback } from '../../db/schema.ts';
import { accountsView } from '../accounts/accounts.views.ts';

const doctorUsers = accountsView('doctor_users');
const moderators = accountsView('moderator_users');

/**
 * A moderation writes `moderated_at` and `updated_at` in one statement, so they are equal until the author changes
 * the review (which unpublishes it): from then on it is new again.
 */
const decided = and(sql`${feedback.moderatedAt} is not null`, gte(feedback.moderatedAt, feedback.updatedAt));
const statusCondition: Record<NonNullable<ListReviewsQuery['status']>, SQL> = {
  published: eq(feedback.isPublished, true),
  hidden: and(eq(feedback.isPublished, false), decided)!,
  new: and(eq(feedback.isPublished, false), or(isNull(feedback.moderatedAt), lt(feedback.moderatedAt, feedback.updatedAt)))!,
};

const reviewColumns = { row: feedback, doctorName: doctorUsers.userName, moderatorName: moderators.userName };

function reviewsQuery(db: Db) {
  return db
    .select(reviewColumns)
    .from(feedback)
    .leftJoin(doctorUsers, eq(doctorUsers.id, feedback.doctorId))
    .leftJoin(moderators, eq(moderators.id, feedback.moderatedBy));
}
export type ReviewRow = Awaited<ReturnType<ReturnType<typeof reviewsQuery>['execute']>>[number];

export async function listReviews(db: Db, query: ListReviewsQuery): Promise<{ rows: ReviewRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (query.type) conditions.push(eq(feedback.type, query.type));
  if (query.status) conditions.push(statusCondition[query.status]);
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    reviewsQuery(db).where(where).orderBy(desc(feedback.createdAt), desc(feedback.id)).limit(query.limit).offset(query.offset),
    db.select({ n: count() }).from(feedback).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findReview(db: Db, id: string): Promise<ReviewRow | undefined> {
  const [row] = await reviewsQuery(db).where(eq(feedback.id, id));
  return row;
}

export async function lockReview(tx: Db, id: string) {
  const [row] = await tx.select().from(feedback).where(eq(feedback.id, id)).for('update');
  return row;
}

export async function setModeration(tx: Db, id: string, values: { isPublished: boolean; reason: string | null; moderatorId: string }) {
  await tx
    .update(feedback)
    .set({
      isPublished: values.isPublished,
      moderationReason: values.reason,
      moderatedBy: values.moderatorId,
      moderatedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(feedback.id, id));
}
