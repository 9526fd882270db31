/**
 * What the meetings tests share: a consultation whose room is open, joining it from a real Socket.IO client, and a
 * device check. Not a test file.
 */
import type { Socket } from 'socket.io-client';
import type { MeetingJoinAck } from '@rozmova/contracts';
import { bookableDoctor, bookFor, quickPatient, renew, slotAt, type Person } from './factories.ts';
import { MINUTE, type TestContext } from './harness.ts';

export const START = slotAt(1, 10);
export const deviceCheck = { camera: 'ok', microphone: 'ok', speaker: 'ok', network: 'ok', mode: 'video', browser: 'Chrome 140' } as const;

export const joinRoom = (socket: Socket, roomId: string, check?: unknown) =>
  socket.timeout(5_000).emitWithAck('meeting-join', { roomId, deviceCheck: check }) as Promise<MeetingJoinAck>;

/** A consultation at START (a free doctor unless one is given) with the clock 5 minutes before it: the room is open. */
export async function openRoom(t: TestContext, given?: Person) {
  const doctor = given ?? (await bookableDoctor(t));
  const patient = await quickPatient(t);
  const booked = (await bookFor(t, patient, doctor, START)).body as { id: string; appointment_roomId: string };
  t.clock.set(Date.parse(START) - 5 * MINUTE);
  return { doctor: await renew(t, doctor), patient: await renew(t, patient), id: booked.id, roomId: booked.appointment_roomId };
}
