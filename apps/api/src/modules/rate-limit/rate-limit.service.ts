import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { deleteCountersBefore, incrementCounter, readCounter } from './rate-limit.repository.ts';

export interface Limit {
  /** How many events the window allows. */
  max: number;
  windowMs: number;
}

const DAY = 24 * 60 * 60 * 1000;

/** Fixed-window counters in the database, so every API instance sees the same counts. */
export function createRateLimitService(deps: { db: Db; clock: Clock }) {
  const window = (limit: Limit) => {
    const now = deps.clock.now().getTime();
    const start = now - (now % limit.windowMs);
    return { start: new Date(start), retryAfterSeconds: Math.ceil((start + limit.windowMs - now) / 1000) };
  };
  const tooMany = (retryAfterSeconds: number) =>
    new AppError('TOO_MANY_REQUESTS', 'Too many requests, try again later', undefined, {
      'retry-after': String(retryAfterSeconds),
    });

  return {
    /** Counts one event and refuses it with 429 once the window is full. */
    async consume(key: string, limit: Limit): Promise<void> {
      const { start, retryAfterSeconds } = window(limit);
      const count = await incrementCounter(deps.db, key, start);
      if (count > limit.max) throw tooMany(retryAfterSeconds);
    },
    /** Refuses with 429 when the window is already full, without counting. */
    async assertBelow(key: string, limit: Limit): Promise<void> {
      const { start, retryAfterSeconds } = window(limit);
      if ((await readCounter(deps.db, key, start)) >= limit.max) throw tooMany(retryAfterSeconds);
    },
    async record(key: string, limit: Limit): Promise<void> {
      await incrementCounter(deps.db, key, window(limit).start);
    },
    async purgeOld(): Promise<void> {
      await deleteCountersBefore(deps.db, new Date(deps.clock.now().getTime() - DAY));
    },
  };
}

export type RateLimitService = ReturnType<typeof createRateLimitService>;
