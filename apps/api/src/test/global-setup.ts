import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase, snapshotPglite } from '../db/client.ts';
import { createPostgresDatabase } from './databases.ts';

/**
 * Migrates once per run what every test app's database starts from, instead of once per test file (on PGlite the
 * first migrated database of a process costs seconds of CPU). Tests of the migrations themselves start servers on
 * empty databases (startup.test.ts), untouched by this.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (baseUrl) {
    const template = await createPostgresDatabase(baseUrl);
    await (await openDatabase({ url: template.url })).close();
    project.provide('postgresTemplate', template.name);
    return template.drop;
  }
  const directory = mkdtempSync(path.join(tmpdir(), 'rozmova-snapshot-'));
  const file = path.join(directory, 'pglite.tar');
  writeFileSync(file, Buffer.from(await (await snapshotPglite()).arrayBuffer()));
  project.provide('pgliteSnapshot', file);
  return async () => rmSync(directory, { recursive: true, force: true });
}
