import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BASE, bookableDoctor, completedConsultation, quickAccount, quickPatient, slotAt, type Person } from '../../test/factories.ts';
import { call, createTestApp, type TestContext } from '../../test/harness.ts';

let t: TestContext;
let doctor: Person;
let admin: Person;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(BASE);
  doctor = await bookableDoctor(t);
  admin = await quickAccount(t, 'admin');
});
afterAll(() => t?.close());

/** A review of a completed consultation with the doctor; published when asked. */
async function review(name: string, rating: number, day: number, options: { anonymous?: boolean; publish?: boolean } = {}) {
  const patient = await quickPatient(t, name);
  const appointmentId = await completedConsultation(t, patient.userId, doctor.userId, slotAt(day, 10));
  const written = await call(t.app, 'POST', '/v1/feedback', {
    token: patient.token,
    body: {
      type: 'doctor',
      appointment_id: appointmentId,
      feedback_rating: rating,
      feedback_comment: `Оцінка ${rating}`,
      is_anonymous: options.anonymous,
    },
  });
  expect(written.status).toBe(201);
  if (options.publish !== false) {
    const published = await call(t.app, 'PUT', `/v1/feedback/${written.body.id}`, { token: admin.token, body: { is_published: true } });
    expect(published.status).toBe(200);
  }
  return written.body.id as string;
}

describe('a doctor’s reviews and rating', () => {
  test('without reviews: none, no average, count 0', async () => {
    const response = await call(t.app, 'GET', `/v1/doctors/${doctor.userId}/reviews`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ reviews: [], rating: { average: null, count: 0 } });
  });

  test('published reviews only, first names or anonymous, no author ids; the average has one decimal and matches the doctors list', async () => {
    await review('Олена Петренко', 5, 1);
    await review('Іван Коваль', 4, 2, { anonymous: true });
    await review('Марта Сидоренко', 4, 3);
    await review('Прихований Автор', 1, 4, { publish: false });

    const response = await call(t.app, 'GET', `/v1/doctors/${doctor.userId}/reviews`);
    expect(response.status).toBe(200);
    expect(response.body.rating).toEqual({ average: 4.3, count: 3 });
    expect(response.body.reviews.map((r: { feedback_user_name: string | null }) => r.feedback_user_name)).toEqual(['Марта', null, 'Олена']);
    expect(response.text).not.toContain('Петренко');
    expect(response.text).not.toContain('Прихований');
    expect(response.body.reviews[0]).not.toHaveProperty('patient_id');

    const profile = await call(t.app, 'GET', `/v1/doctors/${doctor.userId}`);
    expect([profile.body.rating, profile.body.rating_count]).toEqual([4.3, 3]);
    const ratings = await t.services.feedback.ratingsOf([doctor.userId, admin.userId]);
    expect(Object.fromEntries(ratings)).toEqual({
      [doctor.userId]: { average: 4.3, count: 3 },
      [admin.userId]: { average: null, count: 0 },
    });
  });

  test('50 reads at once answer the same; a malformed id is 400 and an unknown one an empty list', async () => {
    const answers = await Promise.all(Array.from({ length: 50 }, () => call(t.app, 'GET', `/v1/doctors/${doctor.userId}/reviews`)));
    expect(new Set(answers.map((a) => `${a.status} ${JSON.stringify(a.body.rating)}`))).toEqual(new Set(['200 {"average":4.3,"count":3}']));
    expect((await call(t.app, 'GET', '/v1/doctors/nope/reviews')).status).toBe(400);
    const unknown = await call(t.app, 'GET', '/v1/doctors/00000000-0000-4000-8000-000000000000/reviews');
    expect(unknown.body).toEqual({ reviews: [], rating: { average: null, count: 0 } });
  });
});
