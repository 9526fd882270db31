import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { messageListSchema, realtimeEvents, type Message, type MessagesReadEvent } from '@rozmova/contracts';
import { auditLog } from '../../db/schema.ts';
import { messages } from '../../db/schema-chat.ts';
import { call } from '../../test/harness.ts';
import {
  BASE,
  bookableDoctor,
  completedConsultation,
  quickAccount,
  quickPatient,
  scheduledConsultation,
  sendMessage,
  slotAt,
  supportMessage,
  type Person,
} from '../../test/factories.ts';
import { fileSocketTestApp, nextEvent } from '../../test/socket.ts';

const app = await fileSocketTestApp(BASE);
const { t } = app;

const query = (params: Record<string, string | number | undefined>) =>
  new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined)).toString();
const list = (who: Person, params: Record<string, string | number | undefined> = {}) =>
  call(t.app, 'GET', `/v1/messages?${query(params)}`, { token: who.token });
const markRead = (who: Person, body: Record<string, unknown>) =>
  call(t.app, 'PATCH', '/v1/messages/mark-messages-as-read', { token: who.token, body });
const ids = (response: { body: { messages: Message[] } }) => response.body.messages.map((m) => m.id);

const auditOf = (actor: Person) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.actorId, actor.userId), eq(auditLog.resource, 'message')));

describe('GET /v1/messages pages', () => {
  test('45 messages: 20, 20 and 5, newest first, no overlap; an unknown or foreign lastMessageId is 404', async () => {
    const patient = await quickPatient(t);
    const operator = await quickAccount(t, 'operator');
    const sent: Message[] = [];
    for (let i = 0; i < 45; i++)
      sent.push(i % 2 ? await supportMessage(t, operator, `Відповідь ${i}`, patient) : await supportMessage(t, patient, `Питання ${i}`));
    const newestFirst = sent.map((m) => m.id).reverse();

    const first = await list(patient);
    expect(first.status).toBe(200);
    expect(messageListSchema.parse(first.body).messages).toHaveLength(20);
    const second = await list(patient, { lastMessageId: ids(first).at(-1) });
    const third = await list(patient, { lastMessageId: ids(second).at(-1) });
    const last = await list(patient, { lastMessageId: ids(third).at(-1) });
    expect([ids(first).length, ids(second).length, ids(third).length, ids(last).length]).toEqual([20, 20, 5, 0]);
    expect([...ids(first), ...ids(second), ...ids(third)]).toEqual(newestFirst);
    expect(first.body.messages[0]).toEqual(sent.at(-1));

    // The operator pages the same conversation by the patient id, with its own page size.
    const staffPage = await list(operator, { patientId: patient.patientId!, limit: 100 });
    expect(ids(staffPage)).toEqual(newestFirst);
    expect((await list(operator, { patientId: patient.patientId!, limit: 101 })).status).toBe(400);

    const other = await quickPatient(t);
    const foreign = await supportMessage(t, other, 'Чуже');
    expect((await list(patient, { lastMessageId: foreign.id })).status).toBe(404);
    expect((await list(patient, { lastMessageId: randomUUID() })).status).toBe(404);
  });
});

describe('who reads what', () => {
  test('a patient reads its own support conversation and its consultations; another patient gets 404', async () => {
    const { doctor, patient, appointmentId } = await scheduledConsultation(t);
    const question = await supportMessage(t, patient, 'Як оплатити?');
    const patientQuestion = await sendMessage(t, patient, { message_text: 'Лікарю, добрий день', message_recipientType: 'doctor' });
    const reply = await supportMessage(t, doctor, 'Добрий день', patient);

    expect(ids(await list(patient))).toEqual([question.id]);
    expect(ids(await list(patient, { recipientType: 'operator', patientId: patient.patientId! }))).toEqual([question.id]);
    expect(ids(await list(patient, { recipientType: 'doctor' }))).toEqual([reply.id, patientQuestion.id]);
    expect(ids(await list(patient, { appointmentId }))).toEqual([reply.id, patientQuestion.id]);
    expect((await list(patient, { recipientType: 'patient' })).status).toBe(400);

    const stranger = await quickPatient(t);
    expect((await list(stranger, { appointmentId })).status).toBe(404);
    expect((await list(stranger, { patientId: patient.patientId! })).status).toBe(404);
    expect((await list(stranger, { appointmentId: randomUUID() })).status).toBe(404);
    expect(ids(await list(stranger, { recipientType: 'doctor' }))).toEqual([]);
    expect((await call(t.app, 'GET', '/v1/messages')).status).toBe(401);
  });

  test("a doctor reads its own conversations with its patients, not support, not another doctor's", async () => {
    const { doctor, patient, appointmentId } = await scheduledConsultation(t);
    await supportMessage(t, patient, 'Питання до підтримки');
    const mine = await sendMessage(t, patient, { message_text: 'Питання до лікаря', message_recipientType: 'doctor' });

    expect(ids(await list(doctor, { patientId: patient.patientId! }))).toEqual([mine.id]);
    expect(ids(await list(doctor, { appointmentId }))).toEqual([mine.id]);
    expect((await list(doctor, { patientId: patient.patientId!, recipientType: 'operator' })).status).toBe(403);
    expect((await list(doctor, {})).status).toBe(400);

    const otherDoctor = await bookableDoctor(t);
    expect((await list(otherDoctor, { patientId: patient.patientId! })).status).toBe(404);
    expect((await list(otherDoctor, { appointmentId })).status).toBe(404);

    // A completed consultation keeps the conversation readable to its doctor; a doctor sees only its own part.
    const former = await bookableDoctor(t);
    const earlier = await quickPatient(t);
    const pastId = await completedConsultation(t, earlier.userId, former.userId, slotAt(2, 10));
    expect((await list(former, { patientId: earlier.patientId! })).status).toBe(200);
    expect((await list(former, { appointmentId: pastId })).status).toBe(200);
    expect((await list(former, { patientId: patient.patientId! })).status).toBe(404);
  });

  test('operators read the support conversation of any patient; admins any conversation', async () => {
    const { patient, appointmentId } = await scheduledConsultation(t);
    const question = await supportMessage(t, patient, 'Підтримко?');
    const patientQuestion = await sendMessage(t, patient, { message_text: 'Лікарю?', message_recipientType: 'doctor' });
    const operator = await quickAccount(t, 'operator');
    const admin = await quickAccount(t, 'admin');

    expect(ids(await list(operator, { patientId: patient.patientId! }))).toEqual([question.id]);
    expect(ids(await list(operator, { patientId: patient.patientId!, recipientType: 'patient' }))).toEqual([question.id]);
    expect((await list(operator, { appointmentId })).status).toBe(404);
    expect((await list(operator, { patientId: patient.patientId!, recipientType: 'doctor' })).status).toBe(403);
    expect((await list(operator, {})).status).toBe(400);
    expect((await list(operator, { patientId: randomUUID() })).status).toBe(404);

    expect(ids(await list(admin, { patientId: patient.patientId! }))).toEqual([question.id]);
    expect(ids(await list(admin, { appointmentId }))).toEqual([patientQuestion.id]);
    expect((await list(admin, { patientId: patient.patientId!, recipientType: 'doctor' })).status).toBe(400);
  });

  test('every staff read of a page is in the audit log; a patient reading its own is not', async () => {
    const { doctor, patient, appointmentId } = await scheduledConsultation(t);
    await supportMessage(t, patient, 'Перше');
    const newest = await supportMessage(t, patient, 'Друге');
    const patientQuestion = await sendMessage(t, patient, { message_text: 'Лікарю', message_recipientType: 'doctor' });
    const operator = await quickAccount(t, 'operator');
    const admin = await quickAccount(t, 'admin');

    await list(operator, { patientId: patient.patientId! });
    await list(doctor, { appointmentId });
    await list(admin, { patientId: patient.patientId! });
    await list(patient);

    const entry = (actor: Person, resourceId: string) => ({ actorId: actor.userId, action: 'list', resource: 'message', resourceId });
    expect(await auditOf(operator)).toEqual([expect.objectContaining({ ...entry(operator, newest.id), patientId: patient.patientId })]);
    expect(await auditOf(doctor)).toEqual([
      expect.objectContaining({ ...entry(doctor, patientQuestion.id), patientId: patient.patientId }),
    ]);
    expect(await auditOf(admin)).toEqual([expect.objectContaining(entry(admin, newest.id))]);
    expect(await auditOf(patient)).toEqual([]);
    // A refused read leaves nothing in the log.
    await list(await bookableDoctor(t), { patientId: patient.patientId! });
    const listed = await call(t.app, 'GET', `/v1/admin/audit-log?patientId=${patient.patientId}`, { token: admin.token });
    expect(listed.body.entries.filter((e: { resource: string }) => e.resource === 'message')).toHaveLength(3);
  });
});

describe('PATCH /v1/messages/mark-messages-as-read', () => {
  test('the operator marks what the patient wrote; the patient hears which, and its own reply stays unread', async () => {
    const patient = await quickPatient(t);
    const operator = await quickAccount(t, 'operator');
    const written = [
      await supportMessage(t, patient, 'Раз'),
      await supportMessage(t, patient, 'Два'),
      await supportMessage(t, patient, 'Три'),
    ];
    const reply = await supportMessage(t, operator, 'Відповідь', patient);
    const patientSocket = await app.connected(patient.token);

    const heard = nextEvent<MessagesReadEvent>(patientSocket, realtimeEvents.chatMessageRead);
    const marked = await markRead(operator, { patientId: patient.patientId, operatorId: operator.userId });
    expect(marked.status, marked.text).toBe(200);
    expect(marked.body).toEqual({ updated: 3 });
    const event = await heard;
    expect(event).toEqual({ patientId: patient.patientId, appointmentId: null, ids: expect.any(Array) });
    expect(event.ids.sort()).toEqual(written.map((m) => m.id).sort());

    expect((await markRead(operator, { patientId: patient.patientId })).body).toEqual({ updated: 0 });
    // The patient's read brings it the reply for the first time (its client never acknowledged it): Delivered.
    const page = (await list(patient)).body.messages as Message[];
    expect(page.map((m) => [m.message_text, m.message_status])).toEqual([
      ['Відповідь', 'Delivered'],
      ['Три', 'Read'],
      ['Два', 'Read'],
      ['Раз', 'Read'],
    ]);
    const rows = await t.database.db.select().from(messages).where(eq(messages.id, written[0]!.id));
    expect(rows[0]!.readAt).toEqual(t.clock.now());

    // The patient marks the reply; the operator who wrote it hears it.
    const operatorSocket = await app.connected(operator.token);
    const toOperator = nextEvent<MessagesReadEvent>(operatorSocket, realtimeEvents.chatMessageRead);
    expect((await markRead(patient, {})).body).toEqual({ updated: 1 });
    expect(await toOperator).toEqual({ patientId: patient.patientId, appointmentId: null, ids: [reply.id] });
  });

  test('in a consultation: the patient marks what the doctor wrote, the doctor what the patient wrote', async () => {
    const { doctor, patient, appointmentId } = await scheduledConsultation(t);
    await sendMessage(t, patient, { message_text: 'Питання', message_recipientType: 'doctor' });
    const answers = [await supportMessage(t, doctor, 'Відповідь 1', patient), await supportMessage(t, doctor, 'Відповідь 2', patient)];
    const doctorSocket = await app.connected(doctor.token);

    const heard = nextEvent<MessagesReadEvent>(doctorSocket, realtimeEvents.chatMessageRead);
    expect((await markRead(patient, { appointmentId })).body).toEqual({ updated: 2 });
    const event = await heard;
    expect({ ...event, ids: event.ids.sort() }).toEqual({
      patientId: patient.patientId,
      appointmentId,
      ids: answers.map((m) => m.id).sort(),
    });
    expect((await markRead(doctor, { appointmentId })).body).toEqual({ updated: 1 });
    expect((await markRead(doctor, { patientId: patient.patientId })).body).toEqual({ updated: 0 });

    const stranger = await quickPatient(t);
    expect((await markRead(stranger, { appointmentId })).status).toBe(404);
    expect((await markRead(stranger, { patientId: patient.patientId })).status).toBe(404);
    expect((await markRead(await bookableDoctor(t), { appointmentId })).status).toBe(404);
    expect((await markRead(await quickAccount(t, 'operator'), { appointmentId })).status).toBe(404);
    expect((await markRead(await quickAccount(t, 'admin'), { appointmentId })).status).toBe(403);
  });

  test("staff name the patient and mark only as themselves; another operator's id is 403", async () => {
    const patient = await quickPatient(t);
    await supportMessage(t, patient, 'Раз');
    const operator = await quickAccount(t, 'operator');
    expect((await markRead(operator, {})).status).toBe(400);
    expect((await markRead(operator, { patientId: patient.patientId, operatorId: randomUUID() })).status).toBe(403);
    expect((await markRead(operator, { patientId: randomUUID() })).status).toBe(404);
    expect((await markRead(await quickAccount(t, 'admin'), { patientId: patient.patientId })).body).toEqual({ updated: 1 });
  });

  test('calls at once count each message once', async () => {
    const patient = await quickPatient(t);
    for (let i = 0; i < 12; i++) await supportMessage(t, patient, `Повідомлення ${i}`);
    const operators = await Promise.all([1, 2, 3].map(() => quickAccount(t, 'operator')));
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => markRead(operators[i % 3]!, { patientId: patient.patientId })));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers.reduce((sum, a) => sum + (a.body.updated as number), 0)).toBe(12);
  });
});
