import pg from 'pg';
import { afterAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestContext } from '../test/harness.ts';

describe.skipIf(!process.env.TEST_DATABASE_URL)('the PostgreSQL pool', () => {
  let t: TestContext | undefined;
  afterAll(async () => {
    await t?.close();
  });

  test('survives the server ending its idle connections (restart, failover) and answers the next query', async () => {
    t = await createTestApp();
    expect(await t.database.ping()).toBe(true);
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      const database = new URL(t.postgresUrl!).pathname.slice(1);
      const ended = await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [database]);
      expect(ended.rowCount).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    expect(await t.database.ping()).toBe(true);
  });
});
