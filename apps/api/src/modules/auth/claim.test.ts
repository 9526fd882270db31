import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { authPaths } from '@rozmova/contracts';
import { pushSubscriptions } from '../../db/schema-chat.ts';
import { call, fileTestApp, login, PASSWORD, uniqueEmail, type CallResult } from '../../test/harness.ts';
import { countStatuses } from '../../test/concurrency.ts';
import { BASE, bookableDoctor, slotAt } from '../../test/factories.ts';
import { connectSocket, listen, nextEvent } from '../../test/socket.ts';

// A landing booking hands a session to whoever typed the e-mail. Until the e-mail is proved by a code that session is
// "unclaimed": its booking and that booking's payment only. Whoever proves the e-mail owns the account, and every
// session from before that moment ends.

const t = await fileTestApp(BASE);

/** Runs inside a claim's transaction, before it commits. */
let duringClaim: (() => void) | undefined;
t.services.accounts.onAccountClaimed(async () => duringClaim?.());

const OWNER = 'Олена Власниця';
const send = (method: string, url: string, token?: string, body?: object) => call(t.app, method, url, { token, body });

/** A stranger books a paid consultation from the landing page with `email`: the session it is handed and its ids. */
async function landingBooking(email = uniqueEmail('owner')) {
  const doctor = await bookableDoctor(t, { price: 80_000 });
  const booked = await send('POST', '/v1/appointments/from-landing', undefined, {
    appointmentDto: { appointment_doctorId: doctor.userId, appointment_date: slotAt(2, 10) },
    email,
    user_name: 'Mallory',
    phone: '+380671112233',
    accept_terms: true,
  });
  expect(booked.status, booked.text).toBe(201);
  const token: string = booked.body.token;
  const profile = await send('GET', authPaths.profile, token);
  const { patientId, patient_cardId: cardId } = profile.body.role_specific_data.patient;
  return { email, token, userId: profile.body.id as string, patientId, cardId, appointmentId: booked.body.appointment.id as string };
}

type Landing = Awaited<ReturnType<typeof landingBooking>>;

/** What the account it would become holds: profile changes, card, documents, chat, notices, push, more bookings. */
const ownersData = (l: Landing): [string, string, object?][] => [
  ['GET', `/v1/patients-cards/${l.cardId}`],
  ['GET', `/v1/patients/${l.patientId}`],
  ['GET', '/v1/user-references/list-and-count-my'],
  ['GET', `/v1/messages?patientId=${l.patientId}`],
  ['GET', '/v1/support/status'],
  ['GET', `/v1/notifications/user/${l.userId}`],
  ['GET', '/v1/support-requests/my'],
  ['PUT', authPaths.profile, { notification_settings: { email: false } }],
  ['DELETE', authPaths.profile],
  ['POST', '/v1/push/subscriptions', { user_push_token: { endpoint: 'https://push.example.com/x', keys: { p256dh: 'a', auth: 'b' } } }],
  ['POST', '/v1/feedback', { type: 'quiz', feedback_rating: 5 }],
];

/** Its own booking and that booking's payment. */
const ownBooking = (l: Landing): [string, string, object?][] => [
  ['GET', authPaths.profile],
  ['GET', `/v1/appointments/${l.appointmentId}`],
  ['GET', `/v1/appointments/patient/${l.patientId}`],
  ['GET', `/v1/appointments/${l.appointmentId}/calendar.ics`],
  ['GET', `/v1/payments/appointment/${l.appointmentId}`],
  ['POST', '/v1/payments/checkout', { appointment_id: l.appointmentId }],
];

async function registerWithCode(email: string) {
  expect((await send('POST', '/v1/verification-codes/register/send-code', undefined, { email })).status).toBe(204);
  const code = await t.mail.codeFor(email);
  return send('POST', authPaths.registerPatient, undefined, { email, code, password: PASSWORD, user_name: OWNER });
}

async function recoverWithCode(email: string) {
  expect((await send('POST', '/v1/verification-codes/recover-pass/send-code', undefined, { email })).status).toBe(204);
  const code = await t.mail.codeFor(email);
  return send('POST', authPaths.setupPassword, undefined, { email, code, password: PASSWORD });
}

async function expectSignedOut(token: string, l: Landing) {
  for (const [method, url, body] of [...ownBooking(l), ...ownersData(l), ['POST', authPaths.logout] as [string, string]]) {
    const answer = await send(method, url, token, body);
    expect(answer.status, `${method} ${url}`).toBe(401);
  }
}

describe('an unclaimed landing session', () => {
  test('reads, pays and cancels its booking, and is refused the account it would become (403 EMAIL_NOT_VERIFIED)', async () => {
    const l = await landingBooking();
    for (const [method, url, body] of ownBooking(l)) {
      const answer = await send(method, url, l.token, body);
      expect(answer.status, `${method} ${url}: ${answer.text}`).toBe(200);
    }
    expect((await send('GET', authPaths.profile, l.token)).body).toMatchObject({ user_name: 'Mallory', email_verified: false });
    for (const [method, url, body] of ownersData(l)) {
      const answer = await send(method, url, l.token, body);
      expect(answer.status, `${method} ${url}`).toBe(403);
      expect(answer.body.code).toBe('EMAIL_NOT_VERIFIED');
    }
    // Another booking, or a password set without proving the e-mail, is the account's, not the booking's.
    const doctor = await bookableDoctor(t);
    const again = await send('POST', '/v1/appointments', l.token, {
      appointment_doctorId: doctor.userId,
      appointment_patientId: l.patientId,
      appointment_date: slotAt(3, 10),
    });
    expect(again.status).toBe(403);
    const password = await send('POST', authPaths.setupPassword, l.token, { password: 'Quiet-Meadow-Lantern-7' });
    expect(password.status).toBe(403);
    expect(password.body.code).toBe('EMAIL_NOT_VERIFIED');
    expect((await send('GET', authPaths.profile, l.token)).body.has_password).toBe(false);

    const cancelled = await send('PUT', `/v1/appointments/${l.appointmentId}`, l.token, { appointment_status: 'canceled' });
    expect(cancelled.status).toBe(200);
    expect((await send('POST', authPaths.logout, l.token)).status).toBe(204);
    expect((await send('GET', authPaths.profile, l.token)).status).toBe(401);
  });
});

describe('whoever proves the e-mail owns the account, and every earlier session ends', () => {
  test('the owner signs up with the code: the landing session gets 401 everywhere and its socket is closed', async () => {
    const l = await landingBooking();
    const socket = await connectSocket(await listen(t), l.token);
    const closed = nextEvent(socket, 'disconnect');

    const registered = await registerWithCode(l.email);
    expect(registered.status, registered.text).toBe(201);
    await closed;
    await expectSignedOut(l.token, l);

    const owner = registered.body.token;
    expect((await send('GET', authPaths.profile, owner)).body).toMatchObject({ id: l.userId, user_name: OWNER, email_verified: true });
    expect((await send('GET', `/v1/patients-cards/${l.cardId}`, owner)).status).toBe(200);
    expect(await login(t.app, l.email, PASSWORD)).toEqual(expect.any(String));
  });

  test('the owner recovers with the e-mail and a code: the landing session gets 401 everywhere', async () => {
    const l = await landingBooking();
    const recovered = await recoverWithCode(l.email);
    expect(recovered.status, recovered.text).toBe(200);
    await expectSignedOut(l.token, l);
    expect((await send('GET', authPaths.profile, recovered.body.token)).body).toMatchObject({ id: l.userId, email_verified: true });
  });

  test('the booker cannot set a password without a code; the owner setting one with a code ends the booker’s session', async () => {
    const l = await landingBooking();
    expect((await send('POST', authPaths.setupPassword, l.token, { password: 'Quiet-Meadow-Lantern-7' })).status).toBe(403);
    // The code goes with the body; the landing token sent along (an old cookie) changes nothing.
    expect((await send('POST', '/v1/verification-codes/recover-pass/send-code', undefined, { email: l.email })).status).toBe(204);
    const code = await t.mail.codeFor(l.email);
    const set = await send('POST', authPaths.setupPassword, l.token, { email: l.email, code, password: PASSWORD });
    expect(set.status).toBe(200);
    expect(set.body.token).not.toBe(l.token);
    await expectSignedOut(l.token, l);
  });

  test('50 requests with the landing token before, 50 inside the claim’s transaction: none reads the owner’s data; after, 50 × 401', async () => {
    const l = await landingBooking();
    expect((await send('POST', '/v1/verification-codes/register/send-code', undefined, { email: l.email })).status).toBe(204);
    const code = await t.mail.codeFor(l.email);
    const routes = [...ownBooking(l), ...ownersData(l)].filter(([method]) => method === 'GET');
    const round = () => Promise.all(Array.from({ length: 50 }, (_, i) => send('GET', routes[i % routes.length]![1], l.token)));

    let inside: Promise<CallResult[]> | undefined;
    duringClaim = () => void (inside = round());
    const [before, registered] = await Promise.all([
      round(),
      send('POST', authPaths.registerPatient, undefined, { email: l.email, code, password: PASSWORD, user_name: OWNER }),
    ]);
    duringClaim = undefined;
    expect(registered.status).toBe(201);

    for (const answers of [before, await inside!]) {
      for (const [i, answer] of answers.entries()) {
        const url = routes[i % routes.length]![1];
        const ownRoute = ownBooking(l).some((route) => route[1] === url);
        // Before the claim: the booking's own routes, or 403; once it committed: 401. Never the owner's name or data.
        expect(ownRoute ? [200, 401] : [401, 403], url).toContain(answer.status);
        expect(answer.text).not.toContain(OWNER);
      }
    }
    expect(countStatuses(await round())).toEqual({ 401: 50 });
  });

  test('a landing session is never started for an account claimed meanwhile', async () => {
    const l = await landingBooking();
    expect((await registerWithCode(l.email)).status).toBe(201);
    const user = (await t.services.accounts.findByEmail(l.email))!;
    await expect(t.services.auth.startLandingSession(user, {})).rejects.toMatchObject({ code: 'EMAIL_TAKEN' });
  });

  test('web push devices saved before the claim are removed by it', async () => {
    const l = await landingBooking();
    const devicesOf = () => t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, l.userId));
    // A device saved by a session from before this rule (an unclaimed session may no longer save one).
    await t.database.db
      .insert(pushSubscriptions)
      .values({ userId: l.userId, endpoint: `https://push.example.com/${l.userId}`, p256dh: 'k', auth: 'a' });
    expect(await devicesOf()).toHaveLength(1);
    expect((await registerWithCode(l.email)).status).toBe(201);
    expect(await devicesOf()).toEqual([]);
  });
});
