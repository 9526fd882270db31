import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { CallEventKind, DeviceCheck, MeetingRole } from '@rozmova/contracts';
import type { Db } from '../../db/client.ts';
import { callEvents } from '../../db/schema-chat.ts';

/**
 * Adds one event to a consultation's call record; with `cap`, only while the consultation has fewer rows than that
 * (the count and the insert under the consultation's advisory lock, so events at once never pass it). Answers whether
 * the row was written.
 */
export async function insertCallEvent(
  db: Db,
  values: { appointmentId: string; userId: string; role: MeetingRole; kind: CallEventKind; details?: unknown; at: Date },
  cap?: number,
): Promise<boolean> {
  const row = { ...values, details: values.details ?? null };
  if (cap === undefined) {
    await db.insert(callEvents).values(row);
    return true;
  }
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`call-events:${values.appointmentId}`}))`);
    const [kept] = await tx.select({ rows: count() }).from(callEvents).where(eq(callEvents.appointmentId, values.appointmentId));
    if (kept!.rows >= cap) return false;
    await tx.insert(callEvents).values(row);
    return true;
  });
}

export async function listCallEvents(db: Db, appointmentId: string) {
  return db
    .select({ kind: callEvents.kind, role: callEvents.role, at: callEvents.at, details: callEvents.details })
    .from(callEvents)
    .where(eq(callEvents.appointmentId, appointmentId))
    .orderBy(asc(callEvents.seq));
}

/** The last event of one person in a consultation's room. */
export async function findLastCallEvent(db: Db, appointmentId: string, userId: string) {
  const [row] = await db
    .select({ kind: callEvents.kind, at: callEvents.at })
    .from(callEvents)
    .where(and(eq(callEvents.appointmentId, appointmentId), eq(callEvents.userId, userId)))
    .orderBy(desc(callEvents.seq))
    .limit(1);
  return row;
}

/** The device check sent with each consultation's latest patient join. */
export async function latestDeviceChecks(db: Db, appointmentIds: string[]): Promise<Map<string, { at: Date; check: DeviceCheck | null }>> {
  const found = new Map<string, { at: Date; check: DeviceCheck | null }>();
  if (appointmentIds.length === 0) return found;
  const rows = await db
    .select({ appointmentId: callEvents.appointmentId, at: callEvents.at, details: callEvents.details })
    .from(callEvents)
    .where(
      and(
        inArray(callEvents.appointmentId, appointmentIds),
        eq(callEvents.role, 'patient'),
        inArray(callEvents.kind, ['join', 'reconnect']),
      ),
    )
    .orderBy(desc(callEvents.seq));
  for (const row of rows) {
    if (!found.has(row.appointmentId)) found.set(row.appointmentId, { at: row.at, check: (row.details as DeviceCheck | null) ?? null });
  }
  return found;
}
