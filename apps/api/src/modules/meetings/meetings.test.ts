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

async function consultation() {
  const doctor = await bookableDoctor(t);
  const patient = await quickPatient(t);
  const booked = (await bookFor(t, patient, doctor, slotAt(1, 10))).body as { id: string; appointment_roomId: string };
  return { doctor, patient, id: booked.id, roomId: booked.appointment_roomId };
}

const post = (who: Person | undefined, url: string, body?: unknown) => call(t.app, 'POST', url, { token: who?.token, body });

describe('ICE servers', () => {
  test('the fixed servers and TURN with coturn REST credentials that expire after TURN_TTL, for the two participants only', async () => {
    const { doctor, patient, roomId } = await consultation();
    const answer = await post(patient, `/v1/meetings/${roomId}/ice-servers`);
    expect(answer.status).toBe(200);
    const { iceServers, expiresAt } = answer.body as {
      iceServers: { urls: string[]; username: string; credential: string }[];
      expiresAt: string;
    };
    expect(iceServers[0]).toEqual({ urls: 'stun:stun.example.org:3478' });
    const turn = iceServers[1]!;
    expect(turn.urls).toEqual(['turn:127.0.0.1:3478?transport=udp', 'turn:127.0.0.1:3478?transport=tcp']);
    const [expiry, userId] = turn.username.split(':');
    expect(userId).toBe(patient.userId);
    expect(Number(expiry)).toBe(Math.floor(BASE / 1000) + 600);
    expect(Date.parse(expiresAt)).toBe(Number(expiry) * 1000);
    expect(turn.credential).toBe(createHmac('sha1', SECRET).update(turn.username).digest('base64'));

    // Each join gets fresh ones: later, a later expiry.
    t.clock.set(BASE + 5 * MINUTE);
    const doctorAnswer = await post(await renew(t, doctor), `/v1/meetings/${roomId}/ice-servers`);
    const later = (doctorAnswer.body as { iceServers: { username: string }[] }).iceServers[1]!.username;
    expect(Number(later.split(':')[0])).toBe(Math.floor(BASE / 1000) + 5 * 60 + 600);
    expect(later.endsWith(`:${doctor.userId}`)).toBe(true);

    for (const who of [await quickPatient(t), await bookableDoctor(t)]) {
      expect((await post(who, `/v1/meetings/${roomId}/ice-servers`)).status).toBe(404);
    }
    expect((await post(await quickAccount(t, 'operator'), `/v1/meetings/${roomId}/ice-servers`)).status).toBe(403);
    expect((await post(undefined, `/v1/meetings/${roomId}/ice-servers`)).status).toBe(401);
    expect((await post(patient, `/v1/meetings/00000000-0000-4000-8000-000000000000/ice-servers`)).status).toBe(404);
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
