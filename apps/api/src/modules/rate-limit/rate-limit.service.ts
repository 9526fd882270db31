import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { decrementCounter, deleteCountersBefore, deleteCountersUnder, incrementCounter, type Counter } from './rate-limit.repository.ts';

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

  return {
    /**
     * Counts one event and refuses it with 429 once the window is full. Counting comes first, in one statement, so
     * events that arrive at once cannot pass the limit together; `release` takes back one that turned out not to count.
     */
    async consume(key: string, limit: Limit): Promise<{ release(): Promise<void> }> {
      const now = deps.clock.now();
      const counter = await incrementCounter(deps.db, key, now, limit.windowMs);
      if (counter.count > limit.max) throw tooMany(counter, limit, now);
      return { release: () => decrementCounter(deps.db, key, counter.windowStart) };
    },
    /** Forgets the counter `key` and every counter under it (`key:…`), whatever their windows. */
    clear: (key: string): Promise<void> => deleteCountersUnder(deps.db, key),
    async purgeOld(): Promise<void> {
      await deleteCountersBefore(deps.db, new Date(deps.clock.now().getTime() - DAY));
    },
  };
}

export type RateLimitService = ReturnType<typeof createRateLimitService>;
