import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import type { Socket } from 'socket.io-client';
import type { MeetingClosedEvent } from '@rozmova/contracts';
import { appointments } from '../../db/schema.ts';
import { meetingRoom } from '../../realtime/presence.ts';
import { BASE, bookableDoctor, quickAccount, renew, type Person } from '../../test/factories.ts';
import { call, MINUTE } from '../../test/harness.ts';
import { deviceCheck, joinRoom, openRoom, START } from '../../test/meeting.ts';
import { fileSocketTestApp, nextEvent } from '../../test/socket.ts';

const app = await fileSocketTestApp(BASE);
const { t } = app;

/** The patient and the doctor of an open room, both in it. */
async function inCall() {
  const room = await openRoom(t);
  const patientSocket = await app.connected(room.patient.token);
  const doctorSocket = await app.connected(room.doctor.token);
  expect(await joinRoom(patientSocket, room.roomId, deviceCheck)).toMatchObject({ ok: true });
  const joined = nextEvent(patientSocket, 'meeting-peer');
  expect(await joinRoom(doctorSocket, room.roomId)).toMatchObject({ ok: true });
  expect(await joined).toEqual({ role: 'doctor', state: 'joined' });
  return { ...room, patientSocket, doctorSocket };
}

/** Who the room holds now, on every instance (through the adapter). */
const membersOf = async (appointmentId: string) =>
  (await t.app.io.in(meetingRoom(appointmentId)).fetchSockets()).map((s) => (s.data as { userId: string }).userId).sort();

const offer = (sdp: string) => ({ type: 'offer', sdp });

/** Collects the signals a socket gets from now on. */
function signalsOf(socket: Socket) {
  const seen: unknown[] = [];
  socket.on('meeting-signal', (p) => seen.push(p));
  return seen;
}

/**
 * `from` sends `marker` to `to`; once it arrived, an acknowledged round trip on each watched connection makes sure
 * anything the server sent them before has arrived too.
 */
async function markerThrough(from: Socket, to: Socket, roomId: string, watched: Socket[]) {
  const arrived = nextEvent(to, 'meeting-signal');
  from.emit('meeting-signal', { roomId, description: offer('marker') });
  expect(await arrived).toMatchObject({ description: offer('marker') });
  for (const socket of watched) await joinRoom(socket, '00000000-0000-4000-8000-000000000000');
}

async function minNoticeZero(doctor: Person) {
  const account = await t.services.accounts.getAccount(doctor.userId);
  await t.services.doctors.update(account, doctor.userId, { min_notice_minutes: 0 });
}

describe('a doctor taken off a consultation', () => {
  test('moved to another doctor: the old one gets meeting-closed, leaves the room and neither sends nor receives; the new one joins', async () => {
    const { id, roomId, patient, patientSocket, doctorSocket } = await inCall();
    const next = await bookableDoctor(t);
    await minNoticeZero(next);
    const operator = await quickAccount(t, 'operator');

    const closed = nextEvent<MeetingClosedEvent>(doctorSocket, 'meeting-closed');
    const left = nextEvent(patientSocket, 'meeting-peer');
    const moved = await call(t.app, 'PUT', `/v1/appointments/${id}`, {
      token: operator.token,
      body: { appointment_doctorId: next.userId },
    });
    expect(moved.status).toBe(200);
    expect(await closed).toEqual({ roomId, code: 'NOT_FOUND' });
    expect(await left).toEqual({ role: 'doctor', state: 'left' });
    expect(await membersOf(id)).toEqual([patient.userId]);

    // The old doctor's signals go nowhere, and it gets none of the patient's.
    const atOldDoctor = signalsOf(doctorSocket);
    const newSocket = await app.connected((await renew(t, next)).token);
    expect(await joinRoom(newSocket, roomId)).toMatchObject({ ok: true, role: 'doctor', peerPresent: true });
    const atPatient = signalsOf(patientSocket);
    const before = structuredClone(t.services.meetings.counters.dropped);
    doctorSocket.emit('meeting-signal', { roomId, description: offer('from the old doctor') });
    // A connection's messages are handled in order: once this join is answered, the signal was handled.
    expect(await joinRoom(doctorSocket, roomId)).toEqual({ ok: false, code: 'NOT_FOUND' });
    expect(t.services.meetings.counters.dropped.foreign - before.foreign).toBe(1);
    await markerThrough(newSocket, patientSocket, roomId, []);
    await markerThrough(patientSocket, newSocket, roomId, [doctorSocket]);
    expect(atPatient).toEqual([{ from: 'doctor', description: offer('marker') }]);
    expect(atOldDoctor).toEqual([]);
  });

  test.each(['canceled', 'completed'] as const)('%s: everyone in the room gets meeting-closed and is out of it', async (status) => {
    const { id, roomId, doctor, patientSocket, doctorSocket } = await inCall();
    t.clock.set(Date.parse(START) + 5 * MINUTE);
    const closed = [nextEvent<MeetingClosedEvent>(patientSocket, 'meeting-closed'), nextEvent(doctorSocket, 'meeting-closed')];
    const body = status === 'completed' ? { appointment_status: status, appointment_note: 'Seen.' } : { appointment_status: status };
    const changed = await call(t.app, 'PUT', `/v1/appointments/${id}`, { token: (await renew(t, doctor)).token, body });
    expect(changed.status).toBe(200);
    expect(await Promise.all(closed)).toEqual([
      { roomId, code: 'APPOINTMENT_CLOSED' },
      { roomId, code: 'APPOINTMENT_CLOSED' },
    ]);
    expect(await membersOf(id)).toEqual([]);
    const atDoctor = signalsOf(doctorSocket);
    patientSocket.emit('meeting-signal', { roomId, description: offer('after the end') });
    await joinRoom(patientSocket, roomId);
    await joinRoom(doctorSocket, roomId);
    expect(atDoctor).toEqual([]);
  });

  test('moved to a later time: the room is not open any more, so both are closed out with MEETING_NOT_OPEN', async () => {
    const { id, roomId, patientSocket, doctorSocket, doctor } = await inCall();
    await minNoticeZero(doctor);
    const operator = await quickAccount(t, 'operator');
    const closed = [nextEvent<MeetingClosedEvent>(patientSocket, 'meeting-closed'), nextEvent(doctorSocket, 'meeting-closed')];
    const later = new Date(Date.parse(START) + 3 * 60 * MINUTE).toISOString().replace('.000Z', 'Z');
    const moved = await call(t.app, 'PUT', `/v1/appointments/${id}`, { token: operator.token, body: { appointment_date: later } });
    expect(moved.status).toBe(200);
    expect(await Promise.all(closed)).toEqual([
      { roomId, code: 'MEETING_NOT_OPEN' },
      { roomId, code: 'MEETING_NOT_OPEN' },
    ]);
    expect(await membersOf(id)).toEqual([]);
  });

  test('a signal is checked against the consultation as it is now, even when no change was announced', async () => {
    const { id, roomId, patient, patientSocket, doctorSocket } = await inCall();
    const next = await bookableDoctor(t);
    // Behind the service's back: no announcement reaches the meetings module.
    await t.database.db.update(appointments).set({ doctorId: next.userId }).where(eq(appointments.id, id));
    t.clock.advance(5_000);
    const atPatient = signalsOf(patientSocket);
    const closed = nextEvent<MeetingClosedEvent>(doctorSocket, 'meeting-closed');
    doctorSocket.emit('meeting-signal', { roomId, description: offer('after the change') });
    expect(await closed).toEqual({ roomId, code: 'NOT_FOUND' });
    expect(await membersOf(id)).toEqual([patient.userId]);
    const newSocket = await app.connected((await renew(t, next)).token);
    expect(await joinRoom(newSocket, roomId)).toMatchObject({ ok: true, role: 'doctor' });
    await markerThrough(newSocket, patientSocket, roomId, []);
    expect(atPatient).toEqual([{ from: 'doctor', description: offer('marker') }]);
  });
});
