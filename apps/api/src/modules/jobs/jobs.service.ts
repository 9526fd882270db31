import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import {
  claimDueJobs,
  deleteFinishedJobs,
  deletePendingJob,
  finishJob,
  insertJobOnce,
  type NewJob,
  upsertJob,
  type ClaimedJob,
} from './jobs.repository.ts';

/** `job.key` and `job.id` stay the same when a run is repeated: a handler derives idempotency keys from them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each handler declares its kind's payload (stored as JSON)
export type JobHandler = (payload: any, job: { id: string; key: string }) => Promise<void>;

/** The app's logger as services see it (Fastify's pino logger fits it; services do not import Fastify). */
export interface JobsLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

const SECOND = 1000;
const HOUR = 60 * 60 * SECOND;
const DAY = 24 * HOUR;

/** How long a claim keeps a job from other instances; a run that takes longer may be started again elsewhere. */
export const JOB_LEASE_MS = 2 * 60 * SECOND;
/** A failing job is tried this many times in all, then marked `failed`. */
export const JOB_MAX_ATTEMPTS = 5;
/** Done and failed jobs are kept this long (for looking into), then purged. */
export const JOB_KEEP_MS = 7 * DAY;
const RUN_DUE_LIMIT = 20;
const PURGE_EVERY_MS = HOUR;

/** 30 s × 2^attempts: 1 min, 2 min, 4 min, 8 min after the 1st … 4th failed attempt. */
export const retryDelayMs = (attempts: number) => 30 * SECOND * 2 ** attempts;

/** The first line of an error's message, short: kept in `last_error`, never with the payload. */
function describeError(error: unknown): string {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return message.split('\n', 1)[0]!.slice(0, 500);
}

/** Runs due jobs with their handlers and records each outcome: done, retried with backoff, or failed for good. */
function createJobRunner(deps: { db: Db; clock: Clock; log: JobsLog; handlers: Map<string, JobHandler> }) {
  const { db, clock, log, handlers } = deps;

  async function run(job: ClaimedJob): Promise<void> {
    const handler = handlers.get(job.kind);
    if (!handler) {
      log.error({ jobId: job.id, kind: job.kind }, 'job of an unknown kind marked failed');
      await finishJob(db, job, clock.now(), { status: 'failed', error: `No handler registered for kind "${job.kind}"` });
      return;
    }
    try {
      await handler(job.payload, { id: job.id, key: job.key });
    } catch (error) {
      const failed = job.attempts >= JOB_MAX_ATTEMPTS;
      // The log names the job and the error type only: messages can carry data of the people concerned.
      log.warn(
        { jobId: job.id, kind: job.kind, attempts: job.attempts, error: error instanceof Error ? error.name : typeof error },
        failed ? 'job failed for good' : 'job failed, will retry',
      );
      const now = clock.now();
      await finishJob(
        db,
        job,
        now,
        failed
          ? { status: 'failed', error: describeError(error) }
          : { status: 'retry', error: describeError(error), retryAt: new Date(now.getTime() + retryDelayMs(job.attempts)) },
      );
      return;
    }
    await finishJob(db, job, clock.now(), { status: 'done' });
  }

  async function runDue(limit = RUN_DUE_LIMIT): Promise<number> {
    const claimed = await claimDueJobs(db, clock.now(), JOB_LEASE_MS, limit);
    for (const job of claimed) {
      try {
        await run(job);
      } catch (error) {
        // Recording the outcome failed (the database went away): the lease ends and the job runs again.
        log.error({ jobId: job.id, kind: job.kind, error: error instanceof Error ? error.name : typeof error }, 'job outcome not recorded');
      }
    }
    return claimed.length;
  }

  async function purgeOld(): Promise<number> {
    return deleteFinishedJobs(db, new Date(clock.now().getTime() - JOB_KEEP_MS));
  }

  return { runDue, purgeOld };
}

/**
 * Timed work kept in the `jobs` table, so it survives restarts and runs once across instances: a claim takes due jobs
 * with `FOR UPDATE SKIP LOCKED` and a lease, the handler runs outside that transaction, and a failure is retried with
 * backoff. Handlers must be idempotent (check the state they act on): a run cut short (a crash) runs again.
 */
export function createJobsService(deps: { db: Db; clock: Clock; log: JobsLog }) {
  const { db, clock, log } = deps;
  const handlers = new Map<string, JobHandler>();
  const { runDue, purgeOld } = createJobRunner({ ...deps, handlers });
  let timer: NodeJS.Timeout | undefined;
  let tick: Promise<void> | undefined;
  let stopped = true;
  let intervalMs = 0;
  /** runSoon was called during a round: another round follows at once. */
  let again = false;
  let lastPurge = 0;

  async function work(): Promise<void> {
    try {
      const now = clock.now().getTime();
      if (now - lastPurge >= PURGE_EVERY_MS) {
        lastPurge = now;
        await purgeOld();
      }
      // A full batch means more may be due: keep going until the queue is drained.
      while (!stopped && (await runDue(RUN_DUE_LIMIT)) === RUN_DUE_LIMIT);
    } catch (error) {
      log.error({ error: error instanceof Error ? error.name : typeof error }, 'job worker round failed');
    }
  }

  function round(): void {
    timer = undefined;
    again = false;
    tick = work().finally(() => {
      tick = undefined;
      if (again && !stopped) round();
      else plan();
    });
  }

  function plan(): void {
    if (stopped) return;
    timer = setTimeout(round, intervalMs);
    timer.unref();
  }

  return {
    /** One handler per kind; registering a kind twice is a programming error. */
    register(kind: string, handler: JobHandler): void {
      if (handlers.has(kind)) throw new Error(`A job handler for "${kind}" is already registered`);
      handlers.set(kind, handler);
    },

    /** Upsert by key: at most one pending job per key; scheduling again moves run_at and payload. */
    schedule: (job: NewJob, tx?: Db): Promise<void> => upsertJob(tx ?? db, job, clock.now()),

    /** A one-off job, added unless one with this key exists (pending, or finished and still kept: 7 days). */
    enqueue: (job: NewJob, tx?: Db): Promise<void> => insertJobOnce(tx ?? db, job, clock.now()),

    /** Deletes the pending job of that key (a run already under way finishes). */
    cancel: (key: string, tx?: Db): Promise<void> => deletePendingJob(tx ?? db, key),

    /** Claims up to `limit` due jobs, runs them one after another and records each outcome; answers how many it claimed. */
    runDue,

    /** Deletes done and failed jobs older than 7 days; the worker does it hourly. */
    purgeOld,

    /** Polls every `intervalMs` (a round that finds a full batch goes on at once). */
    start(everyMs: number): void {
      if (!stopped) return;
      stopped = false;
      intervalMs = everyMs;
      plan();
    },

    /**
     * Runs a round now instead of at the next poll (after a commit that added due work), in the background; the
     * queue delivers it anyway. Nothing when the worker is off (JOBS_POLL_MS=0: this instance runs no jobs).
     */
    runSoon(): void {
      if (stopped) return;
      if (tick) {
        again = true;
        return;
      }
      if (timer) clearTimeout(timer);
      round();
    },

    /** Stops polling and waits for the round under way. */
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await tick;
    },
  };
}

export type JobsService = ReturnType<typeof createJobsService>;
