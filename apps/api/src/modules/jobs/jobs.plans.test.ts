import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { insertJobOnceSql } from './jobs.repository.ts';

/** Finished jobs are kept 7 days: a one-off job's look-up of its key must stay an index probe among them. */
const KEPT = 50_000;

let t: TestContext;

beforeAll(async () => {
  t = await createTestApp();
  await t.database.db.execute(sql`
    insert into jobs (kind, key, run_at, status, created_at, updated_at)
    select 'chat.away', 'chat-away:' || g, now(), 'done', now(), now() from generate_series(1, ${KEPT}) as g`);
  await t.database.db.execute(sql`analyze jobs`);
}, 120_000);
afterAll(() => t?.close());

test(`a one-off job looks its key up by index among ${KEPT} finished jobs`, async () => {
  const job = { kind: 'chat.away', key: 'chat-away:new', runAt: new Date(), payload: {} };
  const result = (await t.database.db.execute(sql`explain ${insertJobOnceSql(job, new Date())}`)) as unknown as {
    rows: Record<string, string>[];
  };
  const plan = result.rows.map((row) => row['QUERY PLAN']).join('\n');
  expect(plan).toMatch(/Index Only Scan using jobs_key_idx|Index Scan using jobs_key_idx/);
  expect(plan).not.toMatch(/Seq Scan on jobs/);
});
