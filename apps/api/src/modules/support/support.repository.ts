import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { OperatorAvailability, SupportEventKind } from '@rozmova/contracts';
import type { Db } from '../../db/client.ts';
import { cannedReplies, operatorAvailability, supportEvents } from '../../db/schema-chat.ts';
import { accountsView } from '../accounts/accounts.views.ts';

const users = accountsView();

export type CannedReplyRow = typeof cannedReplies.$inferSelect;
export type AvailabilityRow = typeof operatorAvailability.$inferSelect;

// ---- support events -------------------------------------------------------------------------------

/**
 * Times come from the database, like the messages'. An event is written after its change locked the conversation's
 * row, so the moment of writing (not the transaction's start) sorts a conversation's timeline in the order the changes
 * were committed.
 */
export async function insertSupportEvent(
  db: Db,
  values: { patientId: string; kind: SupportEventKind; actorId: string; toOperatorId?: string | null; note?: string | null },
): Promise<void> {
  await db.insert(supportEvents).values({ ...values, createdAt: sql`clock_timestamp()` });
}

const actor = accountsView('actor');
const target = accountsView('target');

/** The newest `limit` events of a conversation, oldest first, with the names of who acted and whom it went to. */
export async function listSupportEvents(db: Db, patientId: string, limit: number) {
  const rows = await db
    .select({ event: supportEvents, actorName: actor.userName, toName: target.userName })
    .from(supportEvents)
    .innerJoin(actor, eq(actor.id, supportEvents.actorId))
    .leftJoin(target, eq(target.id, supportEvents.toOperatorId))
    .where(eq(supportEvents.patientId, patientId))
    .orderBy(desc(supportEvents.createdAt), desc(supportEvents.id))
    .limit(limit);
  return rows.reverse();
}

// ---- people ---------------------------------------------------------------------------------------

/** Read-only look at the users table: the names of these accounts. */
export async function userNames(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: users.id, name: users.userName }).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** Who answers chats: operators, and admins, who may take part in the inbox. */
const activeChatStaff = and(inArray(users.role, ['operator', 'admin']), eq(users.isActive, true), isNull(users.deletedAt));

/** Whether the account is an active, not removed operator or admin (who may receive a transfer). */
export async function isActiveChatStaff(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), activeChatStaff));
  return row !== undefined;
}

// ---- availability ---------------------------------------------------------------------------------

/**
 * Every active operator and admin with its role, what it set (null: it never set or connected) and when its last
 * connection ended.
 */
export async function listChatStaffWithAvailability(db: Db) {
  return db
    .select({
      id: users.id,
      name: users.userName,
      role: users.role,
      availability: operatorAvailability.availability,
      disconnectedAt: operatorAvailability.disconnectedAt,
    })
    .from(users)
    .leftJoin(operatorAvailability, eq(operatorAvailability.userId, users.id))
    .where(activeChatStaff)
    .orderBy(asc(users.userName), asc(users.id));
}

export async function findAvailability(db: Db, userId: string): Promise<AvailabilityRow | undefined> {
  const [row] = await db.select().from(operatorAvailability).where(eq(operatorAvailability.userId, userId));
  return row;
}

/** Writes what is given; a first row starts `online`. */
export async function upsertAvailability(
  db: Db,
  userId: string,
  values: { availability?: OperatorAvailability; disconnectedAt?: Date | null },
  at: Date,
): Promise<AvailabilityRow> {
  const [row] = await db
    .insert(operatorAvailability)
    .values({ userId, ...values, updatedAt: at })
    .onConflictDoUpdate({ target: operatorAvailability.userId, set: { ...values, updatedAt: at } })
    .returning();
  return row!;
}

// ---- canned replies -------------------------------------------------------------------------------

export async function listCannedReplies(db: Db, operatorId: string): Promise<CannedReplyRow[]> {
  return db
    .select()
    .from(cannedReplies)
    .where(eq(cannedReplies.operatorId, operatorId))
    .orderBy(asc(cannedReplies.title), asc(cannedReplies.id));
}

/**
 * Adds a reply unless the operator already keeps `max`: counted under a per-operator lock, so creates at once never pass
 * the limit together. Undefined when full.
 */
export async function insertCannedReplyWithin(
  db: Db,
  values: { operatorId: string; title: string; text: string; at: Date },
  max: number,
): Promise<CannedReplyRow | undefined> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`canned-replies:${values.operatorId}`}))`);
    const [kept] = await tx.select({ n: count() }).from(cannedReplies).where(eq(cannedReplies.operatorId, values.operatorId));
    if ((kept?.n ?? 0) >= max) return undefined;
    const [row] = await tx
      .insert(cannedReplies)
      .values({ operatorId: values.operatorId, title: values.title, text: values.text, createdAt: values.at, updatedAt: values.at })
      .returning();
    return row;
  });
}

const ownReply = (id: string, operatorId: string) => and(eq(cannedReplies.id, id), eq(cannedReplies.operatorId, operatorId));

export async function updateCannedReply(
  db: Db,
  id: string,
  operatorId: string,
  values: { title: string; text: string; at: Date },
): Promise<CannedReplyRow | undefined> {
  const [row] = await db
    .update(cannedReplies)
    .set({ title: values.title, text: values.text, updatedAt: values.at })
    .where(ownReply(id, operatorId))
    .returning();
  return row;
}

export async function deleteCannedReply(db: Db, id: string, operatorId: string): Promise<boolean> {
  const rows = await db.delete(cannedReplies).where(ownReply(id, operatorId)).returning({ id: cannedReplies.id });
  return rows.length > 0;
}
