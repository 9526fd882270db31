import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import {
  countingSql,
  decrementCounter,
  deleteCountersBefore,
  deleteCountersUnder,
  incrementCounter,
  type Counter,
} from './rate-limit.repository.ts';

export interface Limit {
  /** How many events the window allows. */
  max: number;
  windowMs: number;
}

const DAY = 24 * 60 * 60 * 1000;

/**
 * Counters in the database, so every API instance sees the same counts. A key's window starts at its
 * first event and lasts `windowMs`: "one a minute" means a minute after the last allowed one.
 */
export function createRateLimitService(deps: { db: Db; clock: Clock }) {
  const tooMany = (counter: Counter, limit: Limit, now: Date) =>
    new AppError('TOO_MANY_REQUESTS', 'Too many requests, try again later', undefined, {
      'retry-after': String(Math.max(1, Math.ceil((counter.windowStart.getTime() + limit.windowMs - now.getTime()) / 1000))),
    });

  /** Refuses an event counted over the limit (429); otherwise answers how to take it back. */
  const judge = (key: string, counter: Counter, limit: Limit, now: Date) => {
    if (counter.count > limit.max) throw tooMany(counter, limit, now);
    return { release: () => decrementCounter(deps.db, key, counter.windowStart) };
  };

  return {
    /**
     * Counts one event and refuses it with 429 once the window is full. Counting comes first, in one statement, so
     * events that arrive at once cannot pass the limit together; `release` takes back one that turned out not to count.
     */
    async consume(key: string, limit: Limit): Promise<{ release(): Promise<void> }> {
      const now = deps.clock.now();
      return judge(key, await incrementCounter(deps.db, key, now, limit.windowMs), limit, now);
    },
    /**
     * `consume` inside a caller's statement: `counting` is its step (a CTE whose row is `count, window_start`, counting
     * only while `when` holds), `judge` then refuses or answers the release of the counter that row made.
     */
    counting: (key: SQL, at: SQL, limit: Limit, when?: SQL): SQL => countingSql(key, at, limit.windowMs, when),
    judge,
    /** Forgets the counter `key` and every counter under it (`key:…`), whatever their windows. */
    clear: (key: string): Promise<void> => deleteCountersUnder(deps.db, key),
    async purgeOld(): Promise<void> {
      await deleteCountersBefore(deps.db, new Date(deps.clock.now().getTime() - DAY));
    },
  };
}

export type RateLimitService = ReturnType<typeof createRateLimitService>;
