import { afterAll, describe, expect, test } from 'vitest';
import { call, createTestApp } from '../../test/harness.ts';
import { bookableDoctor, completedConsultation, quickAccount, quickPatient, slotAfterClock, type Person } from '../../test/factories.ts';

const t = await createTestApp();
afterAll(() => t.close());

const published = (query = '', who?: Person) => call(t.app, 'GET', `/v1/feedback/published${query}`, { token: who?.token });

/** A patient's review of a completed consultation; published by an admin when asked. */
async function review(userName: string, comment: string, options: { anonymous?: boolean; publish?: boolean; days?: number } = {}) {
  const patient = await quickPatient(t, userName);
  const doctor = await bookableDoctor(t);
  const appointmentId = await completedConsultation(t, patient.userId, doctor.userId, slotAfterClock(t, options.days ?? 1));
  const body = {
    type: 'doctor',
    feedback_rating: 5,
    feedback_comment: comment,
    appointment_id: appointmentId,
    is_anonymous: options.anonymous,
  };
  const created = await call(t.app, 'POST', '/v1/feedback', { token: patient.token, body });
  expect(created.status).toBe(201);
  if (options.publish !== false) {
    const admin = await quickAccount(t, 'admin');
    expect((await call(t.app, 'PUT', `/v1/feedback/${created.body.id}`, { token: admin.token, body: { is_published: true } })).status).toBe(
      200,
    );
  }
  return created.body.id as string;
}

describe('GET /v1/feedback/published', () => {
  test('published reviews only, by first name or anonymous, newest first; the same view for an admin', async () => {
    await review('Олена Петренко', 'Дуже допомогло', { days: 1 });
    await review('Марко Іваненко', 'Спокійно і по суті', { days: 2, anonymous: true });
    await review('Тарас Шевчук', 'Ще не перевірено', { days: 3, publish: false });
    const response = await published();
    expect(response.status).toBe(200);
    expect(
      response.body.feedback.map((f: { feedback_user_name: string | null; feedback_comment: string }) => [
        f.feedback_user_name,
        f.feedback_comment,
      ]),
    ).toEqual([
      [null, 'Спокійно і по суті'],
      ['Олена', 'Дуже допомогло'],
    ]);
    expect(response.text).not.toContain('Петренко');
    expect(response.text).not.toContain('Ще не перевірено');
    const asAdmin = await published('', await quickAccount(t, 'admin'));
    expect(asAdmin.body).toEqual(response.body);
  });

  test('limit: at most that many; out of range is 400', async () => {
    expect((await published('?limit=1')).body.feedback).toHaveLength(1);
    expect((await published('?limit=51')).status).toBe(400);
    expect((await published('?limit=0')).status).toBe(400);
    expect((await published('?limit=abc')).status).toBe(400);
  });
});
