import { and, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { FeedbackType } from '@rozmova/contracts';
import type { Db } from '../../db/client.ts';
import { feedback } from '../../db/schema.ts';

export type FeedbackRow = typeof feedback.$inferSelect;
export type NewFeedback = typeof feedback.$inferInsert;

/** Newest first; at most `limit` rows and the number of all that match. */
export async function listFeedback(
  db: Db,
  filter: { type?: FeedbackType; userId?: string; publishedOnly?: boolean },
  limit: number,
): Promise<{ rows: FeedbackRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.type) conditions.push(eq(feedback.type, filter.type));
  if (filter.userId) conditions.push(eq(feedback.userId, filter.userId));
  if (filter.publishedOnly) conditions.push(eq(feedback.isPublished, true));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db.select().from(feedback).where(where).orderBy(desc(feedback.createdAt), desc(feedback.id)).limit(limit),
    db.select({ n: count() }).from(feedback).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findFeedback(db: Db, id: string): Promise<FeedbackRow | undefined> {
  const [row] = await db.select().from(feedback).where(eq(feedback.id, id));
  return row;
}

/** The user's feedback of a type (for doctor feedback: of that consultation). */
export async function findFeedbackOfUser(
  db: Db,
  userId: string,
  type: FeedbackType,
  appointmentId?: string,
): Promise<FeedbackRow | undefined> {
  const [row] = await db
    .select()
    .from(feedback)
    .where(
      and(
        eq(feedback.userId, userId),
        eq(feedback.type, type),
        type !== 'doctor' ? undefined : appointmentId ? eq(feedback.appointmentId, appointmentId) : isNull(feedback.appointmentId),
      ),
    )
    .orderBy(desc(feedback.createdAt))
    .limit(1);
  return row;
}

/** Serialises one user's feedback writes until the transaction ends, so "one per user and type" (and consultation) holds. */
export async function lockFeedbackOfUser(tx: Db, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`feedback:${userId}`}))`);
}

export async function insertFeedback(db: Db, values: NewFeedback): Promise<FeedbackRow> {
  const [row] = await db.insert(feedback).values(values).returning();
  return row!;
}

export async function updateFeedback(db: Db, id: string, values: Partial<NewFeedback>): Promise<FeedbackRow | undefined> {
  const [row] = await db
    .update(feedback)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(feedback.id, id))
    .returning();
  return row;
}

export async function clearAuthorName(db: Db, userId: string): Promise<void> {
  await db
    .update(feedback)
    .set({ userName: '', updatedAt: sql`now()` })
    .where(eq(feedback.userId, userId));
}

export async function deleteFeedback(db: Db, id: string): Promise<FeedbackRow | undefined> {
  const [row] = await db.delete(feedback).where(eq(feedback.id, id)).returning();
  return row;
}

const publishedReviewOf = (doctorId: string) =>
  and(eq(feedback.type, 'doctor'), eq(feedback.isPublished, true), eq(feedback.doctorId, doctorId));

/** A doctor's published reviews, newest first (at most `limit`). */
export async function listPublishedReviews(db: Db, doctorId: string, limit: number): Promise<FeedbackRow[]> {
  return db.select().from(feedback).where(publishedReviewOf(doctorId)).orderBy(desc(feedback.createdAt), desc(feedback.id)).limit(limit);
}

/** Average (one decimal) and count of the published reviews of each doctor that has any. */
export async function publishedRatings(db: Db, doctorIds: string[]): Promise<{ doctorId: string; average: number; count: number }[]> {
  if (doctorIds.length === 0) return [];
  const rows = await db
    .select({ doctorId: feedback.doctorId, average: sql<string>`round(avg(${feedback.rating}), 1)`, count: count() })
    .from(feedback)
    .where(and(eq(feedback.type, 'doctor'), eq(feedback.isPublished, true), inArray(feedback.doctorId, doctorIds)))
    .groupBy(feedback.doctorId);
  return rows.map((row) => ({ doctorId: row.doctorId!, average: Number(row.average), count: row.count }));
}
