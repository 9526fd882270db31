import { and, eq, gt, like, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rateLimits } from '../../db/schema.ts';

export interface Counter {
  count: number;
  windowStart: Date;
}

/**
 * Counts one event under `key` at `at` (SQL values: a caller's statement may pass placeholders); a window older than
 * `windowMs` restarts at `at`. Its row is `count, window_start`. A statement of its own, or a step (CTE) of a caller's
 * statement: `when` counts only while it holds.
 */
export function countingSql(key: SQL, at: SQL, windowMs: number, when: SQL = sql`true`): SQL {
  const expired = sql`${rateLimits.windowStart} <= excluded.window_start - make_interval(secs => ${windowMs / 1000})`;
  return sql`insert into ${rateLimits} (key, window_start, count) select ${key}, (${at})::timestamptz, 1 where ${when}
    on conflict (key) do update set
      window_start = case when ${expired} then excluded.window_start else ${rateLimits.windowStart} end,
      count = case when ${expired} then 1 else ${rateLimits.count} + 1 end
    returning count, window_start`;
}

/** Counts one event; a window older than `windowMs` restarts at `now`. */
export async function incrementCounter(db: Db, key: string, now: Date, windowMs: number): Promise<Counter> {
  const result = await db.execute(countingSql(sql`${key}`, sql`${now.toISOString()}`, windowMs));
  const [row] = (result as unknown as { rows: { count: number; window_start: string | Date }[] }).rows;
  return { count: Number(row!.count), windowStart: new Date(row!.window_start) };
}

/** Takes back one event counted in the window that started at `windowStart`; nothing once a new window began. */
export async function decrementCounter(db: Db, key: string, windowStart: Date): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`${rateLimits.count} - 1` })
    .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, windowStart), gt(rateLimits.count, 0)));
}

export async function deleteCountersBefore(db: Db, before: Date): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, before));
}

/** Deletes the counter `key` and every counter under it (`key:…`). */
export async function deleteCountersUnder(db: Db, key: string): Promise<void> {
  const under = `${key.replace(/[\\%_]/g, (c) => `\\${c}`)}:%`;
  await db.delete(rateLimits).where(or(eq(rateLimits.key, key), like(rateLimits.key, under)));
}
