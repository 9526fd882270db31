import { afterAll, afterEach, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { jobs } from '../../db/schema.ts';
import { createTestApp, DAY, LogCapture, MINUTE, type TestContext } from '../../test/harness.ts';
import { claimDueJobs, findJobsByKey } from './jobs.repository.ts';
import { JOB_LEASE_MS, JOB_MAX_ATTEMPTS, retryDelayMs } from './jobs.service.ts';

const logs = new LogCapture();
const t = await createTestApp({ logStream: logs });
afterAll(async () => {
  await t.close();
});
// Each test starts with an empty queue, so a job another test left pending is never counted.
afterEach(async () => {
  await t.database.db.delete(jobs);
});

let sequence = 0;
/** A kind of its own per test (a kind has one handler) and a recorder of the payloads it ran with. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test kind's payload is whatever the test queued
function recorder(ctx: TestContext = t, handle: (payload: any) => Promise<void> = async () => undefined) {
  const kind = `test-${++sequence}`;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
  const ran: any[] = [];
  ctx.services.jobs.register(kind, async (payload) => {
    ran.push(payload);
    await handle(payload);
  });
  return { kind, ran, key: (name: string) => `${kind}:${name}` };
}

const inMinutes = (ctx: TestContext, minutes: number) => new Date(ctx.clock.now().getTime() + minutes * MINUTE);
const rowsOf = (key: string, ctx: TestContext = t) => findJobsByKey(ctx.database.db, key);

describe('jobs', () => {
  test('a job runs once when due, not before', async () => {
    const { kind, ran, key } = recorder();
    await t.services.jobs.schedule({ kind, key: key('a'), runAt: inMinutes(t, 60), payload: { n: 1 } });
    expect(await t.services.jobs.runDue()).toBe(0);
    t.clock.advance(59 * MINUTE);
    expect(await t.services.jobs.runDue()).toBe(0);
    expect(ran).toEqual([]);
    t.clock.advance(MINUTE);
    expect(await t.services.jobs.runDue()).toBe(1);
    expect(ran).toEqual([{ n: 1 }]);
    const [row] = await rowsOf(key('a'));
    expect(row).toMatchObject({ status: 'done', attempts: 1, lockedUntil: null, lastError: null });
    t.clock.advance(DAY);
    expect(await t.services.jobs.runDue()).toBe(0);
    expect(ran).toHaveLength(1);
  });

  test('scheduling a key again moves its one pending job and replaces the payload', async () => {
    const { kind, ran, key } = recorder();
    await t.services.jobs.schedule({ kind, key: key('moved'), runAt: inMinutes(t, 10), payload: { v: 'first' } });
    await t.services.jobs.schedule({ kind, key: key('moved'), runAt: inMinutes(t, 30), payload: { v: 'second' } });
    expect(await rowsOf(key('moved'))).toHaveLength(1);
    t.clock.advance(10 * MINUTE);
    expect(await t.services.jobs.runDue()).toBe(0);
    t.clock.advance(20 * MINUTE);
    expect(await t.services.jobs.runDue()).toBe(1);
    expect(ran).toEqual([{ v: 'second' }]);

    // Once done, the key is free for a new pending job; the done one stays (until purged).
    await t.services.jobs.schedule({ kind, key: key('moved'), runAt: inMinutes(t, 5), payload: { v: 'third' } });
    expect((await rowsOf(key('moved'))).map((row) => row.status).sort()).toEqual(['done', 'pending']);
  });

  test('cancel deletes the pending job of a key', async () => {
    const { kind, ran, key } = recorder();
    await t.services.jobs.schedule({ kind, key: key('c'), runAt: inMinutes(t, 1), payload: {} });
    await t.services.jobs.schedule({ kind, key: key('kept'), runAt: inMinutes(t, 1), payload: { kept: true } });
    await t.services.jobs.cancel(key('c'));
    await t.services.jobs.cancel(key('never-scheduled'));
    t.clock.advance(2 * MINUTE);
    expect(await t.services.jobs.runDue()).toBe(1);
    expect(ran).toEqual([{ kept: true }]);
    expect(await rowsOf(key('c'))).toEqual([]);
  });

  test('schedule and cancel join the caller’s transaction', async () => {
    const { kind, key } = recorder();
    await expect(
      t.database.db.transaction(async (tx) => {
        await t.services.jobs.schedule({ kind, key: key('rolled-back'), runAt: inMinutes(t, 1), payload: {} }, tx);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await rowsOf(key('rolled-back'))).toEqual([]);
    await t.services.jobs.schedule({ kind, key: key('tx'), runAt: inMinutes(t, 1), payload: {} });
    await t.database.db.transaction(async (tx) => t.services.jobs.cancel(key('tx'), tx));
    expect(await rowsOf(key('tx'))).toEqual([]);
  });

  test('a failing job is retried with growing delays, then marked failed after 5 attempts', async () => {
    const { kind, ran, key } = recorder(t, async () => {
      throw new Error('mail server busy');
    });
    await t.services.jobs.schedule({ kind, key: key('flaky'), runAt: t.clock.now(), payload: { secret: 'patient-name-in-payload' } });
    for (let attempt = 1; attempt <= JOB_MAX_ATTEMPTS; attempt++) {
      expect(await t.services.jobs.runDue()).toBe(1);
      const [row] = await rowsOf(key('flaky'));
      expect(row!.attempts).toBe(attempt);
      expect(row!.lastError).toBe('Error: mail server busy');
      if (attempt < JOB_MAX_ATTEMPTS) {
        expect(row!.status).toBe('pending');
        expect(row!.runAt.getTime()).toBe(t.clock.now().getTime() + retryDelayMs(attempt));
        t.clock.advance(retryDelayMs(attempt) - 1000);
        expect(await t.services.jobs.runDue()).toBe(0);
        t.clock.advance(1000);
      } else {
        expect(row!.status).toBe('failed');
      }
    }
    expect(retryDelayMs(1)).toBe(60_000);
    expect(ran).toHaveLength(JOB_MAX_ATTEMPTS);
    t.clock.advance(DAY);
    expect(await t.services.jobs.runDue()).toBe(0);
    // The log names the job, never its payload or the error's text.
    expect(logs.text).toContain('job failed for good');
    expect(logs.text).not.toContain('patient-name-in-payload');
    expect(logs.text).not.toContain('mail server busy');
  });

  test('a job that fails once succeeds on its retry', async () => {
    let calls = 0;
    const { kind, key } = recorder(t, async () => {
      if (++calls === 1) throw new TypeError('first try');
    });
    await t.services.jobs.schedule({ kind, key: key('once'), runAt: t.clock.now(), payload: {} });
    await t.services.jobs.runDue();
    t.clock.advance(retryDelayMs(1));
    await t.services.jobs.runDue();
    const [row] = await rowsOf(key('once'));
    expect(row).toMatchObject({ status: 'done', attempts: 2, lastError: null });
  });

  test('a handler’s error does not stop the other due jobs', async () => {
    const { kind, ran, key } = recorder(t, async (payload) => {
      if (payload.n === 2) throw new Error('broken');
    });
    for (const n of [1, 2, 3]) await t.services.jobs.schedule({ kind, key: key(`n${n}`), runAt: inMinutes(t, n / 10), payload: { n } });
    t.clock.advance(MINUTE);
    expect(await t.services.jobs.runDue()).toBe(3);
    expect(ran).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect((await rowsOf(key('n1')))[0]!.status).toBe('done');
    expect((await rowsOf(key('n2')))[0]!.status).toBe('pending');
    expect((await rowsOf(key('n3')))[0]!.status).toBe('done');
  });

  test('a job of a kind nobody handles is marked failed with a message', async () => {
    await t.services.jobs.schedule({ kind: 'no-such-kind', key: 'no-such-kind:1', runAt: t.clock.now(), payload: {} });
    expect(await t.services.jobs.runDue()).toBe(1);
    const [row] = await rowsOf('no-such-kind:1');
    expect(row).toMatchObject({ status: 'failed', lastError: 'No handler registered for kind "no-such-kind"' });
  });

  test('registering a kind twice is refused', () => {
    const { kind } = recorder();
    expect(() => t.services.jobs.register(kind, async () => undefined)).toThrow(/already registered/);
  });

  test('a job re-scheduled while it runs keeps its new time instead of being marked done', async () => {
    const { kind, ran, key } = recorder(t, async (payload) => {
      if (payload.round === 1) await t.services.jobs.schedule({ kind, key: key('again'), runAt: inMinutes(t, 15), payload: { round: 2 } });
    });
    await t.services.jobs.schedule({ kind, key: key('again'), runAt: t.clock.now(), payload: { round: 1 } });
    expect(await t.services.jobs.runDue()).toBe(1);
    const [row] = await rowsOf(key('again'));
    expect(row).toMatchObject({ status: 'pending', attempts: 0, lockedUntil: null, payload: { round: 2 } });
    t.clock.advance(15 * MINUTE);
    expect(await t.services.jobs.runDue()).toBe(1);
    expect(ran).toEqual([{ round: 1 }, { round: 2 }]);
  });

  test('a claimed job is left alone during its lease and taken again when a crashed run’s lease ends', async () => {
    const { kind, ran, key } = recorder();
    await t.services.jobs.schedule({ kind, key: key('crash'), runAt: t.clock.now(), payload: {} });
    // An instance claims it and dies before running it.
    const claimed = await claimDueJobs(t.database.db, t.clock.now(), JOB_LEASE_MS, 100);
    expect(claimed.map((job) => job.key)).toEqual([key('crash')]);
    expect(await t.services.jobs.runDue()).toBe(0);
    t.clock.advance(JOB_LEASE_MS + 1000);
    expect(await t.services.jobs.runDue()).toBe(1);
    expect(ran).toHaveLength(1);
    expect((await rowsOf(key('crash')))[0]).toMatchObject({ status: 'done', attempts: 2 });
  });

  test('done and failed jobs older than 7 days are purged; pending ones stay', async () => {
    const { kind, key } = recorder();
    await t.services.jobs.schedule({ kind, key: key('old'), runAt: t.clock.now(), payload: {} });
    await t.services.jobs.runDue();
    await t.services.jobs.schedule({ kind, key: key('far'), runAt: inMinutes(t, 30 * 24 * 60), payload: {} });
    t.clock.advance(7 * DAY - MINUTE);
    await t.services.jobs.purgeOld();
    expect(await rowsOf(key('old'))).toHaveLength(1);
    t.clock.advance(2 * MINUTE);
    expect(await t.services.jobs.purgeOld()).toBeGreaterThanOrEqual(1);
    expect(await rowsOf(key('old'))).toEqual([]);
    expect(await rowsOf(key('far'))).toHaveLength(1);
  });

  test('the worker runs due jobs by itself until stopped', async () => {
    let ranJob!: (payload: unknown) => void;
    const done = new Promise((resolve) => (ranJob = resolve));
    const { kind, key } = recorder(t, async (payload) => ranJob(payload));
    await t.services.jobs.schedule({ kind, key: key('worker'), runAt: t.clock.now(), payload: { by: 'worker' } });
    t.services.jobs.start(5);
    try {
      expect(await done).toEqual({ by: 'worker' });
    } finally {
      await t.services.jobs.stop();
    }
    const [row] = await t.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, key('worker')));
    expect(row!.status).toBe('done');
  });

  test('runSoon runs due jobs now rather than at the next poll; with the worker off it does nothing', async () => {
    let ranJob!: (payload: unknown) => void;
    const done = new Promise((resolve) => (ranJob = resolve));
    const { kind, ran, key } = recorder(t, async (payload) => ranJob(payload));
    await t.services.jobs.schedule({ kind, key: key('off'), runAt: t.clock.now(), payload: { n: 1 } });
    t.services.jobs.runSoon();
    await t.services.jobs.stop();
    expect(ran).toEqual([]);

    // An hour between polls: only runSoon can run it while the test waits.
    t.services.jobs.start(60 * MINUTE);
    try {
      t.services.jobs.runSoon();
      expect(await done).toEqual({ n: 1 });
    } finally {
      await t.services.jobs.stop();
    }
  });

  test('enqueue adds a job once per key, of 50 at once and after it ran', async () => {
    const { kind, ran, key } = recorder();
    const job = { kind, key: key('once'), runAt: t.clock.now(), payload: { n: 1 } };
    await Promise.all(Array.from({ length: 50 }, () => t.services.jobs.enqueue(job)));
    expect(await t.services.jobs.runDue()).toBe(1);
    await t.services.jobs.enqueue(job);
    expect(await t.services.jobs.runDue()).toBe(0);
    expect(ran).toEqual([{ n: 1 }]);
    expect(await rowsOf(key('once'))).toHaveLength(1);
  });
});

// Two API instances share jobs only through PostgreSQL, so these run in the PostgreSQL pass of the suite.
describe.skipIf(!process.env.TEST_DATABASE_URL)('jobs across instances on one PostgreSQL', () => {
  test('a job scheduled before a restart runs on the next instance', async () => {
    const first = await createTestApp({ postgresUrl: t.postgresUrl });
    await first.services.jobs.schedule({
      kind: 'restart-test',
      key: 'restart-test:1',
      runAt: inMinutes(first, 60),
      payload: { survived: true },
    });
    await first.close();

    const second = await createTestApp({ postgresUrl: t.postgresUrl });
    try {
      const ran: unknown[] = [];
      second.services.jobs.register('restart-test', async (payload) => void ran.push(payload));
      second.clock.advance(61 * MINUTE);
      expect(await second.services.jobs.runDue()).toBe(1);
      expect(ran).toEqual([{ survived: true }]);
    } finally {
      await second.close();
    }
  });

  test('two instances running due jobs at the same time run each of 50 exactly once', async () => {
    const [a, b] = await Promise.all([createTestApp({ postgresUrl: t.postgresUrl }), createTestApp({ postgresUrl: t.postgresUrl })]);
    try {
      const runs = new Map<number, string[]>();
      for (const [name, ctx] of [
        ['a', a],
        ['b', b],
      ] as const) {
        ctx.clock.set(t.clock.now());
        ctx.services.jobs.register('race-test', async (payload: { n: number }) => {
          runs.set(payload.n, [...(runs.get(payload.n) ?? []), name]);
          // Yield, so the other instance claims while this one is running.
          await new Promise((resolve) => setImmediate(resolve));
        });
      }
      for (let n = 0; n < 50; n++) {
        await a.services.jobs.schedule({
          kind: 'race-test',
          key: `race-test:${n}`,
          runAt: new Date(t.clock.now().getTime() - n),
          payload: { n },
        });
      }
      const drain = async (ctx: TestContext) => {
        let total = 0;
        for (;;) {
          const claimed = await ctx.services.jobs.runDue(5);
          if (claimed === 0) return total;
          total += claimed;
        }
      };
      const [byA, byB] = await Promise.all([drain(a), drain(b)]);
      expect(byA + byB).toBe(50);
      expect(runs.size).toBe(50);
      expect([...runs.values()].every((who) => who.length === 1)).toBe(true);
      // Both took part (each claim takes 5 of 50).
      expect(byA).toBeGreaterThan(0);
      expect(byB).toBeGreaterThan(0);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
