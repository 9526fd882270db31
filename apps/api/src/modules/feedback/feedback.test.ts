import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { feedbackSchema } from '@rozmova/contracts';
import { feedback as feedbackTable } from '../../db/schema.ts';
import { call, createTestApp, loginAs, registerPatient, type SignedIn, type TestContext } from '../../test/harness.ts';
import { bookableDoctor, completedConsultation, quickPatient, slotAfterClock } from '../../test/factories.ts';

const FEEDBACK = '/v1/feedback';
const one = (id: string) => `${FEEDBACK}/${id}`;
const ofUser = (id: string) => `${FEEDBACK}/user/${id}`;

let t: TestContext;
let admin: SignedIn;
beforeAll(async () => {
  t = await createTestApp({ env: { CLINIC_NAME: 'Клініка Розмова' } });
  admin = await loginAs(t.app, 'admin');
});
afterAll(async () => {
  await t?.close();
});

const quiz = (rating = 5, comment = 'Дуже допомогло') => ({ type: 'quiz', feedback_rating: rating, feedback_comment: comment });

describe('POST /v1/feedback', () => {
  test('creates with the name from the profile, the clinic from CLINIC_NAME and the patient record', async () => {
    const patient = await registerPatient(t.app, t.mail, { user_name: 'Олена Петренко' });
    const profile = await call(t.app, 'GET', '/v1/auth/profile', { token: patient.token });
    const response = await call(t.app, 'POST', FEEDBACK, { token: patient.token, body: quiz() });
    expect(response.status).toBe(201);
    expect(feedbackSchema.parse(response.body)).toMatchObject({
      type: 'quiz',
      feedback_type: 'quiz',
      feedback_rating: 5,
      feedback_comment: 'Дуже допомогло',
      feedback_user_name: 'Олена Петренко',
      feedback_clinic_name: 'Клініка Розмова',
      patient_id: profile.body.role_specific_data.patient.patientId,
      is_published: false,
    });
    // One quiz feedback per user: the second is refused, the upsert call changes it.
    const again = await call(t.app, 'POST', FEEDBACK, { token: patient.token, body: quiz(3) });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('FEEDBACK_EXISTS');
  });

  test.each([
    ['a rating of 0', { ...quiz(), feedback_rating: 0 }],
    ['a rating of 6', { ...quiz(), feedback_rating: 6 }],
    ['a rating of 4.5', { ...quiz(), feedback_rating: 4.5 }],
    ['a comment of 2001 characters', quiz(5, 'x'.repeat(2001))],
    ['an unknown type', { ...quiz(), type: 'clinic' }],
    ['doctor feedback without appointment_id', { type: 'doctor', feedback_rating: 4, doctor_id: randomUUID() }],
    ['is_anonymous that is not a boolean', { ...quiz(), is_anonymous: 'yes' }],
  ])('refuses %s with 400', async (_name, body) => {
    const patient = await registerPatient(t.app, t.mail);
    const response = await call(t.app, 'POST', FEEDBACK, { token: patient.token, body });
    expect(response.status).toBe(400);
  });

  test('anonymous callers may not leave feedback', async () => {
    expect((await call(t.app, 'POST', FEEDBACK, { body: quiz() })).status).toBe(401);
  });
});

describe('reading, publishing, changing, deleting', () => {
  let author: SignedIn;
  let other: SignedIn;
  let id: string;
  beforeAll(async () => {
    author = await registerPatient(t.app, t.mail, { user_name: 'Автор' });
    other = await registerPatient(t.app, t.mail);
    id = (await call(t.app, 'POST', FEEDBACK, { token: author.token, body: quiz(4, 'Корисно') })).body.id;
  });

  test('unpublished: the author and admins see it; others get 404 and do not list it', async () => {
    expect((await call(t.app, 'GET', one(id), { token: author.token })).status).toBe(200);
    expect((await call(t.app, 'GET', one(id), { token: admin.token })).status).toBe(200);
    expect((await call(t.app, 'GET', one(id), { token: other.token })).status).toBe(404);
    expect((await call(t.app, 'GET', one(id))).status).toBe(404);
    const publicList = await call(t.app, 'GET', `${FEEDBACK}?type=quiz`);
    expect(publicList.status).toBe(200);
    expect(publicList.body.feedback.map((f: { id: string }) => f.id)).not.toContain(id);
    const adminList = await call(t.app, 'GET', `${FEEDBACK}?type=quiz`, { token: admin.token });
    expect(adminList.body.feedback.map((f: { id: string }) => f.id)).toContain(id);
    expect(adminList.body.feedback.every((f: { type: string }) => f.type === 'quiz')).toBe(true);
    expect((await call(t.app, 'GET', `${FEEDBACK}?type=other`)).status).toBe(400);
    expect((await call(t.app, 'GET', `${FEEDBACK}?typo=quiz`)).status).toBe(400);
  });

  test('GET /v1/feedback/user/:id: that user or an admin', async () => {
    const own = await call(t.app, 'GET', `${ofUser(author.userId)}?type=quiz`, { token: author.token });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ count: 1, feedback: [{ id }] });
    expect((await call(t.app, 'GET', ofUser(author.userId), { token: admin.token })).body.count).toBe(1);
    expect((await call(t.app, 'GET', `${ofUser(author.userId)}?type=doctor`, { token: admin.token })).body.count).toBe(0);
    expect((await call(t.app, 'GET', ofUser(author.userId), { token: other.token })).status).toBe(403);
    expect((await call(t.app, 'GET', ofUser(author.userId))).status).toBe(401);
  });

  test('only an admin publishes; then everyone reads it and others still may not change it', async () => {
    expect((await call(t.app, 'PUT', one(id), { token: author.token, body: { is_published: true } })).status).toBe(403);
    const published = await call(t.app, 'PUT', one(id), { token: admin.token, body: { is_published: true } });
    expect(published.status).toBe(200);
    expect(published.body.is_published).toBe(true);
    expect((await call(t.app, 'GET', one(id))).body.feedback_comment).toBe('Корисно');
    const publicList = await call(t.app, 'GET', FEEDBACK);
    expect(publicList.body.feedback.map((f: { id: string }) => f.id)).toContain(id);
    expect(publicList.body.feedback.every((f: { is_published: boolean }) => f.is_published)).toBe(true);
    expect((await call(t.app, 'PUT', one(id), { token: other.token, body: { feedback_rating: 1 } })).status).toBe(403);
    expect((await call(t.app, 'PUT', one(id), { token: admin.token, body: { feedback_rating: 1 } })).status).toBe(403);
    expect((await call(t.app, 'DELETE', one(id), { token: other.token })).status).toBe(403);
  });

  test('the author changes rating and comment, which sends it back to moderation', async () => {
    const changed = await call(t.app, 'PUT', one(id), { token: author.token, body: { feedback_rating: 2, feedback_comment: 'Змінено' } });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ feedback_rating: 2, feedback_comment: 'Змінено', is_published: false });
    expect((await call(t.app, 'PUT', one(id), { token: author.token, body: {} })).status).toBe(400);
    expect((await call(t.app, 'PUT', one(id), { token: author.token, body: { feedback_rating: 9 } })).status).toBe(400);
    expect((await call(t.app, 'PUT', one(randomUUID()), { token: author.token, body: { feedback_rating: 3 } })).status).toBe(404);
  });

  test('the author or an admin deletes', async () => {
    expect((await call(t.app, 'DELETE', one(id), { token: other.token })).status).toBe(404);
    expect((await call(t.app, 'DELETE', one(id), { token: author.token })).status).toBe(204);
    expect((await call(t.app, 'GET', one(id), { token: author.token })).status).toBe(404);
    const second = (await call(t.app, 'POST', FEEDBACK, { token: other.token, body: quiz() })).body.id;
    expect((await call(t.app, 'DELETE', one(second), { token: admin.token })).status).toBe(204);
    expect((await call(t.app, 'DELETE', one(second), { token: admin.token })).status).toBe(404);
  });
});

describe('POST /v1/feedback/user/:id (create or update)', () => {
  test('creates (201), then updates the same one (200): one quiz feedback per user', async () => {
    const patient = await registerPatient(t.app, t.mail, { user_name: 'Іван' });
    const created = await call(t.app, 'POST', ofUser(patient.userId), { token: patient.token, body: quiz(3, 'Спершу') });
    expect(created.status).toBe(201);
    const updated = await call(t.app, 'POST', ofUser(patient.userId), { token: patient.token, body: quiz(5, 'Потім') });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id: created.body.id, feedback_rating: 5, feedback_comment: 'Потім', feedback_user_name: 'Іван' });
    const together = await Promise.all(
      [1, 2, 3].map((rating) => call(t.app, 'POST', ofUser(patient.userId), { token: patient.token, body: quiz(rating) })),
    );
    expect(together.map((r) => r.status)).toEqual([200, 200, 200]);
    const list = await call(t.app, 'GET', `${ofUser(patient.userId)}?type=quiz`, { token: patient.token });
    expect(list.body.count).toBe(1);
  });

  test("the :id must be the caller unless an admin; an admin writes in the user's name", async () => {
    const patient = await registerPatient(t.app, t.mail, { user_name: 'Марта' });
    const other = await registerPatient(t.app, t.mail);
    expect((await call(t.app, 'POST', ofUser(patient.userId), { token: other.token, body: quiz() })).status).toBe(403);
    expect((await call(t.app, 'POST', ofUser(patient.userId), { body: quiz() })).status).toBe(401);
    const byAdmin = await call(t.app, 'POST', ofUser(patient.userId), { token: admin.token, body: quiz(4) });
    expect(byAdmin.status).toBe(201);
    expect(byAdmin.body.feedback_user_name).toBe('Марта');
    expect((await call(t.app, 'POST', ofUser(randomUUID()), { token: admin.token, body: quiz() })).status).toBe(404);
  });
});

describe('account removal', () => {
  test("keeps the rating but removes the person's name from their feedback", async () => {
    const patient = await registerPatient(t.app, t.mail, { user_name: 'Ірина Бондар' });
    const created = await call(t.app, 'POST', FEEDBACK, { token: patient.token, body: quiz(4) });
    expect(created.status).toBe(201);
    expect(
      (await call(t.app, 'POST', '/v1/auth/verify-password', { token: patient.token, body: { password: patient.password } })).status,
    ).toBe(204);
    expect((await call(t.app, 'DELETE', '/v1/auth/profile', { token: patient.token })).status).toBe(204);

    const kept = await call(t.app, 'GET', one(created.body.id), { token: admin.token });
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ feedback_rating: 4, feedback_user_name: '' });
  });
});

describe('doctor reviews: only the patient of a completed consultation, one per consultation', () => {
  const review = (who: { token: string }, appointmentId: string, extra: object = {}) =>
    call(t.app, 'POST', FEEDBACK, {
      token: who.token,
      body: { type: 'doctor', feedback_rating: 5, feedback_comment: 'Уважна', appointment_id: appointmentId, ...extra },
    });

  test('a completed consultation: 201 with the doctor derived; a second review of it is 409, the upsert changes the same one', async () => {
    const doctor = await bookableDoctor(t);
    const patient = await quickPatient(t, 'Олена Петренко');
    const consultation = await completedConsultation(t, patient.userId, doctor.userId);
    const created = await review(patient, consultation);
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({
      type: 'doctor',
      doctor_id: doctor.userId,
      appointment_id: consultation,
      patient_id: patient.patientId,
      is_anonymous: false,
    });
    const again = await review(patient, consultation, { doctor_id: doctor.userId });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('FEEDBACK_EXISTS');
    const changed = await call(t.app, 'POST', ofUser(patient.userId), {
      token: patient.token,
      body: { type: 'doctor', feedback_rating: 3, appointment_id: consultation, is_anonymous: true },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ id: created.body.id, feedback_rating: 3, is_anonymous: true });
    // A second consultation with the same doctor may be reviewed too.
    const later = await completedConsultation(t, patient.userId, doctor.userId, slotAfterClock(t, 2));
    expect((await review(patient, later)).status).toBe(201);
  });

  test("refused: no consultation (404), another patient's (404), a scheduled one (403), another doctor named (400), staff (403)", async () => {
    const doctor = await bookableDoctor(t);
    const other = await bookableDoctor(t);
    const patient = await quickPatient(t);
    const stranger = await quickPatient(t);
    const consultation = await completedConsultation(t, patient.userId, doctor.userId);

    expect((await review(patient, randomUUID())).status).toBe(404);
    expect((await review(stranger, consultation)).status).toBe(404);
    const wrongDoctor = await review(patient, consultation, { doctor_id: other.userId });
    expect(wrongDoctor.status).toBe(400);
    expect(wrongDoctor.body.errors[0].path).toBe('body.doctor_id');
    expect((await review(doctor, consultation)).status).toBe(403);

    const account = await t.services.accounts.getAccount(patient.userId);
    const body = { appointment_doctorId: other.userId, appointment_patientId: patient.patientId!, appointment_date: slotAfterClock(t, 3) };
    const scheduled = (await t.services.appointments.create(account, body)).appointment.id;
    const early = await review(patient, scheduled);
    expect(early.status).toBe(403);
    expect(early.body.code).toBe('FORBIDDEN');
    const list = await call(t.app, 'GET', `${ofUser(patient.userId)}?type=doctor`, { token: patient.token });
    expect(list.body.count).toBe(0);
  });

  test('50 reviews of one consultation at once: exactly one is created', async () => {
    const doctor = await bookableDoctor(t);
    const patient = await quickPatient(t);
    const consultation = await completedConsultation(t, patient.userId, doctor.userId);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => review(patient, consultation, { feedback_rating: (i % 5) + 1 })),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    const rows = await t.database.db.select().from(feedbackTable).where(eq(feedbackTable.appointmentId, consultation));
    expect(rows).toHaveLength(1);
  });

  test('the public list and a published review show the first name only (or no name when anonymous), never ids or e-mail', async () => {
    const doctor = await bookableDoctor(t);
    const named = await quickPatient(t, 'Тарас Григоренко-Вовк');
    const hidden = await quickPatient(t, 'Леся Українка');
    const first = await review(named, await completedConsultation(t, named.userId, doctor.userId), { feedback_comment: 'Дякую' });
    const second = await review(hidden, await completedConsultation(t, hidden.userId, doctor.userId, slotAfterClock(t, 2)), {
      is_anonymous: true,
    });
    const quizAnonymous = await call(t.app, 'POST', FEEDBACK, { token: hidden.token, body: { ...quiz(4), is_anonymous: true } });
    for (const id of [first.body.id, second.body.id, quizAnonymous.body.id]) {
      expect((await call(t.app, 'PUT', one(id), { token: admin.token, body: { is_published: true } })).status).toBe(200);
    }

    const doctorView = await call(t.app, 'GET', FEEDBACK, { token: doctor.token });
    for (const list of [
      await call(t.app, 'GET', `${FEEDBACK}?type=doctor`),
      doctorView,
      await call(t.app, 'GET', FEEDBACK, { token: named.token }),
    ]) {
      const byId = new Map(list.body.feedback.map((item: { id: string }) => [item.id, item]));
      expect(byId.get(first.body.id)).toEqual({
        id: first.body.id,
        type: 'doctor',
        feedback_type: 'doctor',
        feedback_rating: 5,
        feedback_user_name: 'Тарас',
        is_anonymous: false,
        feedback_clinic_name: 'Клініка Розмова',
        feedback_comment: 'Дякую',
        doctor_id: doctor.userId,
        is_published: true,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      expect(byId.get(second.body.id)).toMatchObject({ feedback_user_name: null, is_anonymous: true });
      const text = JSON.stringify(list.body);
      for (const secret of [
        named.patientId,
        hidden.patientId,
        named.userId,
        hidden.userId,
        named.email,
        hidden.email,
        'Григоренко',
        'Леся',
        'Українка',
      ]) {
        expect(text).not.toContain(secret);
      }
    }
    expect(
      (await call(t.app, 'GET', `${FEEDBACK}?type=quiz`)).body.feedback.find((item: { id: string }) => item.id === quizAnonymous.body.id),
    ).toMatchObject({
      feedback_user_name: null,
    });
    const single = await call(t.app, 'GET', one(first.body.id));
    expect(single.body).not.toHaveProperty('patient_id');
    expect(single.body.feedback_user_name).toBe('Тарас');
    // Admins and the author still see everything.
    const adminView = await call(t.app, 'GET', one(second.body.id), { token: admin.token });
    expect(adminView.body).toMatchObject({ feedback_user_name: 'Леся Українка', patient_id: hidden.patientId, is_anonymous: true });
    expect((await call(t.app, 'GET', one(first.body.id), { token: named.token })).body.patient_id).toBe(named.patientId);
  });

  test('an unverified doctor review (written before consultations were required) cannot be published', async () => {
    const doctor = await bookableDoctor(t);
    const [legacy] = await t.database.db
      .insert(feedbackTable)
      .values({ type: 'doctor', doctorId: doctor.userId, rating: 1, userName: 'Хтось', clinicName: 'Клініка Розмова' })
      .returning();
    const publish = await call(t.app, 'PUT', one(legacy!.id), { token: admin.token, body: { is_published: true } });
    expect(publish.status).toBe(403);
    expect((await call(t.app, 'GET', `${FEEDBACK}?type=doctor`)).body.feedback.map((item: { id: string }) => item.id)).not.toContain(
      legacy!.id,
    );
  });
});
