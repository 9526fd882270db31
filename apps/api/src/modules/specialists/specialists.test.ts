import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DIPLOMA_MAX_BYTES, specialistApplicationSchema } from '@rozmova/contracts';
import { auditLog } from '../../db/schema.ts';
import { call, createTestApp, MINUTE, PASSWORD, PDF, sessionsOf, uniqueEmail, userRowById, type TestContext } from '../../test/harness.ts';
import { applicationProfile, quickAccount, renew, submittedApplicant, type Person } from '../../test/factories.ts';

const MY = '/v1/specialist-applications/my';
const DIPLOMA = '/v1/specialist-applications/my/diploma';
const SUBMIT = '/v1/specialist-applications/my/submit';
const ADMIN = '/v1/admin/specialist-applications';

let t: TestContext;
let admin: Person;
beforeAll(async () => {
  t = await createTestApp();
  admin = await quickAccount(t, 'admin');
});
afterAll(async () => {
  await t?.close();
});

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100, 2)]);
/** An ISO-BMFF file's first box (size, "ftyp", major brand, minor version): HEIC for `heic`, a video for `isom`. */
const ftyp = (brand: string) => {
  const box = Buffer.alloc(16);
  box.writeUInt32BE(16, 0);
  box.write(`ftyp${brand}`, 4, 'latin1');
  return Buffer.concat([box, Buffer.alloc(100, 3)]);
};

async function uploadDiploma(token: string | undefined, content: Buffer) {
  const boundary = `----rozmova${randomUUID()}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="diploma.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
  const response = await t.app.inject({
    method: 'POST',
    url: DIPLOMA,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read the JSON answer's fields directly
  return { status: response.statusCode, body: response.json() as any };
}

/** Step 1 exactly as the web app does it: the register code from the mail, then register-specialist. */
async function signUp(locale: 'uk' | 'en') {
  const email = uniqueEmail('specialist');
  expect((await call(t.app, 'POST', '/v1/verification-codes/register/send-code', { body: { email, locale } })).status).toBe(204);
  const code = await t.mail.codeFor(email);
  expect((await call(t.app, 'POST', '/v1/verification-codes/check-code', { body: { email, code, type: 'register' } })).status).toBe(200);
  const registered = await call(t.app, 'POST', '/v1/auth/register-specialist', {
    body: { email, code, password: PASSWORD, user_name: 'Марія Коваленко', locale },
  });
  expect(registered.status).toBe(201);
  return { email, token: registered.body.token as string };
}

const uploadsOnDisk = () => {
  try {
    return readdirSync(path.join(t.config.dataDir, 'uploads')).filter((name) => name.startsWith('diploma-'));
  } catch {
    return [];
  }
};

describe('specialist sign-up', () => {
  test('an applicant signs up, fills the profile, uploads a diploma and submits; an admin approves; the doctor becomes listed', async () => {
    const { email, token } = await signUp('en');
    const profile = await call(t.app, 'GET', '/v1/auth/profile', { token });
    expect(profile.body.user_role).toBe('none');

    const draft = await call(t.app, 'GET', MY, { token });
    expect(draft.status).toBe(200);
    expect(specialistApplicationSchema.parse(draft.body)).toMatchObject({ status: 'draft', diploma: null, email });

    // Until approved the applicant reaches only its application, the profile and logout.
    expect((await call(t.app, 'GET', '/v1/user-references/list-and-count-my', { token })).status).toBe(403);
    expect((await call(t.app, 'GET', `/v1/notifications/user/${profile.body.id}`, { token })).status).toBe(403);
    expect((await call(t.app, 'GET', ADMIN, { token })).status).toBe(403);
    expect((await call(t.app, 'POST', SUBMIT, { token })).status).toBe(409);

    const filled = await call(t.app, 'PUT', MY, { token, body: applicationProfile });
    expect(filled.status).toBe(200);
    expect(filled.body).toMatchObject({ name_en: 'Mariia Kovalenko', specialisations: ['psychologist'], experience_years: 7 });
    const uploaded = await uploadDiploma(token, PDF);
    expect(uploaded.status).toBe(200);
    expect(uploaded.body.diploma).toEqual({ content_type: 'application/pdf', size: PDF.length, file_name: 'diploma.pdf' });
    const submitted = await call(t.app, 'POST', SUBMIT, { token });
    expect(submitted.body.status).toBe('submitted');
    // Submitted applications are not changed by the applicant.
    expect((await call(t.app, 'PUT', MY, { token, body: applicationProfile })).status).toBe(409);
    expect((await uploadDiploma(token, PDF)).status).toBe(409);

    const queue = await call(t.app, 'GET', `${ADMIN}?status=submitted`, { token: admin.token });
    const mine = queue.body.find((a: { email: string }) => a.email === email);
    expect(mine).toMatchObject({ status: 'submitted', user_name: 'Марія Коваленко' });
    const file = await call(t.app, 'GET', `${ADMIN}/${mine.id}/diploma`, { token: admin.token });
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(Buffer.from(file.text, 'latin1').subarray(0, 5).toString()).toBe('%PDF-');
    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, admin.userId), eq(auditLog.resourceId, mine.id)));
    expect(audited.map((entry) => [entry.action, entry.resource])).toEqual([['read', 'specialist_application']]);

    const approved = await call(t.app, 'POST', `${ADMIN}/${mine.id}/approve`, { token: admin.token });
    expect(approved.status).toBe(200);
    expect(approved.body.status).toBe('approved');
    const mail = await t.mail.waitFor(email, (m) => m.subject.includes('approved'));
    expect(mail.subject).toBe('Your Rozmova application is approved');
    expect(mail.text).toContain('/doctor');

    // The applicant stays signed in: the same session is the doctor's from now on, and signing in again works too.
    const doctorProfile = await call(t.app, 'GET', '/v1/auth/profile', { token });
    expect(doctorProfile.status).toBe(200);
    expect(doctorProfile.body.user_role).toBe('doctor');
    const doctorToken = token;
    expect((await call(t.app, 'POST', '/v1/auth/login', { body: { email, password: PASSWORD } })).status).toBe(200);

    const doctorId = mine.user_id as string;
    const own = await call(t.app, 'GET', `/v1/doctors/${doctorId}`, { token: doctorToken });
    expect(own.body).toMatchObject({
      doctor_name_en: 'Mariia Kovalenko',
      specialisations: ['psychologist'],
      experience_years: 7,
      published: true,
      missing: ['hours', 'price'],
    });
    expect((await call(t.app, 'GET', `/v1/doctors/${doctorId}`)).status).toBe(404);
    const set = await call(t.app, 'PUT', `/v1/doctors/${doctorId}`, {
      token: doctorToken,
      body: { weekly_hours: [{ weekday: 1, start: '09:00', end: '17:00' }], name_en: 'Maria Kovalenko' },
    });
    expect(set.status).toBe(200);
    expect((await call(t.app, 'PUT', `/v1/doctors/${doctorId}`, { token: admin.token, body: { price: 90000 } })).status).toBe(200);
    const listed = await call(t.app, 'GET', '/v1/doctors');
    expect(listed.body.find((d: { id: string }) => d.id === doctorId)).toMatchObject({ doctor_name_en: 'Maria Kovalenko', price: 90000 });
    const found = await call(t.app, 'GET', '/v1/doctors/search?query=maria%20koval');
    expect(found.body.map((d: { id: string }) => d.id)).toContain(doctorId);
  });

  test('approval keeps the applicant signed in: the open session gains doctor powers only then, with the staff idle timeout', async () => {
    const who = await submittedApplicant(t, 'en');
    const { body } = await call(t.app, 'GET', MY, { token: who.token });
    const hours = { weekly_hours: [{ weekday: 2, start: '10:00', end: '14:00' }], price: 60000 };
    // Before the approval the session has no doctor powers.
    expect((await call(t.app, 'PUT', `/v1/doctors/${who.userId}`, { token: who.token, body: hours })).status).toBe(403);
    expect((await call(t.app, 'GET', `/v1/appointments?doctorId=${who.userId}`, { token: who.token })).status).toBe(403);
    expect((await call(t.app, 'GET', `/v1/doctors/${who.userId}`, { token: who.token })).status).toBe(404);

    expect((await call(t.app, 'POST', `${ADMIN}/${body.id}/approve`, { token: admin.token })).status).toBe(200);
    const live = (await sessionsOf(t, who.userId)).filter((session) => session.revokedAt === null);
    expect(live).toHaveLength(1);
    const profile = await call(t.app, 'GET', '/v1/auth/profile', { token: who.token });
    expect(profile.status).toBe(200);
    expect(profile.body.user_role).toBe('doctor');
    // The applicant routes are behind it (the sign-up page learns of the approval from its profile).
    expect((await call(t.app, 'GET', MY, { token: who.token })).status).toBe(403);
    const own = await call(t.app, 'GET', `/v1/doctors/${who.userId}`, { token: who.token });
    expect(own.body).toMatchObject({ published: true, missing: ['hours', 'price'] });
    const ready = await call(t.app, 'PUT', `/v1/doctors/${who.userId}`, { token: who.token, body: hours });
    expect(ready.status).toBe(200);
    expect(ready.body.missing).toEqual([]);
    expect((await call(t.app, 'GET', '/v1/doctors')).body.map((d: { id: string }) => d.id)).toContain(who.userId);

    // A doctor's session ends after 30 idle minutes, like every staff session.
    t.clock.advance(29 * MINUTE);
    expect((await call(t.app, 'GET', '/v1/auth/profile', { token: who.token })).status).toBe(200);
    t.clock.advance(30 * MINUTE);
    expect((await call(t.app, 'GET', '/v1/auth/profile', { token: who.token })).status).toBe(401);
    admin = await renew(t, admin);
  });

  test('a rejected application shows the reason, is corrected and sent again; the applicant is told in Ukrainian', async () => {
    const { email, token } = await signUp('uk');
    await call(t.app, 'PUT', MY, { token, body: applicationProfile });
    await uploadDiploma(token, PNG);
    const { body } = await call(t.app, 'POST', SUBMIT, { token });
    const rejected = await call(t.app, 'POST', `${ADMIN}/${body.id}/reject`, {
      token: admin.token,
      body: { reason: 'Диплом нечитабельний, завантажте скан краще.' },
    });
    expect(rejected.body).toMatchObject({ status: 'rejected', rejection_reason: 'Диплом нечитабельний, завантажте скан краще.' });
    const mail = await t.mail.waitFor(email);
    expect(mail.subject).toBe('Заявку в Rozmova поки не схвалено');
    expect(mail.text).toContain('Диплом нечитабельний');
    expect(mail.text).toContain('/for-specialists');

    const seen = await call(t.app, 'GET', MY, { token });
    expect(seen.body).toMatchObject({ status: 'rejected', rejection_reason: 'Диплом нечитабельний, завантажте скан краще.' });
    // A second decision on a rejected application is refused.
    expect((await call(t.app, 'POST', `${ADMIN}/${body.id}/approve`, { token: admin.token })).status).toBe(409);

    expect((await uploadDiploma(token, PDF)).status).toBe(200);
    const again = await call(t.app, 'POST', SUBMIT, { token });
    expect(again.body).toMatchObject({ status: 'submitted', rejection_reason: null });
    // The replaced diploma's file is gone: one file per application.
    const files = uploadsOnDisk();
    expect(files.length).toBe(new Set(files).size);
    expect((await userRowById(t, body.user_id))!.role).toBe('none');
  });

  test('a diploma may be HEIC, as a document may: a phone photo of it is accepted and kept as HEIC', async () => {
    const who = await quickAccount(t, 'none');
    const heic = await uploadDiploma(who.token, ftyp('heic'));
    expect(heic.status).toBe(200);
    expect(heic.body.diploma).toEqual({ content_type: 'image/heic', size: 116, file_name: 'diploma.heic' });
  });

  test('the diploma is checked from its content: other types 415, over the limit 413, nothing kept', async () => {
    const who = await quickAccount(t, 'none');
    const before = uploadsOnDisk().length;
    const video = await uploadDiploma(who.token, ftyp('isom'));
    expect(video.status).toBe(415);
    expect(video.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect((await uploadDiploma(who.token, Buffer.from('just some text, not a scan'))).status).toBe(415);
    const big = await uploadDiploma(who.token, Buffer.concat([PDF, Buffer.alloc(DIPLOMA_MAX_BYTES, 0x20)]));
    expect(big.status).toBe(413);
    expect(uploadsOnDisk().length).toBe(before);
    expect((await uploadDiploma(undefined, PDF)).status).toBe(401);
    const json = await call(t.app, 'POST', DIPLOMA, { token: who.token, body: { file: 'x' } });
    expect(json.status).toBe(415);
  });

  test("another applicant's application is out of reach; staff and patients are refused the applicant routes", async () => {
    const one = await submittedApplicant(t);
    const other = await quickAccount(t, 'none');
    const ownView = await call(t.app, 'GET', MY, { token: other.token });
    expect(ownView.body.user_id).toBe(other.userId);
    expect(ownView.body.status).toBe('draft');
    const { body } = await call(t.app, 'GET', MY, { token: one.token });
    expect((await call(t.app, 'GET', `${ADMIN}/${body.id}`, { token: other.token })).status).toBe(403);
    expect((await call(t.app, 'GET', `${ADMIN}/${body.id}/diploma`, { token: other.token })).status).toBe(403);
    for (const role of ['patient', 'doctor', 'operator'] as const) {
      const person = await quickAccount(t, role);
      expect((await call(t.app, 'GET', MY, { token: person.token })).status).toBe(403);
      expect((await call(t.app, 'GET', ADMIN, { token: person.token })).status).toBe(403);
    }
    expect((await call(t.app, 'GET', `${ADMIN}/${randomUUID()}`, { token: admin.token })).status).toBe(404);
  });

  test('register-specialist refuses a taken e-mail, a wrong code and control characters in the reason', async () => {
    const patient = await quickAccount(t, 'patient');
    const taken = await call(t.app, 'POST', '/v1/auth/register-specialist', {
      body: { email: patient.email, code: '123456', password: PASSWORD, user_name: 'Хтось' },
    });
    expect(taken.status).toBe(409);
    const email = uniqueEmail('specialist');
    await call(t.app, 'POST', '/v1/verification-codes/register/send-code', { body: { email } });
    await t.mail.codeFor(email);
    const wrong = await call(t.app, 'POST', '/v1/auth/register-specialist', {
      body: { email, code: '000000', password: PASSWORD, user_name: 'Хтось' },
    });
    expect(wrong.status).toBe(400);
    const applicant = await submittedApplicant(t);
    const { body } = await call(t.app, 'GET', MY, { token: applicant.token });
    const control = await call(t.app, 'POST', `${ADMIN}/${body.id}/reject`, { token: admin.token, body: { reason: 'bad\u0000' } });
    expect(control.status).toBe(400);
    const long = await call(t.app, 'POST', `${ADMIN}/${body.id}/reject`, { token: admin.token, body: { reason: 'x'.repeat(2001) } });
    expect(long.status).toBe(400);
  });
});

test('an applicant who removes the account takes its application and diploma with it', async () => {
  const applicant = await submittedApplicant(t);
  const { body } = await call(t.app, 'GET', MY, { token: applicant.token });
  const filesBefore = uploadsOnDisk().length;
  expect((await call(t.app, 'POST', '/v1/auth/verify-password', { token: applicant.token, body: { password: PASSWORD } })).status).toBe(
    204,
  );
  expect((await call(t.app, 'DELETE', '/v1/auth/profile', { token: applicant.token })).status).toBe(204);
  expect((await call(t.app, 'GET', `${ADMIN}/${body.id}`, { token: admin.token })).status).toBe(404);
  expect(uploadsOnDisk().length).toBe(filesBefore - 1);
});

describe('decisions at once', () => {
  test('50 approvals of one application at once: exactly one takes effect, one e-mail, one doctor', async () => {
    const applicant = await submittedApplicant(t, 'en');
    const { body } = await call(t.app, 'GET', MY, { token: applicant.token });
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => call(t.app, 'POST', `${ADMIN}/${body.id}/approve`, { token: admin.token })),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    expect((await userRowById(t, applicant.userId))!.role).toBe('doctor');
    await t.mail.waitFor(applicant.email);
    expect(t.mail.to(applicant.email)).toHaveLength(1);
  });

  test('50 approvals and rejections mixed at once: exactly one decision stands', async () => {
    const applicant = await submittedApplicant(t);
    const { body } = await call(t.app, 'GET', MY, { token: applicant.token });
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 2 === 0
          ? call(t.app, 'POST', `${ADMIN}/${body.id}/approve`, { token: admin.token })
          : call(t.app, 'POST', `${ADMIN}/${body.id}/reject`, { token: admin.token, body: { reason: 'Ні' } }),
      ),
    );
    const winners = answers.filter((a) => a.status === 200);
    expect(winners).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(49);
    const role = (await userRowById(t, applicant.userId))!.role;
    expect(role).toBe(winners[0]!.body.status === 'approved' ? 'doctor' : 'none');
  });

  test('50 submits at once: one submission, the rest refused', async () => {
    const who = await quickAccount(t, 'none');
    await call(t.app, 'PUT', MY, { token: who.token, body: applicationProfile });
    await uploadDiploma(who.token, PDF);
    const answers = await Promise.all(Array.from({ length: 50 }, () => call(t.app, 'POST', SUBMIT, { token: who.token })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.body?.code === 'APPLICATION_NOT_EDITABLE')).toHaveLength(49);
    const { body } = await call(t.app, 'GET', MY, { token: who.token });
    expect(body.status).toBe('submitted');
  });
});
