import { and, count, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { BroadcastAudience, MessageSenderType, Role } from '@rozmova/contracts';
import type { Db } from '../../db/client.ts';
import { broadcasts, pushSubscriptions } from '../../db/schema-chat.ts';
import { insertSettingOnce, readSetting } from '../../db/settings.ts';
import { accountsView } from '../accounts/accounts.views.ts';
import { messagesView } from '../messages/messages.views.ts';
import { patientsView } from '../patients/patients.views.ts';

const users = accountsView();

export type SubscriptionRow = typeof pushSubscriptions.$inferSelect;
export type BroadcastRow = typeof broadcasts.$inferSelect;

// ---- VAPID keys --------------------------------------------------------------------------------------

const VAPID_SETTING = 'vapid';

export const findVapidSetting = (db: Db): Promise<unknown> => readSetting(db, VAPID_SETTING);

/** Keeps the pair unless one is kept already: of two instances starting at once, the first insert wins. */
export const insertVapidSettingOnce = (db: Db, keys: { publicKey: string; privateKey: string }): Promise<void> =>
  insertSettingOnce(db, VAPID_SETTING, keys);

// ---- subscriptions -----------------------------------------------------------------------------------

/**
 * Saves a device under the user: a new endpoint is added, a known one takes the new keys and owner and counts as saved
 * now. Then the user's other devices beyond `keep` with it (the longest unsaved first) are dropped. Saves of one user run one after
 * another (an advisory lock), so saves at once never keep more than `keep`.
 */
export async function saveSubscription(
  db: Db,
  userId: string,
  device: { endpoint: string; p256dh: string; auth: string },
  now: Date,
  keep: number,
): Promise<{ created: boolean }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`push-subscriptions:${userId}`}))`);
    const [row] = await tx
      .insert(pushSubscriptions)
      .values({ userId, ...device, createdAt: now })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId, p256dh: device.p256dh, auth: device.auth, createdAt: now },
      })
      .returning({ id: pushSubscriptions.id, created: sql<boolean>`xmax = 0` });
    const saved = row!.id;
    const beyond = tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), ne(pushSubscriptions.id, saved)))
      .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
      .offset(keep - 1);
    await tx.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, beyond));
    return { created: row!.created };
  });
}

export async function deleteSubscriptionOfUser(db: Db, userId: string, endpoint: string): Promise<boolean> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return removed.length > 0;
}

export async function deleteSubscriptionsOfUser(db: Db, userId: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}

export async function deleteSubscription(db: Db, id: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export async function markSubscriptionUsed(db: Db, id: string, at: Date): Promise<void> {
  await db.update(pushSubscriptions).set({ lastUsedAt: at }).where(eq(pushSubscriptions.id, id));
}

/** The devices of a user who may be told anything: an active account that was not removed. */
export async function deliverableSubscriptions(db: Db, userId: string): Promise<SubscriptionRow[]> {
  const rows = await db
    .select({ subscription: pushSubscriptions })
    .from(pushSubscriptions)
    .innerJoin(users, eq(users.id, pushSubscriptions.userId))
    .where(and(eq(pushSubscriptions.userId, userId), eq(users.isActive, true), isNull(users.deletedAt)));
  return rows.map((row) => row.subscription);
}

// ---- away delivery: read-only looks at messages, patients and users -----------------------------------------

/** The rows of a raw query: both drivers (node-postgres and PGlite) answer `{ rows }`. */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** The other side's unread messages of the same conversation as `m` (support: no consultation; else its consultation). */
const sameSideUnread = (m: string, t: string) =>
  sql`${sql.raw(m)}.patient_id = ${sql.raw(t)}.patient_id and ${sql.raw(m)}.sender_type = ${sql.raw(t)}.sender_type
    and ${sql.raw(m)}.status <> 'Read' and ${sql.raw(m)}.appointment_id is not distinct from ${sql.raw(t)}.appointment_id`;

/**
 * The window a new message belongs to. The oldest unread message of its writer's side in its conversation opens a
 * window of `windowMs`; the first unread one at or after that window's end opens the next, and so on (one index probe
 * a window). Answers the start of the last window opened by the message's time and how far into it the message came;
 * undefined when the message was read already.
 */
export async function findWindowStart(db: Db, messageId: string, windowMs: number): Promise<{ id: string; intoMs: number } | undefined> {
  const result = await db.execute(sql`
    with recursive target as (
      select patient_id, appointment_id, sender_type, created_at from ${messagesView()} where id = ${messageId}
    ), starts as (
      (select m.id, m.created_at from ${messagesView('m')}, target t
        where ${sameSideUnread('m', 't')} and m.created_at <= t.created_at
        order by m.created_at, m.id limit 1)
      union all
      (select n.id, n.created_at from starts s cross join target t cross join lateral (
        select m.id, m.created_at from ${messagesView('m')}
        where ${sameSideUnread('m', 't')} and m.created_at <= t.created_at
          and m.created_at >= s.created_at + ${windowMs}::integer * interval '1 millisecond'
        order by m.created_at, m.id limit 1) n)
    )
    select s.id, (extract(epoch from t.created_at - s.created_at) * 1000)::float8 as into_ms
    from starts s cross join target t order by s.created_at desc limit 1`);
  const [row] = rowsOf<{ id: string; into_ms: number }>(result);
  return row && { id: row.id, intoMs: Number(row.into_ms) };
}

export interface AwayWindow {
  /** Messages of the window still unread. */
  unread: number;
  senderType: MessageSenderType;
  /** The patient's name (what staff are told). */
  patientName: string;
}

/** The window opened by `startId`: its conversation's side and how many of its messages are unread now. */
export async function findAwayWindow(db: Db, startId: string, windowMs: number): Promise<AwayWindow | undefined> {
  const result = await db.execute(sql`
    select s.sender_type, u.user_name, (
      select count(*) from ${messagesView('m')}
      where ${sameSideUnread('m', 's')} and m.created_at >= s.created_at
        and m.created_at < s.created_at + ${windowMs}::integer * interval '1 millisecond'
    )::integer as unread
    from ${messagesView('s')} join ${patientsView('p')} on p.id = s.patient_id join ${accountsView('u')} on u.id = p.user_id
    where s.id = ${startId}`);
  const [row] = rowsOf<{ unread: number; sender_type: MessageSenderType; user_name: string }>(result);
  return row && { unread: Number(row.unread), senderType: row.sender_type, patientName: row.user_name };
}

// ---- broadcasts --------------------------------------------------------------------------------------

const activeOfRole = (role: Role) => and(eq(users.role, role), eq(users.isActive, true), isNull(users.deletedAt));

export async function countActiveUsersOfRole(db: Db, role: Role): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(activeOfRole(role));
  return row?.n ?? 0;
}

/** The next `limit` active users of the role by id, after `afterId`. */
export async function activeUserIdsOfRole(db: Db, role: Role, afterId: string | undefined, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(activeOfRole(role), afterId ? gt(users.id, afterId) : undefined))
    .orderBy(users.id)
    .limit(limit);
  return rows.map((row) => row.id);
}

export async function insertBroadcast(
  db: Db,
  values: { audience: BroadcastAudience; title: string; message: string; senderId: string; recipients: number; createdAt: Date },
): Promise<BroadcastRow> {
  const [row] = await db.insert(broadcasts).values(values).returning();
  return row!;
}

export async function findBroadcast(db: Db, id: string): Promise<BroadcastRow | undefined> {
  const [row] = await db.select().from(broadcasts).where(eq(broadcasts.id, id));
  return row;
}

export async function listBroadcasts(db: Db, limit: number): Promise<BroadcastRow[]> {
  return db.select().from(broadcasts).orderBy(desc(broadcasts.createdAt), desc(broadcasts.id)).limit(limit);
}
