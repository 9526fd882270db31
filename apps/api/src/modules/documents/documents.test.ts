import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DOCUMENT_MAX_BYTES, DOCUMENTS_PER_PATIENT, userReferenceSchema } from '@rozmova/contracts';
import { auditLog, patients, userReferences } from '../../db/schema.ts';
import { uploadDocument } from '../../test/factories.ts';
import { call, createTestApp, loginAs, PASSWORD, PDF, registerPatient, type SignedIn, type TestContext } from '../../test/harness.ts';
import { detectFileType } from '../../lib/file-type.ts';

const LIST = '/v1/user-references/list-and-count-my';
const CREATE = '/v1/user-references/create-my';
const one = (id: string) => `/v1/user-references/${id}`;

let t: TestContext;
let uploads: string;
beforeAll(async () => {
  t = await createTestApp();
  uploads = path.join(t.config.dataDir, 'uploads');
});
afterAll(async () => {
  await t?.close();
});

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100, 1)]);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100, 2)]);
const ftyp = (major: string, compatible: string[] = []) => {
  const box = Buffer.alloc(16 + 4 * compatible.length);
  box.writeUInt32BE(box.length, 0);
  box.write('ftyp', 4, 'latin1');
  box.write(major, 8, 'latin1');
  compatible.forEach((brand, i) => box.write(brand, 16 + 4 * i, 'latin1'));
  return Buffer.concat([box, Buffer.alloc(100, 3)]);
};
const HEIC = ftyp('heic', ['mif1', 'heic']);

const upload = (who: SignedIn | undefined, content: Buffer, options: Parameters<typeof uploadDocument>[3] = {}) =>
  uploadDocument(t, who, content, options);

const filesOnDisk = () => {
  try {
    return readdirSync(uploads).sort();
  } catch {
    return [];
  }
};
const patientIdOf = async (who: SignedIn) =>
  (await t.database.db.select({ id: patients.id }).from(patients).where(eq(patients.userId, who.userId)))[0]!.id;
const storageKeyOf = async (id: string) =>
  (await t.database.db.select({ key: userReferences.storageKey }).from(userReferences).where(eq(userReferences.id, id)))[0]?.key;

describe('file type from the content', () => {
  test.each([
    ['PDF', PDF, 'application/pdf'],
    ['JPEG', JPEG, 'image/jpeg'],
    ['PNG', PNG, 'image/png'],
    ['HEIC', HEIC, 'image/heic'],
    ['HEIF (mif1)', ftyp('mif1'), 'image/heif'],
    ['HEIC as a compatible brand', ftyp('msf1', ['hevc']), 'image/heic'],
  ])('%s', (_name, bytes, type) => {
    expect(detectFileType(bytes)?.contentType).toBe(type);
  });

  test.each([
    ['a Windows executable', Buffer.from('MZ\x90\x00\x03\x00\x00\x00')],
    ['an ELF executable', Buffer.from('\x7fELF\x02\x01\x01\x00', 'latin1')],
    ['an MP4 video', ftyp('isom', ['mp42'])],
    ['text', Buffer.from('hello, this is not a PDF')],
    ['nothing', Buffer.alloc(0)],
    ['a PDF prefix cut short', Buffer.from('%PDF')],
  ])('refuses %s', (_name, bytes) => {
    expect(detectFileType(bytes)).toBeUndefined();
  });
});

describe('POST /v1/user-references/create-my', () => {
  test('stores a PDF under its name with the extension of its content and answers 201 { userReference }', async () => {
    const patient = await registerPatient(t.app, t.mail);
    const response = await upload(patient, PDF, { filename: 'my scan.exe', contentType: 'application/x-msdownload' });
    expect(response.status).toBe(201);
    const reference = userReferenceSchema.parse(response.body.userReference);
    expect(reference).toMatchObject({
      file: encodeURIComponent('my scan.pdf'),
      patient_id: await patientIdOf(patient),
      status: 'new',
      content_type: 'application/pdf',
      size: PDF.length,
    });
    const key = await storageKeyOf(reference.id);
    expect(readFileSync(path.join(uploads, key!))).toEqual(PDF);
  });

  test.each([
    ['JPEG', JPEG, 'image/jpeg', 'jpg'],
    ['PNG', PNG, 'image/png', 'png'],
    ['HEIC', HEIC, 'image/heic', 'heic'],
  ])('accepts %s, the extension from the content, not the name', async (_name, bytes, type, extension) => {
    const patient = await registerPatient(t.app, t.mail);
    const response = await upload(patient, bytes, { filename: 'photo.pdf' });
    expect(response.status).toBe(201);
    expect(response.body.userReference.content_type).toBe(type);
    expect(decodeURIComponent(response.body.userReference.file)).toBe(`photo.${extension}`);
  });

  test.each([
    ['MZ (Windows executable)', Buffer.concat([Buffer.from('MZ\x90\x00', 'latin1'), Buffer.alloc(500)])],
    ['\\x7fELF (Linux executable)', Buffer.concat([Buffer.from('\x7fELF\x02\x01\x01', 'latin1'), Buffer.alloc(500)])],
    ['an HTML page', Buffer.from('<html><script>alert(1)</script></html>')],
    ['an empty file', Buffer.alloc(0)],
  ])('refuses %s named .pdf with 415 and keeps nothing', async (_name, bytes) => {
    const patient = await registerPatient(t.app, t.mail);
    const before = filesOnDisk();
    const response = await upload(patient, bytes, { filename: 'report.pdf', contentType: 'application/pdf' });
    expect(response.status).toBe(415);
    expect(response.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(filesOnDisk()).toEqual(before);
    expect((await call(t.app, 'GET', LIST, { token: patient.token })).body.count).toBe(0);
  });

  test('a file of exactly 20 MB is accepted; 21 MB is refused with 413 and leaves no partial file', async () => {
    const patient = await registerPatient(t.app, t.mail);
    const exact = Buffer.concat([PDF.subarray(0, 9), Buffer.alloc(DOCUMENT_MAX_BYTES - 9, 0x41)]);
    const accepted = await upload(patient, exact);
    expect(accepted.status).toBe(201);
    expect(accepted.body.userReference.size).toBe(DOCUMENT_MAX_BYTES);

    const before = filesOnDisk();
    const big = Buffer.concat([PDF.subarray(0, 9), Buffer.alloc(21 * 1024 * 1024, 0x41)]);
    const refused = await upload(patient, big);
    expect(refused.status).toBe(413);
    expect(refused.body.code).toBe('PAYLOAD_TOO_LARGE');
    expect(filesOnDisk()).toEqual(before);
    expect((await call(t.app, 'GET', LIST, { token: patient.token })).body.count).toBe(1);
  });

  test.each([
    ['../../etc/passwd.pdf', 'passwd.pdf'],
    ['..\\..\\windows\\system32\\evil.pdf', 'evil.pdf'],
    ['/etc/cron.d/job.pdf', 'job.pdf'],
    ['evil\u0000.pdf', 'evil.pdf'],
    ['\u202Efdp.exe', 'fdp.pdf'],
    ['Докум\u0435нт 🙂 \u200B\uFEFF.pdf', 'Документ 🙂.pdf'],
    ['%2e%2e%2fescape.pdf', '%2e%2e%2fescape.pdf'],
  ])('the name %j cannot influence where bytes are written; it is kept as %j', async (filename, kept) => {
    const patient = await registerPatient(t.app, t.mail);
    const before = filesOnDisk();
    const response = await upload(patient, PDF, { filename });
    expect(response.status).toBe(201);
    const after = filesOnDisk();
    const added = after.filter((name) => !before.includes(name));
    expect(added).toEqual([await storageKeyOf(response.body.userReference.id)]);
    expect(added[0]).toMatch(/^document-[0-9a-f-]{36}$/);
    // Nothing outside the folder: the data directory holds only what it held.
    expect(readdirSync(path.dirname(uploads)).sort()).toEqual(
      readdirSync(path.dirname(uploads))
        .sort()
        .filter((n) => !n.includes('passwd')),
    );
    expect(decodeURIComponent(response.body.userReference.file)).toBe(kept);
  });

  test('a name with nothing left in it becomes "Документ" with the Kyiv date and time', async () => {
    const patient = await registerPatient(t.app, t.mail);
    t.clock.set(new Date('2026-11-22T12:05:30Z'));
    const response = await upload(patient, PDF, { filename: '\u202E...' });
    expect(response.status).toBe(201);
    expect(response.body.userReference.file).toBe(encodeURIComponent('Документ 22.11.2026 14-05.pdf'));
  });

  test(`the ${DOCUMENTS_PER_PATIENT + 1}st document is refused with 409 DOCUMENT_LIMIT_REACHED`, async () => {
    const patient = await registerPatient(t.app, t.mail);
    const patientId = await patientIdOf(patient);
    await t.database.db.insert(userReferences).values(
      Array.from({ length: DOCUMENTS_PER_PATIENT - 1 }, (_, i) => ({
        patientId,
        fileName: `seed-${i}.pdf`,
        storageKey: `document-${randomUUID()}`,
        contentType: 'application/pdf',
        size: 1,
      })),
    );
    const hundredth = await upload(patient, PDF);
    expect(hundredth.status).toBe(201);
    const before = filesOnDisk();
    const refused = await upload(patient, PDF);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('DOCUMENT_LIMIT_REACHED');
    expect(filesOnDisk()).toEqual(before);
    // Deleting one makes room again.
    expect((await call(t.app, 'DELETE', `${one(hundredth.body.userReference.id)}/my`, { token: patient.token })).status).toBe(200);
    expect((await upload(patient, PDF)).status).toBe(201);
  });

  test('bodies that are not a multipart file are 4xx', async () => {
    const patient = await registerPatient(t.app, t.mail);
    const json = await call(t.app, 'POST', CREATE, { token: patient.token, body: { file: 'x' } });
    expect(json.status).toBe(415);
    const wrongField = await upload(patient, PDF, { field: 'document' });
    expect(wrongField.status).toBe(400);
    // A body that stops inside the file, and a multipart body without its boundary.
    const broken: [contentType: string, payload: string][] = [
      [
        'multipart/form-data; boundary=abc',
        '--abc\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4 and then the body stops',
      ],
      ['multipart/form-data', 'whatever'],
    ];
    for (const [contentType, payload] of broken) {
      const headers = { authorization: `Bearer ${patient.token}`, 'content-type': contentType };
      const answer = await t.app.inject({ method: 'POST', url: CREATE, headers, payload });
      expect(answer.statusCode, contentType).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode, contentType).toBeLessThan(500);
    }
    expect((await call(t.app, 'GET', LIST, { token: patient.token })).body.count).toBe(0);
  });

  test('staff and anonymous callers cannot upload', async () => {
    expect((await upload(undefined, PDF)).status).toBe(401);
    expect((await upload(await loginAs(t.app, 'doctor'), PDF)).status).toBe(403);
    expect((await upload(await loginAs(t.app, 'operator'), PDF)).status).toBe(403);
    // An admin passes the role check but has no documents of its own.
    expect((await upload(await loginAs(t.app, 'admin'), PDF)).status).toBe(403);
  });
});

describe('list, download, status, delete', () => {
  let owner: SignedIn;
  let other: SignedIn;
  let admin: SignedIn;
  let first: string;
  let second: string;
  beforeAll(async () => {
    owner = await registerPatient(t.app, t.mail);
    other = await registerPatient(t.app, t.mail);
    admin = await loginAs(t.app, 'admin');
    t.clock.set(new Date('2026-01-10T08:00:00Z'));
    first = (await upload(owner, PDF, { filename: 'test.pdf' })).body.userReference.id;
    t.clock.set(new Date('2026-01-10T09:30:00Z'));
    second = (await upload(owner, PNG, { filename: 'Знімок легень 🙂.png', contentType: 'image/png' })).body.userReference.id;
  });

  test('the owner lists its documents under their names, newest first, with the count', async () => {
    const response = await call(t.app, 'GET', LIST, { token: owner.token });
    expect(response.status).toBe(200);
    expect(response.body.count).toBe(2);
    expect(response.body.userReferences.map((r: { id: string; file: string }) => [r.id, decodeURIComponent(r.file)])).toEqual([
      [second, 'Знімок легень 🙂.png'],
      [first, 'test.pdf'],
    ]);
    const others = await call(t.app, 'GET', LIST, { token: other.token });
    expect(others.body).toEqual({ userReferences: [], count: 0 });
  });

  test('download gives the bytes, the detected type, an attachment name and nosniff', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${one(second)}/file`, headers: { authorization: `Bearer ${owner.token}` } });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload).toEqual(PNG);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="document.png"; filename*=UTF-8''${encodeURIComponent('Знімок легень 🙂.png')}`,
    );
    const pdf = await call(t.app, 'GET', `${one(first)}/file`, { token: owner.token });
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="test.pdf"; filename*=UTF-8''test.pdf`);
  });

  test('?disposition=inline shows the file under its name; another value is 400', async () => {
    const inline = await call(t.app, 'GET', `${one(first)}/file?disposition=inline`, { token: owner.token });
    expect(inline.status).toBe(200);
    expect(inline.headers['content-type']).toBe('application/pdf');
    expect(inline.headers['content-disposition']).toBe(`inline; filename="test.pdf"; filename*=UTF-8''test.pdf`);
    const refused = await call(t.app, 'GET', `${one(first)}/file?disposition=render`, { token: owner.token });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0]).toMatchObject({ path: 'querystring.disposition', code: 'INVALID_VALUE' });
  });

  test('another patient gets 404 for download, status, delete; its list never shows them', async () => {
    for (const [method, url, body] of [
      ['GET', `${one(first)}/file`, undefined],
      ['GET', `${one(first)}/file?disposition=inline`, undefined],
      ['PATCH', one(first), { status: 'reviewed' }],
      ['DELETE', `${one(first)}/my`, undefined],
    ] as const) {
      const response = await call(t.app, method, url, { token: other.token, body });
      expect(response.status, `${method} ${url}`).toBe(404);
    }
    expect((await call(t.app, 'GET', `${one(randomUUID())}/file`, { token: owner.token })).status).toBe(404);
    expect((await call(t.app, 'GET', LIST, { token: owner.token })).body.count).toBe(2);
  });

  test('the owner may not set the status (403); a doctor without the patient gets 404; an operator reads, never reviews', async () => {
    expect((await call(t.app, 'PATCH', one(first), { token: owner.token, body: { status: 'reviewed' } })).status).toBe(403);
    const doctor = await loginAs(t.app, 'doctor');
    expect((await call(t.app, 'PATCH', one(first), { token: doctor.token, body: { status: 'reviewed' } })).status).toBe(404);
    expect((await call(t.app, 'GET', `${one(first)}/file`, { token: doctor.token })).status).toBe(404);
    const patientId = await patientIdOf(owner);
    expect((await call(t.app, 'GET', `/v1/patients/${patientId}/user-references`, { token: doctor.token })).status).toBe(404);

    const operator = await loginAs(t.app, 'operator');
    expect((await call(t.app, 'GET', `${one(first)}/file`, { token: operator.token })).status).toBe(200);
    const listed = await call(t.app, 'GET', `/v1/patients/${patientId}/user-references`, { token: operator.token });
    expect(listed.status).toBe(200);
    expect(listed.body.userReferences.find((r: { id: string }) => r.id === first)?.file).toBe('test.pdf');
    expect((await call(t.app, 'PATCH', one(first), { token: operator.token, body: { status: 'reviewed' } })).status).toBe(403);
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.actorId, operator.userId));
    expect(entries.map((e) => [e.action, e.patientId])).toEqual(
      expect.arrayContaining([
        ['read', patientId],
        ['list', patientId],
      ]),
    );
  });

  test('an admin downloads and reviews, and each access is in the audit log', async () => {
    const patientId = await patientIdOf(owner);
    const download = await t.app.inject({ method: 'GET', url: `${one(first)}/file`, headers: { authorization: `Bearer ${admin.token}` } });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload).toEqual(PDF);
    const patched = await call(t.app, 'PATCH', one(first), { token: admin.token, body: { status: 'reviewed' } });
    expect(patched.status).toBe(200);
    expect(patched.body.userReference).toMatchObject({ id: first, status: 'reviewed' });
    const invalid = await call(t.app, 'PATCH', one(first), { token: admin.token, body: { status: 'done' } });
    expect(invalid.status).toBe(400);
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, admin.userId), eq(auditLog.resourceId, first)));
    expect(entries.map((e) => [e.action, e.resource, e.patientId]).sort()).toEqual([
      ['read', 'user_reference', patientId],
      ['update', 'user_reference', patientId],
    ]);
    const listed = await call(t.app, 'GET', LIST, { token: owner.token });
    expect(listed.body.userReferences.find((r: { id: string }) => r.id === first).status).toBe('reviewed');
  });

  test('the owner deletes: the row and the file are gone', async () => {
    const key = await storageKeyOf(second);
    expect(filesOnDisk()).toContain(key);
    const response = await call(t.app, 'DELETE', `${one(second)}/my`, { token: owner.token });
    expect(response.status).toBe(200);
    expect(response.body.userReference.id).toBe(second);
    expect(filesOnDisk()).not.toContain(key);
    expect(await storageKeyOf(second)).toBeUndefined();
    expect((await call(t.app, 'DELETE', `${one(second)}/my`, { token: owner.token })).status).toBe(404);
    expect((await call(t.app, 'GET', `${one(second)}/file`, { token: owner.token })).status).toBe(404);
  });
});

test('removing the account deletes its documents and their files', async () => {
  const patient = await registerPatient(t.app, t.mail);
  const ids = [(await upload(patient, PDF)).body.userReference.id, (await upload(patient, JPEG)).body.userReference.id];
  const keys = await Promise.all(ids.map(storageKeyOf));
  expect(filesOnDisk()).toEqual(expect.arrayContaining(keys));
  expect((await call(t.app, 'POST', '/v1/auth/verify-password', { token: patient.token, body: { password: PASSWORD } })).status).toBe(204);
  expect((await call(t.app, 'DELETE', '/v1/auth/profile', { token: patient.token })).status).toBe(204);
  for (const id of ids) expect(await storageKeyOf(id)).toBeUndefined();
  for (const key of keys) expect(filesOnDisk()).not.toContain(key);
});
