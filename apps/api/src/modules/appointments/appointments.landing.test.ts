import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, test } from 'vitest';
import { appointments, users } from '../../db/schema.ts';
import { call, createTestApp, HOUR, uniqueEmail } from '../../test/harness.ts';
import { BASE, bookableDoctor, quickAccount, slotAt, type Person } from '../../test/factories.ts';

// The default limit (the test harness raises it for the other suites).
const t = await createTestApp({ env: { LANDING_BOOKINGS_PER_HOUR: undefined } });
afterAll(() => t.close());
beforeEach(() => t.clock.set(BASE));

const landing = (body: object, remoteAddress: string) => call(t.app, 'POST', '/v1/appointments/from-landing', { body, remoteAddress });
const visitor = (doctor: Person, date: string, email = uniqueEmail('landing')) => ({
  appointmentDto: { appointment_doctorId: doctor.userId, appointment_date: date },
  email,
  user_name: 'Оксана Гість',
  locale: 'uk',
  accept_terms: true,
});
const countByStatus = (statuses: number[]) => statuses.reduce<Record<number, number>>((all, s) => ({ ...all, [s]: (all[s] ?? 0) + 1 }), {});

describe('at most 5 landing bookings an hour from one address', () => {
  test('50 at once from one address with distinct e-mails: exactly 5 booked, 45 × 429 with Retry-After; another address still books', async () => {
    const doctor = await bookableDoctor(t);
    // 50 distinct free slots: whole hours over the coming days.
    const bodies = Array.from({ length: 50 }, (_, i) => visitor(doctor, slotAt(2 + Math.floor(i / 20), i % 20)));
    const responses = await Promise.all(bodies.map((body) => landing(body, '203.0.113.7')));

    expect(countByStatus(responses.map((r) => r.status))).toEqual({ 201: 5, 429: 45 });
    for (const refused of responses.filter((r) => r.status === 429)) {
      expect(refused.body.code).toBe('TOO_MANY_REQUESTS');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    }
    const emails = bodies.map((body) => body.email);
    const made = await t.database.db.select({ id: users.id }).from(users).where(inArray(users.email, emails));
    expect(made).toHaveLength(5);
    const held = await t.database.db.select().from(appointments).where(eq(appointments.doctorId, doctor.userId));
    expect(held).toHaveLength(5);

    expect((await landing(visitor(doctor, slotAt(5, 10)), '198.51.100.4')).status).toBe(201);
    // An hour later the address books again.
    t.clock.advance(HOUR);
    expect((await landing(visitor(doctor, slotAt(5, 11)), '203.0.113.7')).status).toBe(201);
  });

  test('a booking that failed (the time was taken) does not count', async () => {
    const doctor = await bookableDoctor(t);
    const address = '203.0.113.8';
    expect((await landing(visitor(doctor, slotAt(2, 10)), address)).status).toBe(201);
    for (let i = 0; i < 6; i++) expect((await landing(visitor(doctor, slotAt(2, 10)), address)).status).toBe(409);
    for (let i = 1; i < 5; i++) expect((await landing(visitor(doctor, slotAt(2, 10 + i)), address)).status).toBe(201);
    expect((await landing(visitor(doctor, slotAt(2, 16)), address)).status).toBe(429);
  });
});

describe('an e-mail that has an account', () => {
  test('gets one answer whether or not the account has a password or a verified e-mail: sign in, or recover the password', async () => {
    const doctor = await bookableDoctor(t);
    const withPassword = await quickAccount(t, 'patient');
    await t.services.accounts.setPassword(withPassword.userId, 'Quiet-Meadow-Lantern-7');
    const passwordless = await t.services.accounts.createAccount({
      email: uniqueEmail('nopass'),
      userName: 'Без пароля',
      role: 'patient',
      emailVerified: false,
    });

    const answers = [];
    for (const [i, email] of [withPassword.email, passwordless.email, passwordless.email.toUpperCase()].entries()) {
      const response = await landing(visitor(doctor, slotAt(3, 10 + i), email), `203.0.113.${20 + i}`);
      expect(response.body.token).toBeUndefined();
      answers.push({ status: response.status, body: response.body });
    }
    expect(answers[0]).toEqual({
      status: 409,
      body: { code: 'EMAIL_TAKEN', message: expect.stringMatching(/sign in.*Forgot password\?/) },
    });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(await t.database.db.select().from(appointments).where(eq(appointments.doctorId, doctor.userId))).toEqual([]);
  });
});
