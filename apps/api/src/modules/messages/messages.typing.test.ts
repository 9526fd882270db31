import { randomUUID } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import { describe, expect, test } from 'vitest';
import { realtimeEvents, type TypingEvent } from '@rozmova/contracts';
import { call } from '../../test/harness.ts';
import { BASE, bookableDoctor, bookFor, quickAccount, quickPatient, slotAt, type Person } from '../../test/factories.ts';
import { everythingArrived, fileSocketTestApp } from '../../test/socket.ts';
import { TYPING_RELAY_EVERY_MS } from './messages.socket.ts';

const app = await fileSocketTestApp(BASE);
const { t } = app;

const typing = realtimeEvents.chatTyping;

/** Every `chat-typing` a socket receives from now on. */
function heard(socket: Socket): TypingEvent[] {
  const seen: TypingEvent[] = [];
  socket.on(typing, (e: TypingEvent) => seen.push(e));
  return seen;
}

/** Sends an indicator a second after the last one (outside the rate limit); answers whether the server relayed it. */
async function type(socket: Socket, payload: unknown): Promise<boolean> {
  t.clock.advance(TYPING_RELAY_EVERY_MS);
  return (await socket.timeout(5_000).emitWithAck(typing, payload)) as boolean;
}

/** Everything relayed to these people so far has reached their sockets (events to one user keep their order). */
async function settled(...pairs: [Socket, Person][]): Promise<void> {
  await Promise.all(pairs.map(([socket, who]) => everythingArrived(t, socket, who.userId)));
}

describe('chat-typing', () => {
  test('a patient typing to support reaches every operator while unheld, then only its holder; never its own tabs', async () => {
    const patient = await quickPatient(t, 'Ліна');
    const stranger = await quickPatient(t);
    const [first, second] = [await quickAccount(t, 'operator'), await quickAccount(t, 'operator')];
    const [patientSocket, otherTab, strangerSocket, firstSocket, secondSocket] = await Promise.all([
      app.connected(patient.token),
      app.connected(patient.token),
      app.connected(stranger.token),
      app.connected(first.token),
      app.connected(second.token),
    ]);
    const [byOtherTab, byStranger, byFirst, bySecond] = [heard(otherTab), heard(strangerSocket), heard(firstSocket), heard(secondSocket)];

    expect(await type(patientSocket, { recipientType: 'operator' })).toBe(true);
    await call(t.app, 'POST', '/v1/messages', {
      token: patient.token,
      body: { message_text: 'Привіт', message_recipientType: 'operator', client_message_id: randomUUID() },
    });
    expect((await call(t.app, 'POST', `/v1/patients/${patient.patientId}/claim`, { token: first.token })).status).toBe(200);
    expect(await type(patientSocket, { recipientType: 'operator', patientId: patient.patientId })).toBe(true);
    await settled([otherTab, patient], [strangerSocket, stranger], [firstSocket, first], [secondSocket, second]);

    const expected: TypingEvent = {
      patientId: patient.patientId!,
      appointmentId: null,
      senderType: 'patient',
      userId: patient.userId,
      user_name: 'Ліна',
    };
    expect(byFirst).toEqual([expected, expected]);
    expect(bySecond).toEqual([expected]);
    expect([byOtherTab, byStranger]).toEqual([[], []]);
  });

  test('an operator typing reaches the patient only; an unknown patient, a consultation or a wrong side is dropped', async () => {
    const patient = await quickPatient(t);
    const operator = await quickAccount(t, 'operator', 'Оксана');
    const colleague = await quickAccount(t, 'operator');
    const [patientSocket, operatorSocket, colleagueSocket] = await Promise.all([
      app.connected(patient.token),
      app.connected(operator.token),
      app.connected(colleague.token),
    ]);
    const [byPatient, byColleague, byOperator] = [heard(patientSocket), heard(colleagueSocket), heard(operatorSocket)];
    expect(await type(operatorSocket, { recipientType: 'patient', patientId: randomUUID() })).toBe(false);
    expect(await type(operatorSocket, { recipientType: 'patient', patientId: patient.patientId, appointmentId: randomUUID() })).toBe(false);
    expect(await type(operatorSocket, { recipientType: 'operator' })).toBe(false);
    expect(await type(operatorSocket, { recipientType: 'patient' })).toBe(false);
    expect(await type(operatorSocket, { recipientType: 'patient', patientId: patient.patientId })).toBe(true);
    await settled([patientSocket, patient], [colleagueSocket, colleague], [operatorSocket, operator]);
    expect(byPatient).toEqual([
      { patientId: patient.patientId, appointmentId: null, senderType: 'operator', userId: operator.userId, user_name: 'Оксана' },
    ]);
    expect([byColleague, byOperator]).toEqual([[], []]);
  });

  test("patient ↔ the doctor of its consultation; another doctor, another patient or another's consultation is dropped", async () => {
    const doctor = await bookableDoctor(t);
    const patient = await quickPatient(t);
    const other = await quickPatient(t);
    const appointmentId = (await bookFor(t, patient, doctor, slotAt(1, 10))).body.id as string;
    const stranger = await bookableDoctor(t);
    const [doctorSocket, patientSocket, otherSocket, strangerSocket] = await Promise.all([
      app.connected(doctor.token),
      app.connected(patient.token),
      app.connected(other.token),
      app.connected(stranger.token),
    ]);
    const [byPatient, byDoctor] = [heard(patientSocket), heard(doctorSocket)];

    expect(await type(patientSocket, { recipientType: 'doctor' })).toBe(true);
    expect(await type(doctorSocket, { recipientType: 'patient', patientId: patient.patientId })).toBe(true);
    expect(await type(doctorSocket, { recipientType: 'patient', patientId: patient.patientId, appointmentId })).toBe(true);
    expect(await type(strangerSocket, { recipientType: 'patient', patientId: patient.patientId })).toBe(false);
    expect(await type(strangerSocket, { recipientType: 'patient', patientId: patient.patientId, appointmentId })).toBe(false);
    expect(await type(otherSocket, { recipientType: 'doctor', appointmentId })).toBe(false);
    expect(await type(otherSocket, { recipientType: 'operator', patientId: patient.patientId })).toBe(false);
    expect(await type(otherSocket, { recipientType: 'doctor' })).toBe(false);
    await settled([patientSocket, patient], [doctorSocket, doctor]);
    expect(byDoctor).toEqual([
      { patientId: patient.patientId, appointmentId, senderType: 'patient', userId: patient.userId, user_name: 'Олена Пацієнтка' },
    ]);
    expect(byPatient.map((e) => [e.userId, e.appointmentId, e.senderType])).toEqual([
      [doctor.userId, appointmentId, 'doctor'],
      [doctor.userId, appointmentId, 'doctor'],
    ]);
  });

  test('at most one indicator a second per connection is relayed; malformed ones are dropped', async () => {
    const patient = await quickPatient(t);
    const operator = await quickAccount(t, 'operator');
    const [patientSocket, secondTab, operatorSocket] = await Promise.all([
      app.connected(patient.token),
      app.connected(patient.token),
      app.connected(operator.token),
    ]);
    const byOperator = heard(operatorSocket);
    const send = (socket: Socket, payload: unknown) => socket.timeout(5_000).emitWithAck(typing, payload) as Promise<boolean>;
    const malformed = [
      null,
      'typing',
      { recipientType: 'someone' },
      { recipientType: 'operator', patientId: 'x' },
      { recipientType: 'operator', extra: 1 },
    ];
    expect(await Promise.all(malformed.map((bad) => send(patientSocket, bad)))).toEqual(malformed.map(() => false));
    const flood = await Promise.all(Array.from({ length: 50 }, () => send(patientSocket, { recipientType: 'operator' })));
    expect(flood.filter(Boolean)).toHaveLength(1);
    // Another connection has its own allowance; the same one again after a second.
    expect(await send(secondTab, { recipientType: 'operator' })).toBe(true);
    expect(await send(patientSocket, { recipientType: 'operator' })).toBe(false);
    t.clock.advance(TYPING_RELAY_EVERY_MS);
    expect(await send(patientSocket, { recipientType: 'operator' })).toBe(true);
    await settled([operatorSocket, operator]);
    expect(byOperator).toHaveLength(3);
  });
});
