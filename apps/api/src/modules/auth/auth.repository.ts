import { and, asc, desc, eq, gt, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import { pendingAppointmentStatuses, type CodePurpose } from '@rozmova/contracts';
import type { Db } from '../../db/client.ts';
import type { CardRow } from '../../db/rows.ts';
import { sessions, verificationCodes } from '../../db/schema.ts';
import { viewColumns } from '../../db/views.ts';
import { accountsView } from '../accounts/accounts.views.ts';
import { appointmentsView } from '../appointments/appointments.views.ts';
import { patientCardsView, patientsView } from '../patients/patients.views.ts';
import { pushDevicesView } from '../push/push.views.ts';

// Narrowed to what the two statements read: they run on every request, and a shorter statement plans faster.
const appointments = appointmentsView('appointments', ['id', 'patientId', 'status', 'startsAt']);
const patientCards = patientCardsView('patient_cards', [
  'id',
  'patientId',
  'quizzResults',
  'quizzRecommendations',
  'quizzIsCompleted',
  'notes',
  'availableFreeConsultations',
]);
const patients = patientsView('patients', ['id', 'userId']);
const users = accountsView();
const pushSubscriptions = pushDevicesView('push_subscriptions', ['userId', 'endpoint', 'p256dh', 'auth', 'createdAt', 'id']);

export type SessionRow = typeof sessions.$inferSelect;
export type NewSession = typeof sessions.$inferInsert;
export type CodeRow = typeof verificationCodes.$inferSelect;

const prepareSessionLookup = (db: Db) =>
  db
    .select({ session: sessions, user: viewColumns(users), patientId: patients.id, cardId: patientCards.id })
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

const prepareProfileLookup = (db: Db) => {
  // At most one pending appointment per patient (a partial unique index); the order only says which if that changed.
  const currentAppointment = db
    .select({ id: appointments.id })
    .from(appointments)
    .where(and(eq(appointments.patientId, patients.id), inArray(appointments.status, [...pendingAppointmentStatuses])))
    .orderBy(asc(appointments.startsAt))
    .limit(1);
  const newestDevice = db
    .select({ endpoint: pushSubscriptions.endpoint, p256dh: pushSubscriptions.p256dh, auth: pushSubscriptions.auth })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, users.id))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
    .limit(1)
    .as('newest_device');
  return db
    .select({
      user: viewColumns(users),
      patientId: patients.id,
      card: viewColumns(patientCards),
      appointmentId: sql<string | null>`(${currentAppointment})`,
      device: { endpoint: newestDevice.endpoint, p256dh: newestDevice.p256dh, auth: newestDevice.auth },
    })
    .from(users)
    .leftJoin(patients, eq(patients.userId, users.id))
    .leftJoin(patientCards, eq(patientCards.patientId, patients.id))
    .leftJoinLateral(newestDevice, sql`true`)
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('find_profile');
};

const profileLookups = new WeakMap<Db, ReturnType<typeof prepareProfileLookup>>();

type ProfileLookupRow = Awaited<ReturnType<ReturnType<typeof prepareProfileLookup>['execute']>>[number];
/** The card's JSON columns typed as the patients module writes them. */
export type ProfileRow = Omit<ProfileLookupRow, 'card'> & { card: CardRow | null };

/**
 * The whole profile in one statement: the user, its patient record and card, its current (scheduled or running)
 * appointment and its newest push device. The appointments and push tables are only read here.
 */
export async function findProfileRow(db: Db, userId: string): Promise<ProfileRow | undefined> {
  let lookup = profileLookups.get(db);
  if (!lookup) profileLookups.set(db, (lookup = prepareProfileLookup(db)));
  const [row] = await lookup.execute({ userId });
  return row as ProfileRow | undefined;
}

export async function insertSession(db: Db, values: NewSession): Promise<SessionRow> {
  const [row] = await db.insert(sessions).values(values).returning();
  return row!;
}

export async function isEmailUnproved(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)));
  return row !== undefined;
}

/**
 * A session for an account whose e-mail is not proved yet, or none once it is. The account's row is read with a share
 * lock, so a claim under way (which updates that row and ends the sessions in one transaction) is waited for.
 */
export async function insertSessionIfUnclaimed(db: Db, values: NewSession): Promise<SessionRow | undefined> {
  return db.transaction(async (tx) => {
    const [unclaimed] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, values.userId), isNull(users.emailVerifiedAt)))
      .for('share');
    return unclaimed ? insertSession(tx, values) : undefined;
  });
}

export async function touchSession(db: Db, id: string, at: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, id));
}

export async function markPasswordVerified(db: Db, id: string, at: Date): Promise<void> {
  await db.update(sessions).set({ passwordVerifiedAt: at }).where(eq(sessions.id, id));
}

export async function revokeSession(db: Db, id: string, at: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
}

/** Revokes every live session of a user, except `keepSessionId` when given. */
export async function revokeUserSessions(db: Db, userId: string, at: Date, keepSessionId?: string): Promise<void> {
  const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
  if (keepSessionId) conditions.push(ne(sessions.id, keepSessionId));
  await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(...conditions));
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

/**
 * One try at the newest code of an address, in one statement so tries that arrive at once are counted one after
 * another: a wrong code counts against `maxAttempts`, a right one does not and is marked used when `use` is set.
 * Whether the code matched; undefined when it cannot be tried (none, used, expired or out of tries).
 */
export async function tryLatestCode(
  db: Db,
  input: { email: string; purpose: CodePurpose; codeHash: string; at: Date; maxAttempts: number; use: boolean },
): Promise<boolean | undefined> {
  const matches = sql`${verificationCodes.codeHash} = ${input.codeHash}`;
  const latest = db
    .select({ id: verificationCodes.id })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.email, input.email), eq(verificationCodes.purpose, input.purpose)))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  const [row] = await db
    .update(verificationCodes)
    .set({
      attempts: sql`${verificationCodes.attempts} + case when ${matches} then 0 else 1 end`,
      ...(input.use ? { usedAt: sql`case when ${matches} then ${input.at.toISOString()}::timestamptz end` } : {}),
    })
    .where(
      and(
        inArray(verificationCodes.id, latest),
        isNull(verificationCodes.usedAt),
        gt(verificationCodes.expiresAt, input.at),
        lt(verificationCodes.attempts, input.maxAttempts),
      ),
    )
    .returning({ matched: sql<boolean>`${matches}` });
  return row?.matched;
}
