import { and, asc, eq, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { jobs } from '../../db/schema.ts';

export type JobRow = typeof jobs.$inferSelect;

/** A job this instance holds the lease of: `attempts` (after the claim) tells a later re-schedule apart. */
export interface ClaimedJob {
  id: string;
  kind: string;
  key: string;
  payload: unknown;
  attempts: number;
}

const pending = eq(jobs.status, 'pending');

/** A job to add: its handler's `kind`, the `key` that keeps it single, when it is due and what its handler gets. */
export interface NewJob {
  kind: string;
  key: string;
  runAt: Date;
  payload: object;
}

/** At most one pending job per key: scheduling again moves its time and payload and starts its attempts afresh. */
export async function upsertJob(db: Db, job: NewJob, now: Date): Promise<void> {
  await db
    .insert(jobs)
    .values({ kind: job.kind, key: job.key, runAt: job.runAt, payload: job.payload, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: jobs.key,
      targetWhere: sql`status = 'pending'`,
      // The lease stays: a job being run now is not started a second time before that run ends.
      set: { kind: job.kind, runAt: job.runAt, payload: job.payload, attempts: 0, lastError: null, updatedAt: now },
    });
}

/**
 * Adds a one-off job unless one with this key exists, pending or finished and still kept: work scheduled again by a
 * run that is repeated (a crash before its outcome was recorded) is not done twice. Two at once: the pending-key
 * index keeps one.
 */
export async function insertJobOnce(db: Db, job: NewJob, now: Date): Promise<void> {
  await db.execute(insertJobOnceSql(job, now));
}

/** The statement of {@link insertJobOnce}: one round trip, the key looked up through its index. */
export function insertJobOnceSql(job: NewJob, now: Date): SQL {
  const at = now.toISOString();
  return sql`insert into ${jobs} (kind, key, payload, run_at, created_at, updated_at)
    select ${job.kind}, ${job.key}, ${JSON.stringify(job.payload)}::jsonb, ${job.runAt.toISOString()}::timestamptz, ${at}::timestamptz, ${at}::timestamptz
    where not exists (select 1 from ${jobs} where key = ${job.key})
    on conflict do nothing`;
}

export async function deletePendingJob(db: Db, key: string): Promise<void> {
  await db.delete(jobs).where(and(eq(jobs.key, key), pending));
}

/**
 * Takes up to `limit` due jobs in one transaction: rows another instance is claiming are skipped, and the lease
 * (`locked_until`) keeps them from everyone else until it ends. Times come from the caller's clock, never SQL now().
 */
export async function claimDueJobs(db: Db, now: Date, leaseMs: number, limit: number): Promise<ClaimedJob[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(pending, lte(jobs.runAt, now), or(isNull(jobs.lockedUntil), lt(jobs.lockedUntil, now))))
      .orderBy(asc(jobs.runAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    const claimed = await tx
      .update(jobs)
      .set({ lockedUntil: new Date(now.getTime() + leaseMs), attempts: sql`${jobs.attempts} + 1`, updatedAt: now })
      .where(
        inArray(
          jobs.id,
          due.map((row) => row.id),
        ),
      )
      .returning({ id: jobs.id, kind: jobs.kind, key: jobs.key, payload: jobs.payload, runAt: jobs.runAt, attempts: jobs.attempts });
    return claimed.sort((a, b) => a.runAt.getTime() - b.runAt.getTime()).map(({ runAt: _runAt, ...job }) => job);
  });
}

/** The claimed run is still the job's current one (not re-scheduled or cancelled meanwhile). */
const sameRun = (job: ClaimedJob) => and(eq(jobs.id, job.id), pending, eq(jobs.attempts, job.attempts));

/**
 * Ends a run: `done`, or `failed`, or pending again at `retryAt`. When the job was re-scheduled while it ran, the new
 * schedule stands and only the lease is given up, so it runs at its new time.
 */
export async function finishJob(
  db: Db,
  job: ClaimedJob,
  now: Date,
  outcome: { status: 'done' } | { status: 'failed'; error: string } | { status: 'retry'; error: string; retryAt: Date },
): Promise<void> {
  const values =
    outcome.status === 'retry'
      ? { runAt: outcome.retryAt, lockedUntil: null, lastError: outcome.error, updatedAt: now }
      : { status: outcome.status, lockedUntil: null, lastError: outcome.status === 'failed' ? outcome.error : null, updatedAt: now };
  const finished = await db.update(jobs).set(values).where(sameRun(job)).returning({ id: jobs.id });
  if (finished.length === 0) {
    await db
      .update(jobs)
      .set({ lockedUntil: null })
      .where(and(eq(jobs.id, job.id), pending));
  }
}

/** Finished jobs older than `before` (by their last change). */
export async function deleteFinishedJobs(db: Db, before: Date): Promise<number> {
  const removed = await db
    .delete(jobs)
    .where(and(inArray(jobs.status, ['done', 'failed']), lt(jobs.updatedAt, before)))
    .returning({ id: jobs.id });
  return removed.length;
}

export async function findJobsByKey(db: Db, key: string): Promise<JobRow[]> {
  return db.select().from(jobs).where(eq(jobs.key, key)).orderBy(asc(jobs.createdAt));
}
