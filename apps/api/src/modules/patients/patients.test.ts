import { createECDH, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog } from '../../db/schema.ts';
import { call, createTestApp, loginAs, PASSWORD, registerPatient, type SignedIn, type TestContext } from '../../test/harness.ts';
import { bookableDoctor, completedConsultation, quickAccount, quickPatient, slotAfterClock, type Person } from '../../test/factories.ts';

let t: TestContext;
let admin: SignedIn;
let questions: { id: string; question_answers: { id: string; value: 'A' | 'B' | 'C' }[] }[];

beforeAll(async () => {
  t = await createTestApp();
  await t.services.quiz.seedIfEmpty();
  admin = await loginAs(t.app, 'admin', { userName: 'Адмін Перевірка' });
  questions = (await call(t.app, 'GET', '/v1/quizz')).body;
});
afterAll(async () => {
  await t?.close();
});

interface Patient extends SignedIn {
  patientId: string;
  cardId: string;
}

async function newPatient(input: Parameters<typeof registerPatient>[2] = {}): Promise<Patient> {
  const signed = await registerPatient(t.app, t.mail, input);
  const profile = await call(t.app, 'GET', '/v1/auth/profile', { token: signed.token });
  const { patientId, patient_cardId } = profile.body.role_specific_data.patient;
  return { ...signed, patientId, cardId: patient_cardId };
}

/** One answer per question: the letter `pick(index)` chooses. */
const answers = (pick: (index: number) => 'A' | 'B' | 'C') =>
  questions.map((question, index) => ({
    question_id: question.id,
    answer_id: question.question_answers.find((answer) => answer.value === pick(index))!.id,
  }));

const cardUrl = (p: Patient) => `/v1/patients-cards/${p.cardId}`;
const patientUrl = (p: Patient) => `/v1/patients/${p.patientId}`;
const auditRows = (patientId: string) => t.database.db.select().from(auditLog).where(eq(auditLog.patientId, patientId));

describe('patient card: the quiz', () => {
  test('a new card is empty', async () => {
    const p = await newPatient();
    const response = await call(t.app, 'GET', cardUrl(p), { token: p.token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      patient_cardId: p.cardId,
      patient_quizz_results: [],
      patient_quizz_recommendations: [],
      patient_quizz_is_completed: false,
      patient_notes: [],
      patient_available_free_consultations: 0,
    });
  });

  test('partial answers are stored without scoring, with or without the flag', async () => {
    const p = await newPatient();
    const partial = answers(() => 'B').slice(0, 7);
    const saved = await call(t.app, 'PUT', cardUrl(p), { token: p.token, body: { patient_quizz_results: partial } });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      patient_quizz_results: partial,
      patient_quizz_is_completed: false,
      patient_quizz_recommendations: [],
    });
    const more = answers(() => 'C').slice(0, 12);
    await call(t.app, 'PUT', cardUrl(p), { token: p.token, body: { patient_quizz_results: more, patient_quizz_is_completed: false } });
    const read = await call(t.app, 'GET', cardUrl(p), { token: p.token });
    expect(read.body.patient_quizz_results).toEqual(more);
    expect(read.body.patient_notes).toEqual([]);
  });

  test('completing makes the server score it, in the patient language; what the client says about levels is ignored', async () => {
    const p = await newPatient({ locale: 'en' });
    const at = new Date('2025-03-01T10:00:00.000Z');
    t.clock.set(at);
    // 20 B and 30 C: red (B 16..34).
    const response = await call(t.app, 'PUT', cardUrl(p), {
      token: p.token,
      body: {
        patient_quizz_results: answers((index) => (index < 20 ? 'B' : 'C')),
        patient_quizz_is_completed: true,
        patient_quizz_recommendations: [{ quiz_recommendation_level: 'green', quiz_recommendation_title: 'All fine' }],
        patient_notes: [{ note_id: 'mine', note_text: 'green, A: 50, B: 0, C: 0', note_date: at.toISOString() }],
      },
    });
    expect(response.status).toBe(200);
    expect(response.body.patient_quizz_is_completed).toBe(true);
    expect(response.body.patient_quizz_recommendations).toEqual([
      {
        quiz_recommendation_date: at.toISOString(),
        quiz_recommendation_title: 'Do not be ashamed to seek help',
        quiz_recommendation_text: expect.stringContaining('7333'),
        quiz_recommendation_level: 'red',
        quiz_recommendation_score: 'A: 0, B: 20, C: 30',
      },
    ]);
    expect(response.body.patient_notes).toEqual([
      { note_id: expect.any(String), note_text: 'red, A: 0, B: 20, C: 30', note_date: at.toISOString() },
    ]);
    expect((await call(t.app, 'GET', cardUrl(p), { token: p.token })).body).toEqual(response.body);
  });

  test('a retake adds a second recommendation and note; Ukrainian for a Ukrainian patient', async () => {
    const p = await newPatient({ locale: 'uk' });
    const first = await call(t.app, 'PUT', cardUrl(p), {
      token: p.token,
      body: { patient_quizz_results: answers(() => 'A'), patient_quizz_is_completed: true },
    });
    expect(first.body.patient_quizz_recommendations[0]).toMatchObject({
      quiz_recommendation_level: 'green',
      quiz_recommendation_title: 'Приймайте свої емоції',
      quiz_recommendation_score: 'A: 50, B: 0, C: 0',
    });
    // Starting again: answers in progress, the earlier result stays.
    await call(t.app, 'PUT', cardUrl(p), {
      token: p.token,
      body: { patient_quizz_results: answers(() => 'C').slice(0, 3), patient_quizz_is_completed: false },
    });
    const second = await call(t.app, 'PUT', cardUrl(p), {
      token: p.token,
      body: { patient_quizz_results: answers((index) => (index < 10 ? 'B' : 'C')), patient_quizz_is_completed: true },
    });
    expect(second.status).toBe(200);
    expect(
      second.body.patient_quizz_recommendations.map((r: { quiz_recommendation_level: string }) => r.quiz_recommendation_level),
    ).toEqual(['green', 'yellow']);
    expect(second.body.patient_notes.map((n: { note_text: string }) => n.note_text)).toEqual([
      'green, A: 50, B: 0, C: 0',
      'yellow, A: 0, B: 10, C: 40',
    ]);
  });

  test('completing with the answers already saved scores the saved answers', async () => {
    const p = await newPatient();
    await call(t.app, 'PUT', cardUrl(p), { token: p.token, body: { patient_quizz_results: answers((index) => (index < 16 ? 'B' : 'A')) } });
    const done = await call(t.app, 'PUT', cardUrl(p), { token: p.token, body: { patient_quizz_is_completed: true } });
    expect(done.body.patient_quizz_recommendations[0].quiz_recommendation_level).toBe('red');
  });

  test('400 naming the field for missing, repeated, foreign or unknown answers; nothing is stored', async () => {
    const p = await newPatient();
    const full = answers(() => 'A');
    const otherAnswer = { question_id: full[0]!.question_id, answer_id: full[1]!.answer_id };
    const cases: [unknown[], boolean, string][] = [
      [full.slice(1), true, 'body.patient_quizz_results'],
      [[...full.slice(0, 49), full[0]!], true, 'body.patient_quizz_results.49.question_id'],
      [[otherAnswer, ...full.slice(1)], true, 'body.patient_quizz_results.0.answer_id'],
      [[{ question_id: p.cardId, answer_id: full[0]!.answer_id }], false, 'body.patient_quizz_results.0.question_id'],
      [[full[0], full[0]], false, 'body.patient_quizz_results.1.question_id'],
    ];
    for (const [results, complete, path] of cases) {
      const response = await call(t.app, 'PUT', cardUrl(p), {
        token: p.token,
        body: { patient_quizz_results: results, patient_quizz_is_completed: complete },
      });
      expect(response.status, path).toBe(400);
      expect(response.body.errors.map((error: { path: string }) => error.path)).toContain(path);
    }
    const unknownField = await call(t.app, 'PUT', cardUrl(p), { token: p.token, body: { quiz_recommendation_level: 'green' } });
    expect(unknownField.status).toBe(400);
    expect((await call(t.app, 'GET', cardUrl(p), { token: p.token })).body).toMatchObject({ patient_quizz_results: [], patient_notes: [] });
  });
});

describe('who may read and write a card', () => {
  test('another patient gets 404 for a real card and a guessed one, and changes nothing', async () => {
    const owner = await newPatient();
    const other = await newPatient();
    for (const url of [cardUrl(owner), '/v1/patients-cards/00000000-0000-4000-8000-000000000000']) {
      expect((await call(t.app, 'GET', url, { token: other.token })).status).toBe(404);
      const write = await call(t.app, 'PUT', url, {
        token: other.token,
        body: { patient_quizz_results: answers(() => 'A'), patient_quizz_is_completed: true },
      });
      expect(write.status).toBe(404);
    }
    expect((await call(t.app, 'GET', cardUrl(owner), { token: owner.token })).body.patient_quizz_recommendations).toEqual([]);
  });

  test('staff read any card, and each read is in the audit log; the owner reading is not', async () => {
    const p = await newPatient();
    await call(t.app, 'GET', cardUrl(p), { token: p.token });
    expect(await auditRows(p.patientId)).toHaveLength(0);
    const operator = await loginAs(t.app, 'operator', { userName: 'Оператор Ірина' });
    const doctor = await bookableDoctor(t, { userName: 'Лікар Андрій' });
    await completedConsultation(t, p.userId, doctor.userId);
    for (const who of [operator, doctor, admin]) expect((await call(t.app, 'GET', cardUrl(p), { token: who.token })).status).toBe(200);
    const rows = await auditRows(p.patientId);
    expect(rows.map((row) => [row.actorId, row.action, row.resource, row.resourceId])).toEqual(
      expect.arrayContaining([operator, doctor, admin].map((who) => [who.userId, 'read', 'patient_card', p.cardId])),
    );
    expect(rows).toHaveLength(3);

    const log = await call(t.app, 'GET', `/v1/admin/audit-log?patientId=${p.patientId}`, { token: admin.token });
    expect(log.status).toBe(200);
    expect(log.body.total).toBe(3);
    expect(log.body.entries.map((entry: { actor_name: string }) => entry.actor_name)).toEqual([
      'Адмін Перевірка',
      'Лікар Андрій',
      'Оператор Ірина',
    ]);
    expect(log.body.entries[2]).toEqual({
      id: expect.any(String),
      actor_id: operator.userId,
      actor_name: 'Оператор Ірина',
      actor_role: 'operator',
      action: 'read',
      resource: 'patient_card',
      resource_id: p.cardId,
      patient_id: p.patientId,
      patient_name: expect.any(String),
      created_at: expect.any(String),
    });
    const byActor = await call(t.app, 'GET', `/v1/admin/audit-log?actorId=${doctor.userId}&limit=1`, { token: admin.token });
    expect(byActor.body).toMatchObject({ total: 1, entries: [{ actor_id: doctor.userId }] });
    expect((await call(t.app, 'GET', '/v1/admin/audit-log', { token: operator.token })).status).toBe(403);
  });

  test("only an admin sets free consultations; only the owner answers; the rest (the patient's doctor too) is 403", async () => {
    const p = await newPatient();
    const operator = await loginAs(t.app, 'operator');
    const doctor = await bookableDoctor(t);
    await completedConsultation(t, p.userId, doctor.userId);
    expect((await call(t.app, 'PUT', cardUrl(p), { token: p.token, body: { patient_available_free_consultations: 5 } })).status).toBe(403);
    expect((await call(t.app, 'PUT', cardUrl(p), { token: admin.token, body: { patient_quizz_is_completed: true } })).status).toBe(403);
    for (const who of [operator, doctor]) {
      expect((await call(t.app, 'PUT', cardUrl(p), { token: who.token, body: { patient_available_free_consultations: 5 } })).status).toBe(
        403,
      );
      expect((await call(t.app, 'PUT', cardUrl(p), { token: who.token, body: { patient_quizz_results: [] } })).status).toBe(403);
    }
    const set = await call(t.app, 'PUT', cardUrl(p), { token: admin.token, body: { patient_available_free_consultations: 2 } });
    expect(set.status).toBe(200);
    expect(set.body.patient_available_free_consultations).toBe(2);
    expect((await call(t.app, 'PUT', cardUrl(p), { token: admin.token, body: { patient_available_free_consultations: -1 } })).status).toBe(
      400,
    );
    expect((await call(t.app, 'GET', cardUrl(p), { token: p.token })).body.patient_available_free_consultations).toBe(2);
    expect((await auditRows(p.patientId)).map((row) => row.action)).toEqual(['update']);
  });

  test('removing the account erases the card health data', async () => {
    const p = await newPatient();
    await call(t.app, 'PUT', cardUrl(p), {
      token: p.token,
      body: { patient_quizz_results: answers(() => 'A'), patient_quizz_is_completed: true },
    });
    expect((await call(t.app, 'POST', '/v1/auth/verify-password', { token: p.token, body: { password: PASSWORD } })).status).toBe(204);
    expect((await call(t.app, 'DELETE', '/v1/auth/profile', { token: p.token })).status).toBe(204);
    const card = await call(t.app, 'GET', cardUrl(p), { token: admin.token });
    expect(card.body).toMatchObject({
      patient_quizz_results: [],
      patient_quizz_recommendations: [],
      patient_notes: [],
      patient_quizz_is_completed: false,
    });
    const record = await call(t.app, 'GET', patientUrl(p), { token: admin.token });
    expect(record.body).toMatchObject({ user_name: '', phone: null, email: `deleted-${p.userId}@deleted.invalid` });
  });
});

describe('patient records', () => {
  test('the owner and staff read it; staff reads are audited; another patient and a guessed id get 404', async () => {
    const p = await newPatient({ user_name: 'Марта Ткачук', phone: '+380671112233' });
    const own = await call(t.app, 'GET', patientUrl(p), { token: p.token });
    expect(own.status).toBe(200);
    expect(own.body).toEqual({
      id: p.patientId,
      user_id: p.userId,
      user_name: 'Марта Ткачук',
      email: p.email,
      phone: '+380671112233',
      chat_patient_status: 'new',
      interacting_with_operator: null,
      patient_cardId: p.cardId,
      created_at: expect.any(String),
    });
    const doctor = await bookableDoctor(t);
    await completedConsultation(t, p.userId, doctor.userId);
    expect((await call(t.app, 'GET', patientUrl(p), { token: doctor.token })).body).toEqual(own.body);
    expect((await auditRows(p.patientId)).map((row) => [row.actorId, row.action, row.resource])).toEqual([
      [doctor.userId, 'read', 'patient'],
    ]);
    const other = await newPatient();
    expect((await call(t.app, 'GET', patientUrl(p), { token: other.token })).status).toBe(404);
    expect((await call(t.app, 'GET', '/v1/patients/00000000-0000-4000-8000-000000000000', { token: admin.token })).status).toBe(404);
  });

  test('PUT: the owner sets its push token; the chat fields are 400 (support routes set them); everything else 403 or 400', async () => {
    const p = await newPatient();
    const operator = await loginAs(t.app, 'operator');
    const doctor = await bookableDoctor(t);
    await completedConsultation(t, p.userId, doctor.userId);
    // The token is the device's PushSubscription as JSON text (the push module keeps it; push.test.ts checks the rules).
    const device = JSON.stringify({
      endpoint: 'https://push.rozmova.test/device-1',
      expirationTime: null,
      keys: { p256dh: createECDH('prime256v1').generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') },
    });
    const token = await call(t.app, 'PUT', patientUrl(p), { token: p.token, body: { user_push_token: device } });
    expect(token.status).toBe(200);
    expect((await call(t.app, 'GET', '/v1/auth/profile', { token: p.token })).body.user_push_token).toBe(device);

    expect((await call(t.app, 'PUT', patientUrl(p), { token: operator.token, body: { user_push_token: 'x' } })).status).toBe(403);
    const other = await newPatient();
    expect((await call(t.app, 'PUT', patientUrl(p), { token: other.token, body: { user_push_token: 'x' } })).status).toBe(404);
    expect((await call(t.app, 'PUT', patientUrl(p), { token: operator.token, body: { patient_appointmentId: 'x' } })).status).toBe(400);
    for (const [who, body] of [
      [p, { chat_patient_status: 'closed' }],
      [doctor, { chat_patient_status: 'active' }],
      [operator, { interacting_with_operator: operator.userId }],
      [admin, { interacting_with_operator: null }],
    ] as const) {
      const refused = await call(t.app, 'PUT', patientUrl(p), { token: who.token, body });
      expect(refused.status).toBe(400);
      expect(refused.body.errors[0].path).toBe(`body.${Object.keys(body)[0]}`);
    }
    expect((await call(t.app, 'GET', patientUrl(p), { token: p.token })).body).toMatchObject({
      chat_patient_status: 'new',
      interacting_with_operator: null,
    });
  });

  test('lookup finds patients by e-mail, phone or name, case-insensitively (staff only)', async () => {
    const p = await newPatient({ user_name: 'Богдана Лисенко', phone: '+380931234599' });
    const operator = await loginAs(t.app, 'operator');
    for (const criteria of [p.email.toUpperCase(), 'лисенко', '093 123 45 99', 'БОГДАНА']) {
      const found = await call(t.app, 'GET', `/v1/patients/lookup?findCriteria=${encodeURIComponent(criteria)}`, { token: operator.token });
      expect(found.status, criteria).toBe(200);
      expect(found.body.success).toBe(true);
      expect(found.body.patients.map((patient: { id: string }) => patient.id)).toContain(p.patientId);
    }
    const none = await call(t.app, 'GET', '/v1/patients/lookup?findCriteria=nobody-like-this', { token: operator.token });
    expect(none.body).toEqual({ success: false, patients: [] });
    expect((await call(t.app, 'GET', '/v1/patients/lookup?findCriteria=%25', { token: operator.token })).body.success).toBe(false);
    expect((await call(t.app, 'GET', `/v1/patients/lookup?findCriteria=${encodeURIComponent(p.email)}`, { token: p.token })).status).toBe(
      403,
    );
  });

  test('the list filters by chat status and operator, with limit and offset (operator and admin)', async () => {
    const fresh = await createTestApp();
    try {
      const operator = await loginAs(fresh.app, 'operator');
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) {
        const signed = await registerPatient(fresh.app, fresh.mail);
        ids.push((await fresh.services.accounts.getAccount(signed.userId)).patientId!);
      }
      expect((await call(fresh.app, 'POST', `/v1/patients/${ids[0]}/claim`, { token: operator.token })).body).toMatchObject({
        chat_patient_status: 'active',
        interacting_with_operator: operator.userId,
      });
      const get = (query: string) => call(fresh.app, 'GET', `/v1/patients${query}`, { token: operator.token });
      expect((await get('')).body.total).toBe(3);
      expect((await get('?chat_patient_status=active')).body.patients.map((x: { id: string }) => x.id)).toEqual([ids[0]]);
      expect((await get(`?interacting_with_operator=${operator.userId}`)).body.total).toBe(1);
      expect((await get('?interacting_with_operator=none')).body.total).toBe(2);
      expect((await get('?chat_patient_status=new&interacting_with_operator=none')).body.total).toBe(2);
      const page = await get('?limit=2&offset=2');
      expect(page.body).toMatchObject({ total: 3 });
      expect(page.body.patients).toHaveLength(1);
      expect((await get('?chat_patient_status=lost')).status).toBe(400);
      const doctor = await loginAs(fresh.app, 'doctor');
      expect((await call(fresh.app, 'GET', '/v1/patients', { token: doctor.token })).status).toBe(403);
    } finally {
      await fresh.close();
    }
  });
});

describe('a doctor sees only its own patients (a scheduled, running or completed consultation with it)', () => {
  const lookup = (who: { token: string }, criteria: string) =>
    call(t.app, 'GET', `/v1/patients/lookup?findCriteria=${encodeURIComponent(criteria)}`, { token: who.token });
  const read = (who: Person, p: Person & { cardId?: string }) =>
    Promise.all([
      call(t.app, 'GET', `/v1/patients/${p.patientId}`, { token: who.token }),
      call(t.app, 'GET', `/v1/patients-cards/${p.cardId}`, { token: who.token }),
    ]);
  async function patientWithCard(name: string): Promise<Person & { cardId: string }> {
    const p = await quickPatient(t, name);
    return { ...p, cardId: (await t.services.accounts.getAccount(p.userId)).cardId! };
  }

  test('no consultation, or only a cancelled one: 404 for record, card and their writes; a scheduled or completed one: 200', async () => {
    const p = await patientWithCard('Ганна Коваленко');
    const scheduled = await bookableDoctor(t);
    const completed = await bookableDoctor(t);
    const cancelled = await bookableDoctor(t);
    const stranger = await bookableDoctor(t);
    await completedConsultation(t, p.userId, completed.userId);
    const account = await t.services.accounts.getAccount(p.userId);
    const dropped = await t.services.appointments.create(account, {
      appointment_doctorId: cancelled.userId,
      appointment_patientId: p.patientId!,
      appointment_date: slotAfterClock(t, 2),
    });
    await t.services.appointments.modify(account, dropped.appointment.id, { appointment_status: 'canceled' });
    await t.services.appointments.create(account, {
      appointment_doctorId: scheduled.userId,
      appointment_patientId: p.patientId!,
      appointment_date: slotAfterClock(t, 3),
    });

    for (const doctor of [scheduled, completed]) {
      expect((await read(doctor, p)).map((r) => r.status)).toEqual([200, 200]);
      expect((await call(t.app, 'GET', `/v1/appointments/patient/${p.patientId}`, { token: doctor.token })).status).toBe(200);
    }
    for (const doctor of [cancelled, stranger]) {
      expect((await read(doctor, p)).map((r) => r.status)).toEqual([404, 404]);
      expect(
        (await call(t.app, 'PUT', `/v1/patients/${p.patientId}`, { token: doctor.token, body: { chat_patient_status: 'active' } })).status,
      ).toBe(404);
      expect(
        (await call(t.app, 'PUT', `/v1/patients-cards/${p.cardId}`, { token: doctor.token, body: { patient_quizz_results: [] } })).status,
      ).toBe(404);
      expect((await call(t.app, 'GET', `/v1/appointments/patient/${p.patientId}`, { token: doctor.token })).status).toBe(404);
    }
    // What the refused doctors tried is not in the log: only the reads of the patient's two doctors (record, card and
    // the appointment with it).
    expect((await auditRows(p.patientId!)).map((row) => row.actorId).sort()).toEqual(
      [scheduled, scheduled, scheduled, completed, completed, completed].map((d) => d.userId).sort(),
    );
  });

  test("a doctor's lookup finds only its own patients; an operator's finds anyone", async () => {
    const doctor = await bookableDoctor(t);
    const own = await quickPatient(t, 'Соломія Лукашук');
    const notOwn = await quickPatient(t, 'Соломія Лукашенко');
    await completedConsultation(t, own.userId, doctor.userId);
    const ids = (response: { body: { patients: { id: string }[] } }) => response.body.patients.map((x) => x.id).sort();

    expect(ids(await lookup(doctor, 'Соломія Лукаш'))).toEqual([own.patientId]);
    expect((await lookup(doctor, notOwn.email)).body).toEqual({ success: false, patients: [] });
    expect((await lookup(await bookableDoctor(t), own.email)).body).toEqual({ success: false, patients: [] });
    const operator = await quickAccount(t, 'operator');
    expect(ids(await lookup(operator, 'Соломія Лукаш'))).toEqual([own.patientId, notOwn.patientId].sort());
  });

  test('every lookup and list is audited: the action and each patient returned, never the search text', async () => {
    const operator = await quickAccount(t, 'operator');
    const p = await quickPatient(t, 'Ярема Шевчук');
    expect((await lookup(operator, 'Ярема Шевч')).body.patients).toHaveLength(1);
    expect((await lookup(operator, 'nobody-like-this-at-all')).body.success).toBe(false);
    const listed = await call(t.app, 'GET', '/v1/patients?limit=100', { token: operator.token });
    expect(listed.body.patients.map((x: { id: string }) => x.id)).toContain(p.patientId);

    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.actorId, operator.userId));
    expect(rows.filter((row) => row.patientId === p.patientId).map((row) => [row.action, row.resource, row.resourceId])).toEqual(
      expect.arrayContaining([
        ['lookup', 'patient', p.patientId],
        ['list', 'patient', p.patientId],
      ]),
    );
    expect(rows.filter((row) => row.action === 'lookup')).toHaveLength(1);
    expect(rows.filter((row) => row.action === 'list')).toHaveLength(listed.body.patients.length);
    expect(JSON.stringify(rows)).not.toContain('Ярема');
  });
});
