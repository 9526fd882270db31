import { describe, expect, test } from 'vitest';
import type { Socket } from 'socket.io-client';
import { SIGNAL_RATE_MAX, type WaitingPatient } from '@rozmova/contracts';
import { call, MINUTE } from '../../test/harness.ts';
import { BASE, bookableDoctor, bookFor, quickPatient, renew, slotAt, type Person } from '../../test/factories.ts';
import { deviceCheck as check, joinRoom as join, openRoom, START } from '../../test/meeting.ts';
import { fileSocketTestApp, nextEvent } from '../../test/socket.ts';

const app = await fileSocketTestApp(BASE);
const { t } = app;

const connected = (who: Person) => app.connected(who.token);

/** Nothing but `marker` arrives before the marker does (events on one connection keep their order). */
async function onlyMarkerArrives(receiver: Socket, sender: Socket, roomId: string, event = 'meeting-signal') {
  const seen: unknown[] = [];
  const listener = (payload: unknown) => seen.push(payload);
  receiver.on(event, listener);
  const marker = nextEvent<{ description: { sdp: string } }>(receiver, event);
  sender.emit('meeting-signal', { roomId, description: { type: 'offer', sdp: 'marker' } });
  await marker;
  receiver.off(event, listener);
  return seen;
}

describe('entering the room', () => {
  test('the patient waits (the doctor is told, with the device check), the doctor joins, each hears of the other', async () => {
    const { doctor, patient, roomId, id } = await openRoom(t);
    const doctorSocket = await connected(doctor);
    const patientSocket = await connected(patient);

    const waitingEvent = nextEvent<WaitingPatient>(doctorSocket, 'meeting-waiting');
    const patientAck = await join(patientSocket, roomId, check);
    expect(patientAck).toEqual({ ok: true, role: 'patient', appointmentId: id, peerPresent: false, doctorPresence: 'not-yet' });
    expect(await waitingEvent).toMatchObject({ appointmentId: id, roomId, patientName: 'Олена Пацієнтка', deviceCheck: check });
    const waiting = await call(t.app, 'GET', '/v1/meetings/waiting', { token: doctor.token });
    expect(waiting.body).toMatchObject({ waiting: [{ appointmentId: id, deviceCheck: check }] });

    const joined = nextEvent(patientSocket, 'meeting-peer');
    const doctorAck = await join(doctorSocket, roomId);
    expect(doctorAck).toMatchObject({ ok: true, role: 'doctor', peerPresent: true, doctorPresence: 'in-room' });
    expect(await joined).toEqual({ role: 'doctor', state: 'joined' });
    expect((await call(t.app, 'GET', '/v1/meetings/waiting', { token: doctor.token })).body).toEqual({ waiting: [] });
  });

  test('another patient, another doctor, a closed or not yet open consultation and a malformed join are refused', async () => {
    const { roomId, patient, doctor, id } = await openRoom(t);
    for (const stranger of [await quickPatient(t), await bookableDoctor(t)]) {
      expect(await join(await connected(await renew(t, stranger)), roomId)).toEqual({ ok: false, code: 'NOT_FOUND' });
    }
    const socket = await connected(patient);
    expect(await join(socket, 'not-a-room')).toEqual({ ok: false, code: 'VALIDATION_FAILED' });
    expect(await join(socket, roomId, { camera: 'ok' })).toEqual({ ok: false, code: 'VALIDATION_FAILED' });

    t.clock.set(Date.parse(START) - 11 * MINUTE);
    expect(await join(await connected(await renew(t, patient)), roomId)).toEqual({ ok: false, code: 'MEETING_NOT_OPEN' });

    t.clock.set(Date.parse(START) + 5 * MINUTE);
    const now = await renew(t, doctor);
    await call(t.app, 'PUT', `/v1/appointments/${id}`, {
      token: now.token,
      body: { appointment_status: 'completed', appointment_note: 'Done' },
    });
    expect(await join(await connected(now), roomId)).toEqual({ ok: false, code: 'APPOINTMENT_CLOSED' });
  });

  test('the patient sees the doctor busy in another consultation', async () => {
    const otherPatient = await quickPatient(t);
    const doctor = await bookableDoctor(t);
    const firstPatient = await quickPatient(t);
    const first = (await bookFor(t, firstPatient, doctor, START)).body as { appointment_roomId: string };
    const second = (await bookFor(t, otherPatient, doctor, slotAt(1, 11))).body as { appointment_roomId: string };
    t.clock.set(Date.parse(START) + 10 * MINUTE);
    await join(await connected(await renew(t, doctor)), first.appointment_roomId);
    t.clock.set(Date.parse(slotAt(1, 11)) - 5 * MINUTE);
    const ack = await join(await connected(await renew(t, otherPatient)), second.appointment_roomId);
    expect(ack).toMatchObject({ ok: true, doctorPresence: 'in-other-consultation' });
  });
});

describe('signalling', () => {
  test('a description and candidates go to the other participant only, never back to the sender or to anyone else', async () => {
    const { doctor, patient, roomId } = await openRoom(t);
    const doctorSocket = await connected(doctor);
    const patientSocket = await connected(patient);
    const patientOtherTab = await connected(patient);
    const stranger = await connected(await renew(t, await quickPatient(t)));
    await join(patientSocket, roomId, check);
    await join(patientOtherTab, roomId, check);
    await join(doctorSocket, roomId);
    const leaked: unknown[] = [];
    for (const s of [patientOtherTab, stranger]) s.on('meeting-signal', (p) => leaked.push(p));

    const offer = nextEvent(doctorSocket, 'meeting-signal');
    patientSocket.emit('meeting-signal', { roomId, description: { type: 'offer', sdp: 'v=0 offer' } });
    expect(await offer).toEqual({ from: 'patient', description: { type: 'offer', sdp: 'v=0 offer' } });
    const candidate = nextEvent(patientSocket, 'meeting-signal');
    const ice = { candidate: 'candidate:1 1 udp 2122260223 192.0.2.1 54400 typ host', sdpMid: '0', sdpMLineIndex: 0 };
    doctorSocket.emit('meeting-signal', { roomId, candidate: ice });
    expect(await candidate).toEqual({ from: 'doctor', candidate: ice });
    // The other tab of the patient is in the room: the doctor's signals reach it, the patient's own do not.
    await onlyMarkerArrives(doctorSocket, patientSocket, roomId);
    expect(leaked.filter((p) => (p as { from: string }).from === 'patient')).toEqual([]);
  });

  test('malformed, oversized, foreign and too frequent messages are dropped and counted', async () => {
    const otherRoom = ((await bookFor(t, await quickPatient(t), await bookableDoctor(t), START)).body as { appointment_roomId: string })
      .appointment_roomId;
    const { doctor, patient, roomId } = await openRoom(t);
    const doctorSocket = await connected(doctor);
    const patientSocket = await connected(patient);
    await join(patientSocket, roomId, check);
    await join(doctorSocket, roomId);
    const before = structuredClone(t.services.meetings.counters);

    patientSocket.emit('meeting-signal', { roomId, description: { type: 'nonsense', sdp: 'x' } });
    patientSocket.emit('meeting-signal', { roomId, extra: 1, candidate: null });
    patientSocket.emit('meeting-signal', 'just a string');
    patientSocket.emit('meeting-signal', { roomId, description: { type: 'offer', sdp: 'x'.repeat(70_000) } });
    patientSocket.emit('meeting-signal', { roomId: otherRoom, description: { type: 'offer', sdp: 'into another room' } });
    expect(await onlyMarkerArrives(doctorSocket, patientSocket, roomId)).toEqual([
      { from: 'patient', description: { type: 'offer', sdp: 'marker' } },
    ]);
    const after = t.services.meetings.counters;
    expect(after.dropped.malformed - before.dropped.malformed).toBe(3);
    expect(after.dropped.oversized - before.dropped.oversized).toBe(1);
    expect(after.dropped.foreign - before.dropped.foreign).toBe(1);

    // A flood: of the patient's messages in this room only the marker counted so far (joins have their own budget;
    // malformed, oversized and foreign messages are dropped before counting), so SIGNAL_RATE_MAX - 1 more get through.
    const received: unknown[] = [];
    doctorSocket.on('meeting-signal', (p) => received.push(p));
    for (let i = 0; i < SIGNAL_RATE_MAX + 50; i += 1) patientSocket.emit('meeting-signal', { roomId, candidate: null });
    await expect.poll(() => t.services.meetings.counters.dropped.rate - before.dropped.rate).toBe(51);
    await expect.poll(() => received.length).toBe(SIGNAL_RATE_MAX - 1);
  });
});

describe('leaving, dropping and coming back', () => {
  test('a dropped connection shows as disconnected, the rejoin as joined and is recorded as a reconnect; completion ends the room for both', async () => {
    const { doctor, patient, roomId, id } = await openRoom(t);
    const doctorSocket = await connected(doctor);
    let patientSocket = await connected(patient);
    await join(patientSocket, roomId, check);
    await join(doctorSocket, roomId);

    const dropped = nextEvent(doctorSocket, 'meeting-peer');
    patientSocket.disconnect();
    expect(await dropped).toEqual({ role: 'patient', state: 'disconnected' });
    const back = nextEvent(doctorSocket, 'meeting-peer');
    patientSocket = await connected(patient);
    expect(await join(patientSocket, roomId, check)).toMatchObject({ ok: true, peerPresent: true });
    expect(await back).toEqual({ role: 'patient', state: 'joined' });

    const state = nextEvent(doctorSocket, 'meeting-peer');
    patientSocket.emit('meeting-state', { roomId, state: 'reconnecting' });
    expect(await state).toEqual({ role: 'patient', state: 'reconnecting' });

    t.clock.set(Date.parse(START) + 30 * MINUTE);
    const ended = [nextEvent(patientSocket, 'meeting-ended'), nextEvent(doctorSocket, 'meeting-ended')];
    const now = await renew(t, doctor);
    await call(t.app, 'PUT', `/v1/appointments/${id}`, {
      token: now.token,
      body: { appointment_status: 'completed', appointment_note: 'Done' },
    });
    for (const event of await Promise.all(ended)) expect(event).toEqual({ roomId, status: 'completed' });

    const record = await call(t.app, 'GET', `/v1/appointments/${id}/call-record`, { token: now.token });
    expect(record.body).toMatchObject({ reconnects: 1, endReason: 'completed', durationSeconds: 35 * 60 });
    expect((record.body as { events: { kind: string }[] }).events.map((e) => e.kind)).toEqual([
      'join',
      'join',
      'disconnect',
      'reconnect',
      'end',
    ]);
  });

  test('leaving on purpose shows as left', async () => {
    const { doctor, patient, roomId } = await openRoom(t);
    const doctorSocket = await connected(doctor);
    const patientSocket = await connected(patient);
    await join(patientSocket, roomId, check);
    const joined = nextEvent(patientSocket, 'meeting-peer');
    await join(doctorSocket, roomId);
    expect(await joined).toEqual({ role: 'doctor', state: 'joined' });
    const left = nextEvent(patientSocket, 'meeting-peer');
    doctorSocket.emit('meeting-leave', { roomId });
    expect(await left).toEqual({ role: 'doctor', state: 'left' });
  });
});
