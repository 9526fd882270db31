import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { storedFiles } from '../../db/schema-files.ts';
import { quickPatient, uploadDocument } from '../../test/factories.ts';
import { call, createTestApp, PDF, type TestContext } from '../../test/harness.ts';

/** A PDF of about 600 KB: three of the database's chunks. */
const SCAN = Buffer.concat([PDF.subarray(0, 9), Buffer.alloc(600 * 1024, 0x20), PDF.subarray(9)]);

async function download(t: TestContext, token: string, id: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/v1/user-references/${id}/file`,
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: response.statusCode, bytes: response.rawPayload };
}

/** A patient of `t` and the id of the document it uploaded there. */
async function uploadedThrough(t: TestContext) {
  const patient = await quickPatient(t);
  const uploaded = await uploadDocument(t, patient, SCAN);
  expect(uploaded.status).toBe(201);
  return { patient, id: uploaded.body.userReference.id as string };
}

/** Two API instances on one PostgreSQL database, each with its own DATA_DIR, as behind a proxy. */
async function twoInstances(storage: 'local' | 'database'): Promise<[TestContext, TestContext]> {
  const first = await createTestApp({ env: storage === 'database' ? { STORAGE_URL: 'database' } : {} });
  const url = first.postgresUrl!;
  // The second says it the other way a deployment may: the app database's own URL.
  const env = storage === 'database' ? { DATABASE_URL: url, STORAGE_URL: url } : {};
  return [first, await createTestApp({ env, postgresUrl: url })];
}

// Instances share data only through PostgreSQL, so this runs in the PostgreSQL pass of the suite.
describe.skipIf(!process.env.TEST_DATABASE_URL)('uploads across two API instances', () => {
  let shared: TestContext[] = [];
  let local: TestContext[] = [];
  beforeAll(async () => {
    shared = await twoInstances('database');
    local = await twoInstances('local');
  });
  afterAll(async () => {
    for (const t of [...shared, ...local].reverse()) await t.close();
  });

  test('with STORAGE_URL set, a document uploaded through one instance is downloaded and deleted through the other', async () => {
    const [first, second] = shared as [TestContext, TestContext];
    const { patient, id } = await uploadedThrough(first);

    const read = await download(second, patient.token, id);
    expect(read.status).toBe(200);
    expect(read.bytes.equals(SCAN)).toBe(true);

    expect((await call(second.app, 'DELETE', `/v1/user-references/${id}/my`, { token: patient.token })).status).toBe(200);
    expect((await download(first, patient.token, id)).status).toBe(404);
    expect(await first.database.db.select().from(storedFiles)).toEqual([]);
  });

  test('with the local folder (no STORAGE_URL) the other instance has the document but not its file', async () => {
    const [first, second] = local as [TestContext, TestContext];
    const { patient, id } = await uploadedThrough(first);
    expect((await download(first, patient.token, id)).status).toBe(200);
    expect((await download(second, patient.token, id)).status).toBe(404);
  });
});
