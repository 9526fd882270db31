import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { call, createTestApp, MINUTE, type TestContext } from '../../test/harness.ts';
import { BASE, bookableDoctor, bookFor, quickAccount, quickPatient, renew, slotAt, type Person } from '../../test/factories.ts';
import { summariseCall } from './call-record.ts';

const SECRET = 'turn-shared-secret-for-tests';
let t: TestContext;

beforeAll(async () => {
  t = await createTestApp({
    env: {
      ICE_SERVERS: '[{"urls":"stun:stun.example.org:3478"}]',
      TURN_URLS: 'turn:127.0.0.1:3478?transport=udp, turn:127.0.0.1:3478?transport=tcp',
      TURN_SECRET: SECRET,
      TURN_TTL: '600',
    },
  });
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => t.clock.set(BASE));

async function consultation(given?: Person) {
  const doctor = given ?? (await bookableDoctor(t));
  const patient = await quickPatient(t);
  const booked = (await bookFor(t, patient, doctor, slotAt(1, 10))).body as { id: string; appointment_roomId: string };
  return { doctor, patient, id: booked.id, roomId: booked.appointment_roomId };
}

const post = (who: Person | undefined, url: string, body?: unknown) => call(t.app, 'POST', url, { token: who?.token, body });

describe('ICE servers', () => {
  const ice = (who: Person | undefined, roomId: string) => post(who, `/v1/meetings/${roomId}/ice-servers`);
  const startOf = () => Date.parse(slotAt(1, 10));
  const turnOf = (answer: { body: unknown }) =>
    (answer.body as { iceServers: { urls: string[]; username: string; credential: string }[]; expiresAt: string }).iceServers[1]!;

  test('the fixed servers and TURN with coturn REST credentials that expire after TURN_TTL, for the two participants only', async () => {
    const { doctor, patient, roomId } = await consultation();
    const opened = startOf() - 5 * MINUTE;
    t.clock.set(opened);
    const answer = await ice(await renew(t, patient), roomId);
    expect(answer.status).toBe(200);
    const { iceServers, expiresAt } = answer.body as { iceServers: unknown[]; expiresAt: string };
    expect(iceServers[0]).toEqual({ urls: 'stun:stun.example.org:3478' });
    const turn = turnOf(answer);
    expect(turn.urls).toEqual(['turn:127.0.0.1:3478?transport=udp', 'turn:127.0.0.1:3478?transport=tcp']);
    const [expiry, userId] = turn.username.split(':');
    expect(userId).toBe(patient.userId);
    expect(Number(expiry)).toBe(Math.floor(opened / 1000) + 600);
    expect(Date.parse(expiresAt)).toBe(Number(expiry) * 1000);
    expect(turn.credential).toBe(createHmac('sha1', SECRET).update(turn.username).digest('base64'));

    // Each join gets fresh ones: later, a later expiry.
    t.clock.set(opened + 5 * MINUTE);
    const later = turnOf(await ice(await renew(t, doctor), roomId)).username;
    expect(Number(later.split(':')[0])).toBe(Math.floor(opened / 1000) + 5 * 60 + 600);
    expect(later.endsWith(`:${doctor.userId}`)).toBe(true);

    for (const who of [await quickPatient(t), await bookableDoctor(t)]) expect((await ice(who, roomId)).status).toBe(404);
    expect((await ice(await quickAccount(t, 'operator'), roomId)).status).toBe(403);
    expect((await ice(undefined, roomId)).status).toBe(401);
    expect((await ice(await renew(t, patient), '00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  test('only while the room is open for the person: too early, unpaid, past the end, cancelled and completed are refused', async () => {
    const code = (answer: { status: number; body: unknown }) => [answer.status, (answer.body as { code?: string }).code];
    const early = await consultation();
    expect(code(await ice(early.patient, early.roomId))).toEqual([409, 'MEETING_NOT_OPEN']);

    // A doctor with a price: the booking waits for payment, and its room stays shut until it is paid.
    const unpaid = await consultation(await bookableDoctor(t, { price: 50_000 }));
    t.clock.set(startOf() - 5 * MINUTE);
    const unpaidAnswers = await Promise.all(Array.from({ length: 20 }, () => ice(unpaid.patient, unpaid.roomId)));
    expect(unpaidAnswers.map(code)).toEqual(Array.from({ length: 20 }, () => [409, 'MEETING_NOT_OPEN']));

    t.clock.set(BASE);
    const cancelled = await consultation();
    const cancel = { appointment_status: 'canceled' };
    expect((await call(t.app, 'PUT', `/v1/appointments/${cancelled.id}`, { token: cancelled.patient.token, body: cancel })).status).toBe(
      200,
    );
    t.clock.set(startOf() - 5 * MINUTE);
    expect(code(await ice(await renew(t, cancelled.patient), cancelled.roomId))).toEqual([409, 'APPOINTMENT_CLOSED']);

    t.clock.set(BASE);
    const over = await consultation();
    t.clock.set(startOf() + 50 * MINUTE);
    expect(code(await ice(await renew(t, over.doctor), over.roomId))).toEqual([409, 'MEETING_NOT_OPEN']);

    t.clock.set(BASE);
    const completed = await consultation();
    t.clock.set(startOf() + 5 * MINUTE);
    const doctor = await renew(t, completed.doctor);
    const done = { appointment_status: 'completed', appointment_note: 'Seen.' };
    expect((await call(t.app, 'PUT', `/v1/appointments/${completed.id}`, { token: doctor.token, body: done })).status).toBe(200);
    for (const who of [doctor, await renew(t, completed.patient)]) {
      expect(code(await ice(who, completed.roomId))).toEqual([409, 'APPOINTMENT_CLOSED']);
    }
  });

  test('a credential never outlives the consultation: a scheduled one its end, a running one the time the server closes it', async () => {
    const { doctor, patient, id, roomId } = await consultation();
    const end = startOf() + 50 * MINUTE;
    t.clock.set(end - 3 * MINUTE);
    const scheduled = await ice(await renew(t, patient), roomId);
    expect(Number(turnOf(scheduled).username.split(':')[0]) * 1000).toBe(end);
    expect(Date.parse((scheduled.body as { expiresAt: string }).expiresAt)).toBe(end);

    // Running: it may overrun its end, until it is completed or the server closes it (2 hours after the end).
    const running = await renew(t, doctor);
    expect((await call(t.app, 'POST', `/v1/appointments/join-meeting/${id}`, { token: running.token })).status).toBe(200);
    t.clock.set(end + 30 * MINUTE);
    const overrun = await ice(await renew(t, doctor), roomId);
    expect(Number(turnOf(overrun).username.split(':')[0]) * 1000).toBe(end + 40 * MINUTE);
    const closesAt = end + 2 * 60 * MINUTE;
    t.clock.set(closesAt - 3 * MINUTE);
    expect(Date.parse(((await ice(await renew(t, patient), roomId)).body as { expiresAt: string }).expiresAt)).toBe(closesAt);
  });

  test('50 at once from one person: 30 answered, 20 × 429; the other participant and strangers do not use its allowance', async () => {
    const { doctor, patient, roomId } = await consultation();
    t.clock.set(startOf() - 5 * MINUTE);
    const [patientNow, doctorNow, stranger] = [await renew(t, patient), await renew(t, doctor), await quickPatient(t)];
    const strangers = await Promise.all(Array.from({ length: 50 }, () => ice(stranger, roomId)));
    expect(strangers.every((a) => a.status === 404)).toBe(true);
    const answers = await Promise.all(Array.from({ length: 50 }, () => ice(patientNow, roomId)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(30);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    expect(Number(answers.find((a) => a.status === 429)!.headers['retry-after'])).toBeGreaterThan(0);
    expect((await ice(doctorNow, roomId)).status).toBe(200);
    t.clock.set(startOf() + 6 * MINUTE);
    expect((await ice(await renew(t, patient), roomId)).status).toBe(200);
  });
});

describe('problem reports from a call', () => {
  test('a support request with the technical details, e-mailed to CONTACT_EMAIL; another person gets 404', async () => {
    const { patient, roomId, id } = await consultation();
    const body = { message: 'Не чую лікаря', details: { browser: 'Chrome 140', lossPercent: 12.5, relayed: true } };
    const answer = await post(patient, `/v1/meetings/${roomId}/report`, body);
    expect(answer.status).toBe(201);
    const mail = await t.mail.waitFor(t.config.contactEmail, (m) => m.text.includes((answer.body as { id: string }).id));
    expect(mail.headers['reply-to']).toBe(patient.email);
    expect(mail.text).toContain('Не чую лікаря');
    expect(mail.text).toContain(id);
    expect(mail.text).toContain('lossPercent: 12.5');
    expect((await post(await quickPatient(t), `/v1/meetings/${roomId}/report`, body)).status).toBe(404);
    expect((await post(patient, `/v1/meetings/${roomId}/report`, { message: '' })).status).toBe(400);
    expect((await post(patient, `/v1/meetings/${roomId}/report`, { message: 'x'.repeat(2001) })).status).toBe(400);
    expect((await post(patient, `/v1/meetings/${roomId}/report`, { message: 'a\u0000b' })).status).toBe(400);
  });

  test('50 reports at once from one person: exactly 5 are taken, the rest 429', async () => {
    const { patient, roomId } = await consultation();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => post(patient, `/v1/meetings/${roomId}/report`, { message: `Проблема ${i}` })),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(45);
  });
});

describe('the call record', () => {
  test('its doctor and admins read it (audited); the patient, another doctor and operators do not', async () => {
    const { doctor, patient, id } = await consultation();
    const answer = await call(t.app, 'GET', `/v1/appointments/${id}/call-record`, { token: doctor.token });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ appointmentId: id, events: [], startedAt: null, durationSeconds: null, reconnects: 0 });
    const admin = await quickAccount(t, 'admin');
    expect((await call(t.app, 'GET', `/v1/appointments/${id}/call-record`, { token: admin.token })).status).toBe(200);
    expect((await call(t.app, 'GET', `/v1/appointments/${id}/call-record`, { token: (await bookableDoctor(t)).token })).status).toBe(404);
    expect((await call(t.app, 'GET', `/v1/appointments/${id}/call-record`, { token: patient.token })).status).toBe(403);
    const log = await call(t.app, 'GET', `/v1/admin/audit-log?patientId=${patient.patientId}`, { token: admin.token });
    const entries = (log.body as { entries: { resource: string; actor_id: string }[] }).entries;
    expect(entries.filter((e) => e.resource === 'call_record').map((e) => e.actor_id)).toEqual(
      expect.arrayContaining([doctor.userId, admin.userId]),
    );
  });

  test('duration runs from both being in the room to the end; a reconnect is counted; leaving without an end says left', () => {
    const at = (s: number) => new Date(BASE + s * 1000);
    const record = summariseCall(
      'a',
      [
        { kind: 'join', role: 'patient', at: at(0), detail: 'video' },
        { kind: 'join', role: 'doctor', at: at(60), detail: null },
        { kind: 'disconnect', role: 'patient', at: at(120), detail: null },
        { kind: 'reconnect', role: 'patient', at: at(130), detail: 'video' },
        { kind: 'end', role: 'doctor', at: at(1860), detail: 'completed' },
      ],
      false,
    );
    expect(record).toMatchObject({ durationSeconds: 1800, reconnects: 1, endReason: 'completed' });
    const left = summariseCall(
      'a',
      [
        { kind: 'join', role: 'patient', at: at(0), detail: null },
        { kind: 'join', role: 'doctor', at: at(10), detail: null },
        { kind: 'leave', role: 'doctor', at: at(70), detail: null },
        { kind: 'leave', role: 'patient', at: at(100), detail: null },
      ],
      false,
    );
    expect(left).toMatchObject({ durationSeconds: 90, endReason: 'left' });
    expect(summariseCall('a', [{ kind: 'join', role: 'patient', at: at(0), detail: null }], true)).toMatchObject({
      durationSeconds: null,
      endReason: 'canceled',
    });
  });
});
