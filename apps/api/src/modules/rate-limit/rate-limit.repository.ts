import { and, eq, gt, like, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rateLimits } from '../../db/schema.ts';

export interface Counter {
  count: number;
  windowStart: Date;
}

/** Counts one event; a window older than `windowMs` restarts at `now`. */
export async function incrementCounter(db: Db, key: string, now: Date, windowMs: number): Promise<Counter> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const expired = sql`${rateLimits.windowStart} <= ${at} - make_interval(secs => ${windowMs / 1000})`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        windowStart: sql`case when ${expired} then ${at} else ${rateLimits.windowStart} end`,
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
      },
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart });
  return row!;
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
