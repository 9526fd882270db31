import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { auditLog } from '../../db/schema.ts';
import { patientNotes } from '../../db/schema-staff.ts';
import {
  BASE,
  bookableDoctor,
  bookFor,
  completedConsultation,
  quickAccount,
  quickPatient,
  slotAt,
  type Person,
} from '../../test/factories.ts';
import { call, createTestApp, PDF, type TestContext } from '../../test/harness.ts';

let t: TestContext;
let doctor: Person;
let colleague: Person;
let stranger: Person;
let patient: Person;
let admin: Person;
let operator: Person;
let applicant: Person;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(BASE);
  [doctor, colleague, stranger] = await Promise.all([bookableDoctor(t), bookableDoctor(t), bookableDoctor(t)]);
  patient = await quickPatient(t, 'Олена Коваль');
  admin = await quickAccount(t, 'admin');
  operator = await quickAccount(t, 'operator');
  applicant = await quickAccount(t, 'none');
  // A completed consultation with the colleague and a scheduled one with the doctor: both are the patient's doctors.
  await completedConsultation(t, patient.userId, colleague.userId, slotAt(1, 9));
  expect((await bookFor(t, patient, doctor, slotAt(2, 10))).status).toBe(201);
});
afterAll(() => t?.close());
beforeEach(() => t.clock.set(BASE));

const notesUrl = (who: Person) => `/v1/patients/${who.patientId}/notes`;
const write = (as: Person, text: string, about = patient) => call(t.app, 'POST', notesUrl(about), { token: as.token, body: { text } });
const read = (as: Person, about = patient) => call(t.app, 'GET', notesUrl(about), { token: as.token });
const noteRows = async () => t.database.db.select().from(patientNotes).where(eq(patientNotes.patientId, patient.patientId!));
const auditRows = (actor: Person, action: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.actorId, actor.userId), eq(auditLog.resource, 'patient_note'), eq(auditLog.action, action)));

describe('doctors’ notes on a patient', () => {
  test('a doctor of the patient writes a note; the other doctor of the patient reads it with the author; both accesses are audited', async () => {
    const written = await write(doctor, 'Тривога вечорами.\nСон покращився.');
    expect(written.status).toBe(201);
    expect(written.body).toMatchObject({
      text: 'Тривога вечорами.\nСон покращився.',
      author_id: doctor.userId,
      patient_id: patient.patientId,
    });

    const seen = await read(colleague);
    expect(seen.status).toBe(200);
    expect(seen.body.notes).toContainEqual(
      expect.objectContaining({ id: written.body.id, author_name: expect.stringMatching(/^Др\. Ірина/) }),
    );
    expect(await auditRows(doctor, 'update')).toHaveLength(1);
    expect((await auditRows(colleague, 'read')).map((row) => row.patientId)).toEqual([patient.patientId]);
  });

  test('the patient never reads the notes, an operator and an applicant may not, another doctor is told the patient does not exist', async () => {
    await write(doctor, 'Лише для лікарів');
    for (const who of [patient, operator, applicant]) {
      expect((await read(who)).status).toBe(403);
      expect((await write(who, 'Спроба')).status).toBe(403);
    }
    for (const response of [await read(stranger), await write(stranger, 'Спроба')]) {
      expect(response.status).toBe(404);
      expect(response.text).not.toContain('Лише для лікарів');
    }
    expect(await auditRows(stranger, 'read')).toHaveLength(0);
    expect((await noteRows()).map((row) => row.text)).not.toContain('Спроба');
  });

  test('an admin reads the notes (audited) but does not write them', async () => {
    expect((await read(admin)).status).toBe(200);
    expect(await auditRows(admin, 'read')).toHaveLength(1);
    expect((await write(admin, 'Адмін')).status).toBe(403);
  });

  test('a note of 5,000 characters is kept; 5,001, an empty one and control characters are refused and store nothing', async () => {
    const before = (await noteRows()).length;
    expect((await write(doctor, 'я'.repeat(5000))).status).toBe(201);
    for (const text of ['я'.repeat(5001), '   ', 'a\u001b[31mb', 'a\u202eb']) {
      const refused = await write(doctor, text);
      expect(refused.status).toBe(400);
      expect(refused.body.errors[0].path).toBe('body.text');
    }
    expect((await noteRows()).length).toBe(before + 1);
  });

  test('an unknown patient id is 404 and a malformed one 400, never 500', async () => {
    expect((await call(t.app, 'GET', '/v1/patients/00000000-0000-4000-8000-000000000000/notes', { token: admin.token })).status).toBe(404);
    expect((await call(t.app, 'GET', '/v1/patients/not-an-id/notes', { token: doctor.token })).status).toBe(400);
  });

  test('50 notes written at once are all stored, each once, and all read back', async () => {
    const before = (await noteRows()).length;
    const texts = Array.from({ length: 50 }, (_, i) => `Одночасна нотатка ${i}`);
    const answers = await Promise.all(texts.map((text, i) => write(i % 2 === 0 ? doctor : colleague, text)));
    expect(answers.map((answer) => answer.status)).toEqual(texts.map(() => 201));
    expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(50);
    expect((await noteRows()).length).toBe(before + 50);
    const listed = (await read(doctor)).body.notes.map((note: { text: string }) => note.text);
    expect(listed).toEqual(expect.arrayContaining(texts));
  });
});

describe('My patients', () => {
  const listOf = (as: Person, doctorId: string, query: Record<string, string> = {}) =>
    call(t.app, 'GET', `/v1/doctors/${doctorId}/patients?${new URLSearchParams(query)}`, { token: as.token });

  test('a doctor lists the patients of its scheduled, running and completed consultations, not cancelled ones or other doctors’', async () => {
    const own = await bookableDoctor(t);
    const scheduled = await quickPatient(t, 'Андрій Запланований');
    const completed = await quickPatient(t, 'Богдана Завершена');
    const cancelled = await quickPatient(t, 'Віктор Скасований');
    const elsewhere = await quickPatient(t, 'Галина Чужа');
    expect((await bookFor(t, scheduled, own, slotAt(3, 10))).status).toBe(201);
    await completedConsultation(t, completed.userId, own.userId, slotAt(1, 12));
    const toCancel = await bookFor(t, cancelled, own, slotAt(4, 10));
    const cancelledNow = await call(t.app, 'PUT', `/v1/appointments/${toCancel.body.id}`, {
      token: cancelled.token,
      body: { appointment_status: 'canceled' },
    });
    expect(cancelledNow.status).toBe(200);
    expect((await bookFor(t, elsewhere, stranger, slotAt(5, 10))).status).toBe(201);

    const list = await listOf(own, own.userId);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ total: 2, page: 1, page_size: 20 });
    expect(list.body.patients.map((p: { user_name: string }) => p.user_name)).toEqual(['Андрій Запланований', 'Богдана Завершена']);

    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, own.userId), eq(auditLog.action, 'list'), eq(auditLog.resource, 'patient')));
    expect(audited.map((row) => row.patientId).sort()).toEqual([scheduled.patientId, completed.patientId].sort());
  });

  test('searches by name, e-mail and phone among its own patients only', async () => {
    const own = await bookableDoctor(t);
    const olha = await quickPatient(t, 'Ольга Шевчук');
    const petro = await quickPatient(t, 'Петро Іваненко');
    await t.services.accounts.updateProfile(petro.userId, { phone: '+380671112233' });
    const outsider = await quickPatient(t, 'Ольга Стороння');
    expect((await bookFor(t, olha, own, slotAt(3, 11))).status).toBe(201);
    expect((await bookFor(t, petro, own, slotAt(3, 12))).status).toBe(201);
    expect((await bookFor(t, outsider, stranger, slotAt(3, 13))).status).toBe(201);

    const names = async (query: string) =>
      (await listOf(own, own.userId, { query })).body.patients.map((p: { user_name: string }) => p.user_name);
    expect(await names('ольга')).toEqual(['Ольга Шевчук']);
    expect(await names(olha.email.toUpperCase())).toEqual(['Ольга Шевчук']);
    expect(await names('067 111')).toEqual(['Петро Іваненко']);
    expect(await names('Стороння')).toEqual([]);
  });

  test('pages of 20 by name', async () => {
    const own = await bookableDoctor(t);
    const many = await Promise.all(Array.from({ length: 21 }, (_, i) => quickPatient(t, `Пацієнт ${String(i).padStart(2, '0')}`)));
    for (const [i, who] of many.entries())
      expect((await bookFor(t, who, own, slotAt(6 + Math.floor(i / 10), 6 + (i % 10)))).status).toBe(201);
    const first = await listOf(own, own.userId);
    const second = await listOf(own, own.userId, { page: '2' });
    expect(first.body.total).toBe(21);
    expect(first.body.patients).toHaveLength(20);
    expect(second.body.patients.map((p: { user_name: string }) => p.user_name)).toEqual(['Пацієнт 20']);
  });

  test('another doctor’s list is 403 to a doctor; an admin reads any doctor’s; others may not; bad input is 400', async () => {
    expect((await listOf(stranger, doctor.userId)).status).toBe(403);
    const byAdmin = await listOf(admin, doctor.userId);
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.patients.map((p: { id: string }) => p.id)).toEqual([patient.patientId]);
    for (const who of [patient, operator, applicant]) expect((await listOf(who, doctor.userId)).status).toBe(403);
    expect((await listOf(doctor, doctor.userId, { page: '0' })).status).toBe(400);
    expect((await listOf(doctor, doctor.userId, { query: 'a\u0000b' })).status).toBe(400);
    expect((await listOf(doctor, doctor.userId, { query: 'я'.repeat(255) })).status).toBe(400);
    expect((await listOf(doctor, doctor.userId, { sort: 'name' })).status).toBe(400);
  });
});

describe('the patient’s documents from the doctor console', () => {
  test('a doctor of the patient marks a document reviewed; a doctor who is not gets 404 and the status stays', async () => {
    const uploaded = await t.services.documents.upload(await t.services.accounts.getAccount(patient.userId), Readable.from([PDF]));
    const patch = (as: Person, status: string) =>
      call(t.app, 'PATCH', `/v1/user-references/${uploaded.id}`, { token: as.token, body: { status } });
    const refused = await patch(stranger, 'reviewed');
    expect(refused.status).toBe(404);
    const listed = await call(t.app, 'GET', `/v1/patients/${patient.patientId}/user-references`, { token: colleague.token });
    expect(listed.body.userReferences.find((d: { id: string }) => d.id === uploaded.id)?.status).toBe('new');
    expect((await patch(colleague, 'reviewed')).status).toBe(200);
    const after = await call(t.app, 'GET', `/v1/patients/${patient.patientId}/user-references`, { token: doctor.token });
    expect(after.body.userReferences.find((d: { id: string }) => d.id === uploaded.id)?.status).toBe('reviewed');
  });
});
