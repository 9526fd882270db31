import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { CodePurpose } from '@rozmova/contracts';
import type { Db } from '../../db/client.ts';
import { patientCards, patients, sessions, users, verificationCodes } from '../../db/schema.ts';

export type SessionRow = typeof sessions.$inferSelect;
export type NewSession = typeof sessions.$inferInsert;
export type CodeRow = typeof verificationCodes.$inferSelect;

const prepareSessionLookup = (db: Db) =>
  db
    .select({ session: sessions, user: users, patientId: patients.id, cardId: patientCards.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(patients, eq(patients.userId, users.id))
    .leftJoin(patientCards, eq(patientCards.patientId, patients.id))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .prepare('find_session_by_token_hash');

// Every request runs this lookup; building the query once per database halves its CPU cost.
const sessionLookups = new WeakMap<Db, ReturnType<typeof prepareSessionLookup>>();

/** One indexed query: the session, its user and the patient ids. */
export async function findSessionByTokenHash(db: Db, tokenHash: string) {
  let lookup = sessionLookups.get(db);
  if (!lookup) sessionLookups.set(db, (lookup = prepareSessionLookup(db)));
  const [row] = await lookup.execute({ tokenHash });
  return row;
}

export async function insertSession(db: Db, values: NewSession): Promise<SessionRow> {
  const [row] = await db.insert(sessions).values(values).returning();
  return row!;
}

export async function touchSession(db: Db, id: string, at: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, id));
}

export async function markPasswordVerified(db: Db, id: string, at: Date): Promise<void> {
  await db.update(sessions).set({ passwordVerifiedAt: at }).where(eq(sessions.id, id));
}

export async function revokeSession(db: Db, id: string, at: Date): Promise<void> {
  await db.update(sessions).set({ revokedAt: at }).where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
}

/** Revokes every live session of a user, except `keepSessionId` when given. */
export async function revokeUserSessions(db: Db, userId: string, at: Date, keepSessionId?: string): Promise<void> {
  const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
  if (keepSessionId) conditions.push(ne(sessions.id, keepSessionId));
  await db.update(sessions).set({ revokedAt: at }).where(and(...conditions));
}

export async function insertCode(db: Db, values: typeof verificationCodes.$inferInsert): Promise<void> {
  await db.insert(verificationCodes).values(values);
}

export async function findLatestCode(db: Db, email: string, purpose: CodePurpose): Promise<CodeRow | undefined> {
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.email, email), eq(verificationCodes.purpose, purpose)))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  return row;
}

export async function incrementCodeAttempts(db: Db, id: string): Promise<number> {
  const [row] = await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(eq(verificationCodes.id, id))
    .returning({ attempts: verificationCodes.attempts });
  return row?.attempts ?? 0;
}

/** Marks a code used; false when another request used it first. */
export async function useCode(db: Db, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(verificationCodes)
    .set({ usedAt: at })
    .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.usedAt)))
    .returning({ id: verificationCodes.id });
  return rows.length === 1;
}
