import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { describe, expect, test } from 'vitest';
import { messageSchema, MULTI_LINE_TEXT_MESSAGE, realtimeEvents, type Message } from '@rozmova/contracts';
import { messages } from '../../db/schema-chat.ts';
import { call, MINUTE } from '../../test/harness.ts';
import {
  BASE,
  bookableDoctor,
  completedConsultation,
  quickAccount,
  quickPatient,
  renew,
  scheduledConsultation,
  slotAt,
  type Person,
} from '../../test/factories.ts';
import { everythingArrived, fileSocketTestApp, nextEvent } from '../../test/socket.ts';

const app = await fileSocketTestApp(BASE);
const { t } = app;

const post = (who: Person, body: Record<string, unknown>) =>
  call(t.app, 'POST', '/v1/messages', { token: who.token, body: { client_message_id: randomUUID(), ...body } });
const toSupport = (who: Person, text = 'Добрий день, потрібна допомога') =>
  post(who, { message_text: text, message_recipientType: 'operator' });
const put = (who: Person, id: string, body: Record<string, unknown>) =>
  call(t.app, 'PUT', `/v1/appointments/${id}`, { token: who.token, body });

const socketOf = (who: Person): Promise<Socket> => app.connected(who.token);

/** Every `chat-message-created` the socket receives from now on. */
function collect(socket: Socket): Message[] {
  const seen: Message[] = [];
  socket.on(realtimeEvents.chatMessageCreated, (m: Message) => seen.push(m));
  return seen;
}

/** Events to one user arrive in order: once this marker is in, anything sent to the user before it has arrived too. */
const settled = (socket: Socket, who: Person) => everythingArrived(t, socket, who.userId);

describe('a patient writes', () => {
  test('to the doctor of its current consultation: the appointment and doctor are filled in', async () => {
    const { doctor, patient, appointmentId } = await scheduledConsultation(t);
    const response = await post(patient, { message_text: '  Чи можна перенести?  ', message_recipientType: 'doctor' });
    expect(response.status, response.text).toBe(201);
    expect(messageSchema.parse(response.body)).toEqual({
      id: expect.any(String),
      message_patientId: patient.patientId,
      message_operatorId: null,
      message_doctorId: doctor.userId,
      message_appointmentId: appointmentId,
      message_recipientType: 'doctor',
      message_senderType: 'patient',
      message_status: 'Sent',
      message_text: 'Чи можна перенести?',
      message_documentId: null,
      message_documentName: null,
      message_senderName: 'Олена Пацієнтка',
      client_message_id: expect.any(String),
      message_seq: 1,
      created_at: expect.any(String),
    });
    const named = await post(patient, {
      message_text: 'Ще питання',
      message_recipientType: 'doctor',
      message_appointmentId: appointmentId,
    });
    expect(named.status).toBe(201);
    expect(named.body.message_appointmentId).toBe(appointmentId);
    expect(named.body.message_seq).toBe(2);
  });

  test('while the consultation runs, not once it is completed or cancelled', async () => {
    const { doctor, patient, appointmentId } = await scheduledConsultation(t);
    t.clock.set(Date.parse(slotAt(1, 10)) - 5 * MINUTE);
    expect((await call(t.app, 'POST', `/v1/appointments/join-meeting/${appointmentId}`, { token: patient.token })).status).toBe(200);
    const inRoom = { message_text: 'Я в кімнаті', message_recipientType: 'doctor', client_message_id: randomUUID() };
    const sent = await post(patient, inRoom);
    expect(sent.status).toBe(201);

    t.clock.set(Date.parse(slotAt(1, 10)) + 5 * MINUTE);
    const completed = await put(await renew(t, doctor), appointmentId, {
      appointment_status: 'completed',
      appointment_note: 'Консультацію проведено',
    });
    expect(completed.status, completed.text).toBe(200);
    const late = await post(patient, { message_text: 'Дякую', message_recipientType: 'doctor', message_appointmentId: appointmentId });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('APPOINTMENT_CLOSED');
    // A resend of what was sent while it ran still answers that message.
    const resent = await post(patient, inRoom);
    expect([resent.status, resent.body.id]).toEqual([200, sent.body.id]);

    t.clock.set(BASE);
    const other = await scheduledConsultation(t);
    expect((await put(other.patient, other.appointmentId, { appointment_status: 'canceled' })).status).toBe(200);
    const cancelled = await post(other.patient, {
      message_text: 'Дякую',
      message_recipientType: 'doctor',
      message_appointmentId: other.appointmentId,
    });
    expect(cancelled.body.code).toBe('APPOINTMENT_CLOSED');
  });

  test('without a current consultation: 409 NO_CURRENT_APPOINTMENT, nothing stored', async () => {
    const patient = await quickPatient(t);
    const response = await post(patient, { message_text: 'Лікарю?', message_recipientType: 'doctor' });
    expect(response.status).toBe(409);
    expect(response.body.code).toBe('NO_CURRENT_APPOINTMENT');
    expect(await t.database.db.select().from(messages).where(eq(messages.patientId, patient.patientId!))).toEqual([]);
  });

  test("another patient's appointment is 404, another patient's id 403, recipient 'patient' 400", async () => {
    const { appointmentId } = await scheduledConsultation(t);
    const stranger = await quickPatient(t);
    const foreign = await post(stranger, { message_text: 'Привіт', message_recipientType: 'doctor', message_appointmentId: appointmentId });
    expect(foreign.status).toBe(404);
    expect(
      (await post(stranger, { message_text: 'Привіт', message_recipientType: 'doctor', message_appointmentId: randomUUID() })).status,
    ).toBe(404);
    const { patient: owner } = await scheduledConsultation(t);
    const asOther = await post(stranger, { message_text: 'Привіт', message_recipientType: 'operator', message_patientId: owner.patientId });
    expect(asOther.status).toBe(403);
    const toPatient = await post(stranger, { message_text: 'Привіт', message_recipientType: 'patient' });
    expect(toPatient.status).toBe(400);
    expect(toPatient.body.errors[0].path).toBe('body.message_recipientType');
    expect(await t.database.db.select().from(messages).where(eq(messages.patientId, stranger.patientId!))).toEqual([]);
  });

  test('to the operators: the support conversation, with no doctor and no consultation', async () => {
    const patient = await quickPatient(t);
    const response = await toSupport(patient);
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      message_patientId: patient.patientId,
      message_operatorId: null,
      message_doctorId: null,
      message_appointmentId: null,
      message_recipientType: 'operator',
      message_senderType: 'patient',
    });
    const withAppointment = await post(patient, {
      message_text: 'x',
      message_recipientType: 'operator',
      message_appointmentId: randomUUID(),
    });
    expect(withAppointment.status).toBe(400);
  });
});

describe('staff write to a patient', () => {
  test("the doctor in its consultation with the patient; not in another's, not after it ended", async () => {
    const { doctor, patient, appointmentId } = await scheduledConsultation(t);
    const reply = await post(doctor, {
      message_text: 'Так, звісно',
      message_recipientType: 'patient',
      message_patientId: patient.patientId,
    });
    expect(reply.status, reply.text).toBe(201);
    expect(reply.body).toMatchObject({
      message_patientId: patient.patientId,
      message_doctorId: doctor.userId,
      message_appointmentId: appointmentId,
      message_senderType: 'doctor',
      message_recipientType: 'patient',
    });
    expect((await post(doctor, { message_text: 'x', message_recipientType: 'patient' })).status).toBe(400);
    expect(
      (await post(doctor, { message_text: 'x', message_recipientType: 'operator', message_patientId: patient.patientId })).status,
    ).toBe(400);

    const otherDoctor = await bookableDoctor(t);
    const stranger = await post(otherDoctor, { message_text: 'x', message_recipientType: 'patient', message_patientId: patient.patientId });
    expect(stranger.status).toBe(404);
    const named = await post(otherDoctor, {
      message_text: 'x',
      message_recipientType: 'patient',
      message_patientId: patient.patientId,
      message_appointmentId: appointmentId,
    });
    expect(named.status).toBe(404);

    // A doctor whose consultation with the patient is over may not write (the consultation is closed).
    const former = await bookableDoctor(t);
    const earlier = await quickPatient(t);
    await completedConsultation(t, earlier.userId, former.userId, slotAt(3, 10));
    const after = await post(former, { message_text: 'x', message_recipientType: 'patient', message_patientId: earlier.patientId });
    expect(after.status).toBe(409);
    expect(after.body.code).toBe('APPOINTMENT_CLOSED');
  });

  test('an operator or an admin in the support conversation, as its operator', async () => {
    const patient = await quickPatient(t);
    for (const role of ['operator', 'admin'] as const) {
      const staff = await quickAccount(t, role);
      const response = await post(staff, {
        message_text: 'Вітаю!',
        message_recipientType: 'patient',
        message_patientId: patient.patientId,
      });
      expect(response.status, response.text).toBe(201);
      expect(response.body).toMatchObject({
        message_patientId: patient.patientId,
        message_operatorId: staff.userId,
        message_doctorId: null,
        message_appointmentId: null,
        message_senderType: 'operator',
        message_recipientType: 'patient',
      });
    }
    const operator = await quickAccount(t, 'operator');
    expect((await post(operator, { message_text: 'x', message_recipientType: 'patient', message_patientId: randomUUID() })).status).toBe(
      404,
    );
    expect((await post(operator, { message_text: 'x', message_recipientType: 'patient' })).status).toBe(400);
    const none = await quickAccount(t, 'none');
    expect((await post(none, { message_text: 'x', message_recipientType: 'operator' })).status).toBe(403);
    expect((await call(t.app, 'POST', '/v1/messages', { body: { message_text: 'x' } })).status).toBe(401);
  });
});

describe('the text', () => {
  test.each([
    ['empty', ''],
    ['only spaces and line breaks', ' \n\t '],
    ['4001 characters', 'я'.repeat(4001)],
  ])('%s is 400', async (_name, text) => {
    const patient = await quickPatient(t);
    const response = await toSupport(patient, text);
    expect(response.status).toBe(400);
    expect(response.body.errors[0].path).toBe('body.message_text');
  });

  test.each([
    ['an escape sequence', 'a\u001b[31mb'],
    ['a bell', 'a\u0007b'],
    ['a bidirectional override', 'a\u202eb'],
  ])('with %s is 400 MULTI_LINE_TEXT', async (_name, text) => {
    const response = await toSupport(await quickPatient(t), text);
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([{ path: 'body.message_text', code: 'MULTI_LINE_TEXT', message: MULTI_LINE_TEXT_MESSAGE }]);
  });

  test('with a NUL is 400 (the input guard refuses it before the schema)', async () => {
    const response = await toSupport(await quickPatient(t), 'a\u0000b');
    expect(response.status).toBe(400);
    expect(response.body.errors[0].path).toBe('body.message_text');
  });

  test('4000 characters with line breaks and tabs are kept (CRLF as LF)', async () => {
    const text = `Рядок\r\nдругий\tрядок ${'я'.repeat(3980)}`;
    const response = await toSupport(await quickPatient(t), text);
    expect(response.status).toBe(201);
    expect(response.body.message_text).toBe(text.replace('\r\n', '\n'));
  });
});

describe('a resend with the same client_message_id', () => {
  test('answers the first message with 200 and stores no copy, whatever else it says', async () => {
    const patient = await quickPatient(t);
    const body = { message_text: 'Один раз', message_recipientType: 'operator', client_message_id: randomUUID() };
    const first = await call(t.app, 'POST', '/v1/messages', { token: patient.token, body });
    expect(first.status).toBe(201);
    const again = await call(t.app, 'POST', '/v1/messages', { token: patient.token, body: { ...body, message_text: 'Змінений' } });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const rows = await t.database.db.select().from(messages).where(eq(messages.patientId, patient.patientId!));
    expect(rows).toHaveLength(1);
    // The same client id from another sender is another message.
    const operator = await quickAccount(t, 'operator');
    const staffBody = { ...body, message_recipientType: 'patient', message_patientId: patient.patientId };
    expect((await call(t.app, 'POST', '/v1/messages', { token: operator.token, body: staffBody })).status).toBe(201);
  });
});

describe('chat-message-created', () => {
  test('reaches the patient and the doctor of the consultation, and not a third patient or the operators', async () => {
    const { doctor, patient } = await scheduledConsultation(t);
    const third = await quickPatient(t);
    const operator = await quickAccount(t, 'operator');
    const [patientSocket, doctorSocket, thirdSocket, operatorSocket] = await Promise.all([
      socketOf(patient),
      socketOf(doctor),
      socketOf(third),
      socketOf(operator),
    ]);
    const seenByThird = collect(thirdSocket);
    const seenByOperator = collect(operatorSocket);

    const toPatient = nextEvent<Message>(patientSocket, realtimeEvents.chatMessageCreated);
    const doctorHears = nextEvent<Message>(doctorSocket, realtimeEvents.chatMessageCreated);
    const sent = await post(patient, { message_text: 'Доброго ранку', message_recipientType: 'doctor' });
    expect(sent.status).toBe(201);
    expect(await toPatient).toEqual(sent.body);
    expect(await doctorHears).toEqual(sent.body);

    const reply = nextEvent<Message>(patientSocket, realtimeEvents.chatMessageCreated);
    const replied = await post(doctor, { message_text: 'Вітаю', message_recipientType: 'patient', message_patientId: patient.patientId });
    expect(await reply).toEqual(replied.body);

    await Promise.all([settled(thirdSocket, third), settled(operatorSocket, operator)]);
    expect(seenByThird).toEqual([]);
    expect(seenByOperator).toEqual([]);
  });

  test("a patient's support message reaches every operator; an operator's reply the patient and every operator", async () => {
    const patient = await quickPatient(t);
    const third = await quickPatient(t);
    const [first, second] = [await quickAccount(t, 'operator'), await quickAccount(t, 'operator')];
    const doctor = await bookableDoctor(t);
    const [patientSocket, thirdSocket, firstSocket, secondSocket, doctorSocket] = await Promise.all([
      socketOf(patient),
      socketOf(third),
      socketOf(first),
      socketOf(second),
      socketOf(doctor),
    ]);
    const seenByThird = collect(thirdSocket);
    const seenByDoctor = collect(doctorSocket);

    const arrivals = [patientSocket, firstSocket, secondSocket].map((s) => nextEvent<Message>(s, realtimeEvents.chatMessageCreated));
    const sent = await toSupport(patient);
    expect(await Promise.all(arrivals)).toEqual([sent.body, sent.body, sent.body]);

    // The reply claims the conversation for the first operator; the team's inboxes see it too.
    const replies = [patientSocket, firstSocket, secondSocket].map((s) => nextEvent<Message>(s, realtimeEvents.chatMessageCreated));
    const reply = await post(first, { message_text: 'Слухаю вас', message_recipientType: 'patient', message_patientId: patient.patientId });
    expect(await Promise.all(replies)).toEqual([reply.body, reply.body, reply.body]);
    expect(reply.body.message_senderName).toBe('Test operator');

    await Promise.all([settled(thirdSocket, third), settled(doctorSocket, doctor)]);
    expect(seenByThird).toEqual([]);
    expect(seenByDoctor).toEqual([]);
  });
});

test("removing the patient's account blanks the texts of its conversations", async () => {
  const { doctor, patient } = await scheduledConsultation(t);
  const other = await quickPatient(t);
  await post(patient, { message_text: 'Мені погано спиться', message_recipientType: 'doctor' });
  await post(doctor, { message_text: 'Розкажіть більше', message_recipientType: 'patient', message_patientId: patient.patientId });
  await toSupport(patient, 'Маю питання щодо оплати');
  await toSupport(other, 'Інший пацієнт');

  await t.services.accounts.anonymise(patient.userId);

  const rows = await t.database.db.select().from(messages).where(eq(messages.patientId, patient.patientId!));
  expect(rows).toHaveLength(3);
  expect(rows.map((row) => row.text)).toEqual(['', '', '']);
  const kept = await t.database.db.select().from(messages).where(eq(messages.patientId, other.patientId!));
  expect(kept.map((row) => row.text)).toEqual(['Інший пацієнт']);
});
