import { randomUUID } from 'node:crypto';
import { readdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { expect, test } from 'vitest';
import { call, fileTestApp, HOUR, PDF, registerPatient } from '../../test/harness.ts';

const t = await fileTestApp();

test('upload files with no document row are removed once older than an hour; files with a row and fresh ones stay', async () => {
  const patient = await registerPatient(t.app, t.mail);
  const account = await t.services.accounts.getAccount(patient.userId);
  const kept = await t.services.documents.upload(account, Readable.from([PDF]));
  const uploads = path.join(t.config.dataDir, 'uploads');
  const twoHoursAgo = new Date(t.clock.now().getTime() - 2 * HOUR);
  const write = (name: string, modified?: Date) => {
    writeFileSync(path.join(uploads, name), PDF);
    if (modified) utimesSync(path.join(uploads, name), modified, modified);
    return name;
  };
  // A document of long ago, a crash leftover, an upload still in flight, and a file the app did not name.
  const [keptFile] = readdirSync(uploads);
  utimesSync(path.join(uploads, keptFile!), twoHoursAgo, twoHoursAgo);
  const leftover = write(`document-${randomUUID()}`, twoHoursAgo);
  const inFlight = write(`document-${randomUUID()}`);
  const foreign = write('README.txt', twoHoursAgo);

  expect(await t.services.documents.removeOrphanFiles()).toBe(1);
  expect(readdirSync(uploads).sort()).toEqual([keptFile, inFlight, foreign].sort());
  expect(readdirSync(uploads)).not.toContain(leftover);
  const download = await call(t.app, 'GET', `/v1/user-references/${kept.id}/file`, { token: patient.token });
  expect(download.status).toBe(200);

  t.clock.advance(2 * HOUR);
  expect(await t.services.documents.removeOrphanFiles()).toBe(1);
  expect(readdirSync(uploads).sort()).toEqual([keptFile, foreign].sort());
});
