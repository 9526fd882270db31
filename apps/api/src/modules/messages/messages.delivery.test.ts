import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { describe, expect, test } from 'vitest';
import { realtimeEvents, type Message, type MessagesDeliveredEvent } from '@rozmova/contracts';
import { messages } from '../../db/schema-chat.ts';
import { call, PDF } from '../../test/harness.ts';
import {
  BASE,
  bookableDoctor,
  bookFor,
  quickAccount,
  quickPatient,
  sendMessage,
  slotAt,
  supportMessage,
  type Person,
} from '../../test/factories.ts';
import { everythingArrived, fileSocketTestApp, nextEvent } from '../../test/socket.ts';
import { MESSAGES_PER_MINUTE } from './messages.service.ts';

const app = await fileSocketTestApp(BASE);
const { t } = app;

const list = (who: Person, query: string) => call(t.app, 'GET', `/v1/messages?${query}`, { token: who.token });
const statusOf = async (id: string) => (await t.database.db.select().from(messages).where(eq(messages.id, id)))[0]!;

/**
 * A client that acknowledges `chat-message-created`, as the web app does. Only a recipient's copy asks for it: a copy
 * that only informs (the writer's other tabs, other operators) ends with the recovery offset string instead.
 */
async function acking(who: Person): Promise<Socket> {
  const socket = await app.connected(who.token);
  socket.on(realtimeEvents.chatMessageCreated, (_message: Message, ack?: unknown) => {
    if (typeof ack === 'function') ack();
  });
  return socket;
}

/** The ticks a writer's socket hears, in order. */
function ticks(socket: Socket): [string, string[]][] {
  const heard: [string, string[]][] = [];
  socket.on(realtimeEvents.chatMessageDelivered, (e: MessagesDeliveredEvent) => heard.push(['delivered', e.ids]));
  socket.on(realtimeEvents.chatMessageRead, (e: MessagesDeliveredEvent) => heard.push(['read', e.ids]));
  return heard;
}

const markerArrives = (socket: Socket, who: Person) => everythingArrived(t, socket, who.userId);

describe('Sent → Delivered → Read over real sockets', () => {
  test("a patient's support message: an operator's client acknowledges it, then the operator reads it", async () => {
    const patient = await quickPatient(t);
    const operator = await quickAccount(t, 'operator');
    const patientSocket = await app.connected(patient.token);
    const heard = ticks(patientSocket);
    await acking(operator);

    const delivered = nextEvent<MessagesDeliveredEvent>(patientSocket, realtimeEvents.chatMessageDelivered);
    const sent = await supportMessage(t, patient, 'Чи є хтось?');
    expect(sent.message_status).toBe('Sent');
    expect(await delivered).toEqual({ patientId: patient.patientId, appointmentId: null, ids: [sent.id] });
    expect(await statusOf(sent.id)).toMatchObject({ status: 'Delivered', deliveredAt: t.clock.now() });

    const read = nextEvent(patientSocket, realtimeEvents.chatMessageRead);
    expect(
      (await call(t.app, 'PATCH', '/v1/messages/mark-messages-as-read', { token: operator.token, body: { patientId: patient.patientId } }))
        .status,
    ).toBe(200);
    await read;
    expect(heard).toEqual([
      ['delivered', [sent.id]],
      ['read', [sent.id]],
    ]);
  });

  test('in a consultation each side acknowledges what the other wrote', async () => {
    const doctor = await bookableDoctor(t);
    const patient = await quickPatient(t);
    const appointmentId = (await bookFor(t, patient, doctor, slotAt(1, 10))).body.id as string;
    const [patientSocket, doctorSocket] = [await acking(patient), await acking(doctor)];

    const ackedByDoctor = nextEvent<MessagesDeliveredEvent>(patientSocket, realtimeEvents.chatMessageDelivered);
    const question = await sendMessage(t, patient, { message_text: 'Лікарю?', message_recipientType: 'doctor' });
    expect(await ackedByDoctor).toEqual({ patientId: patient.patientId, appointmentId, ids: [question.id] });

    const fromDoctor = nextEvent<MessagesDeliveredEvent>(doctorSocket, realtimeEvents.chatMessageDelivered);
    const answer = await supportMessage(t, doctor, 'Слухаю', patient);
    expect((await fromDoctor).ids).toEqual([answer.id]);
  });

  test("once held, only the holder's client delivers; without it the holder's read does, and tells the patient", async () => {
    const patient = await quickPatient(t);
    const [holder, other] = [await quickAccount(t, 'operator'), await quickAccount(t, 'operator')];
    await supportMessage(t, patient, 'Перше');
    expect((await call(t.app, 'POST', `/v1/patients/${patient.patientId}/claim`, { token: holder.token })).status).toBe(200);
    const patientSocket = await app.connected(patient.token);
    const heard = ticks(patientSocket);
    const otherSocket = await acking(other);
    const seenByOther = nextEvent<Message>(otherSocket, realtimeEvents.chatMessageCreated);
    const waiting = await supportMessage(t, patient, 'Друге');
    expect((await seenByOther).id).toBe(waiting.id);
    await markerArrives(patientSocket, patient);
    expect(heard).toEqual([]);

    // Another operator's read does not deliver to the holder; the holder's does.
    expect((await list(other, `patientId=${patient.patientId}`)).body.messages[0].message_status).toBe('Sent');
    const delivered = nextEvent<MessagesDeliveredEvent>(patientSocket, realtimeEvents.chatMessageDelivered);
    const page = await list(holder, `patientId=${patient.patientId}`);
    expect(page.body.messages.map((m: Message) => m.message_status)).toEqual(['Delivered', 'Delivered']);
    expect((await delivered).ids.sort()).toEqual(page.body.messages.map((m: Message) => m.id).sort());
    // Reading again changes nothing and tells nobody.
    await list(holder, `patientId=${patient.patientId}`);
    await markerArrives(patientSocket, patient);
    expect(heard).toHaveLength(1);
  });

  test('messages acknowledged at once are marked together, and each writer hears only of its own', async () => {
    const patients = await Promise.all(Array.from({ length: 8 }, () => quickPatient(t)));
    await acking(await quickAccount(t, 'operator'));
    const sockets = await Promise.all(patients.map((patient) => app.connected(patient.token)));
    const delivered = sockets.map((socket) => nextEvent<MessagesDeliveredEvent>(socket, realtimeEvents.chatMessageDelivered));
    const sent = await Promise.all(patients.map((patient, i) => supportMessage(t, patient, `Разом ${i}`)));
    expect((await Promise.all(delivered)).map((event) => event.ids)).toEqual(sent.map((message) => [message.id]));
    for (const message of sent) expect((await statusOf(message.id)).status).toBe('Delivered');
  });

  test('never back from Read: an acknowledgement arriving after the read leaves it Read', async () => {
    const patient = await quickPatient(t);
    const operator = await quickAccount(t, 'operator');
    const patientSocket = await app.connected(patient.token);
    const heard = ticks(patientSocket);
    const operatorSocket = await app.connected(operator.token);
    const late = new Promise<() => void>((resolve) =>
      operatorSocket.once(realtimeEvents.chatMessageCreated, (_m: Message, ack: () => void) => resolve(ack)),
    );
    const sent = await supportMessage(t, patient, 'Повільний клієнт');
    const ack = await late;
    const read = nextEvent(patientSocket, realtimeEvents.chatMessageRead);
    await call(t.app, 'PATCH', '/v1/messages/mark-messages-as-read', { token: operator.token, body: { patientId: patient.patientId } });
    await read;
    ack();
    await markerArrives(patientSocket, patient);
    await list(operator, `patientId=${patient.patientId}`);
    await markerArrives(patientSocket, patient);
    expect(heard).toEqual([['read', [sent.id]]]);
    expect((await statusOf(sent.id)).status).toBe('Read');
  });
});

describe('catching up with afterSeq', () => {
  test('25 messages numbered 1–25: after the 5th come the next 20 oldest first, then the rest; with lastMessageId it covers them all', async () => {
    const patient = await quickPatient(t);
    const operator = await quickAccount(t, 'operator');
    const sent: Message[] = [];
    for (let i = 0; i < 25; i++)
      sent.push(i % 3 ? await supportMessage(t, patient, `П${i}`) : await supportMessage(t, operator, `О${i}`, patient));
    expect(sent.map((m) => m.message_seq)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    const ids = (response: { body: { messages: Message[] } }) => response.body.messages.map((m) => m.id);

    const next = await list(patient, 'afterSeq=5');
    expect(next.status).toBe(200);
    expect(ids(next)).toEqual(sent.slice(5, 25).map((m) => m.id));
    expect(ids(await list(patient, 'afterSeq=25'))).toEqual([]);
    expect(ids(await list(operator, `patientId=${patient.patientId}&afterSeq=20&limit=3`))).toEqual(sent.slice(20, 23).map((m) => m.id));
    // Newest page, then back with lastMessageId, then forward again from the oldest seen: every message once.
    const newest = (await list(patient, 'limit=10')).body.messages as Message[];
    const older = ids(await list(patient, `lastMessageId=${newest.at(-1)!.id}&limit=100`));
    expect([...older.reverse(), ...newest.map((m) => m.id).reverse()]).toEqual(sent.map((m) => m.id));
    expect(ids(await list(patient, `afterSeq=${sent[0]!.message_seq}&limit=100`))).toEqual(sent.slice(1).map((m) => m.id));

    const both = await list(patient, `afterSeq=1&lastMessageId=${sent[3]!.id}`);
    expect(both.status).toBe(400);
    expect(both.body.errors[0].path).toBe('querystring.afterSeq');
    for (const bad of ['-1', '1.5', 'x', String(2 ** 31)]) expect((await list(patient, `afterSeq=${bad}`)).status).toBe(400);
    // Each conversation has its own numbering; a number reads only the caller's own conversation.
    const stranger = await quickPatient(t);
    const foreign = await supportMessage(t, stranger, 'Чуже');
    expect(foreign.message_seq).toBe(1);
    expect(ids(await list(stranger, 'afterSeq=0'))).toEqual([foreign.id]);
    expect(ids(await list(patient, 'afterSeq=24'))).toEqual([sent[24]!.id]);
  });

  test("a consultation numbers its own messages; the doctor's view across consultations is 400 with afterSeq", async () => {
    const patient = await quickPatient(t);
    const doctor = await bookableDoctor(t);
    const appointmentId = (await bookFor(t, patient, doctor, slotAt(1, 10))).body.id as string;
    await supportMessage(t, patient, 'До операторів');
    const first = await sendMessage(t, patient, { message_text: 'Лікарю', message_recipientType: 'doctor' });
    const reply = await sendMessage(t, doctor, {
      message_text: 'Слухаю',
      message_recipientType: 'patient',
      message_patientId: patient.patientId,
    });
    expect([first.message_seq, reply.message_seq]).toEqual([1, 2]);
    const inConsultation = await list(doctor, `patientId=${patient.patientId}&appointmentId=${appointmentId}&afterSeq=1`);
    expect(inConsultation.body.messages.map((m: Message) => m.id)).toEqual([reply.id]);
    const across = await list(doctor, `patientId=${patient.patientId}&afterSeq=1`);
    expect(across.status).toBe(400);
    expect(across.body.errors[0].path).toBe('querystring.appointmentId');
  });
});

describe('names and documents', () => {
  test("a message carries one of the patient's documents, named; another patient's document is 404", async () => {
    const patient = await quickPatient(t, 'Тарас Документ');
    const stranger = await quickPatient(t);
    const operator = await quickAccount(t, 'operator', 'Оля');
    const upload = async (who: Person) =>
      t.services.documents.upload(await t.services.accounts.getAccount(who.userId), Readable.from([PDF]));
    const mine = await upload(patient);
    const theirs = await upload(stranger);
    const patientSocket = await app.connected(patient.token);
    const announced = nextEvent<Message>(patientSocket, realtimeEvents.chatMessageCreated);
    const sent = await sendMessage(t, patient, {
      message_text: 'Ось мій аналіз',
      message_recipientType: 'operator',
      message_documentId: mine.id,
    });
    expect(sent).toMatchObject({ message_documentId: mine.id, message_documentName: mine.file, message_senderName: 'Тарас Документ' });
    expect(await announced).toEqual(sent);

    for (const documentId of [theirs.id, randomUUID()]) {
      const refused = await call(t.app, 'POST', '/v1/messages', {
        token: patient.token,
        body: { message_text: 'Чужий', message_recipientType: 'operator', message_documentId: documentId, client_message_id: randomUUID() },
      });
      expect(refused.status).toBe(404);
    }
    // Staff may point at the patient's own document, not another patient's.
    const reply = await sendMessage(t, operator, {
      message_text: 'Бачу документ',
      message_recipientType: 'patient',
      message_patientId: patient.patientId,
      message_documentId: mine.id,
    });
    expect(reply).toMatchObject({ message_documentName: mine.file, message_senderName: 'Оля' });
    expect(
      (
        await call(t.app, 'POST', '/v1/messages', {
          token: operator.token,
          body: {
            message_text: 'x',
            message_recipientType: 'patient',
            message_patientId: patient.patientId,
            message_documentId: theirs.id,
            client_message_id: randomUUID(),
          },
        })
      ).status,
    ).toBe(404);
    expect((await list(patient, '')).body.messages.map((m: Message) => [m.message_senderName, m.message_documentName])).toEqual([
      ['Оля', mine.file],
      ['Тарас Документ', mine.file],
    ]);

    // A deleted document leaves the message without it.
    expect((await call(t.app, 'DELETE', `/v1/user-references/${mine.id}/my`, { token: patient.token })).status).toBe(200);
    const after = (await list(patient, '')).body.messages as Message[];
    expect(after.map((m) => [m.message_documentId, m.message_documentName])).toEqual([
      [null, null],
      [null, null],
    ]);
  });
});

describe('a resend of a message nobody received', () => {
  test('announces it again (its instance may have stopped before telling anyone); once received, a resend is quiet', async () => {
    const patient = await quickPatient(t);
    const operator = await quickAccount(t, 'operator');
    const body = { message_text: 'Ви тут?', message_recipientType: 'operator', client_message_id: randomUUID() };
    // Stored while no operator was connected: nobody acknowledged it.
    const first = await call(t.app, 'POST', '/v1/messages', { token: patient.token, body });
    expect(first.status).toBe(201);

    const operatorSocket = await acking(operator);
    const heard: string[] = [];
    operatorSocket.on(realtimeEvents.chatMessageCreated, (m: Message) => heard.push(m.id));
    const again = await call(t.app, 'POST', '/v1/messages', { token: patient.token, body });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    await expect.poll(() => heard).toEqual([first.body.id]);
    await expect.poll(async () => (await statusOf(first.body.id)).status).toBe('Delivered');

    expect((await call(t.app, 'POST', '/v1/messages', { token: patient.token, body })).status).toBe(200);
    await markerArrives(operatorSocket, operator);
    expect(heard).toEqual([first.body.id]);
    expect(await t.database.db.select().from(messages).where(eq(messages.patientId, patient.patientId!))).toHaveLength(1);
  });

  test('50 resends at once answer the one message and announce it no more often than sends are allowed', async () => {
    const patient = await quickPatient(t);
    const operator = await quickAccount(t, 'operator');
    const body = { message_text: 'Алло?', message_recipientType: 'operator', client_message_id: randomUUID() };
    const first = await call(t.app, 'POST', '/v1/messages', { token: patient.token, body });
    expect(first.status).toBe(201);
    // A connection that never acknowledges: the message stays Sent, so each resend may announce it.
    const operatorSocket = await app.connected(operator.token);
    const heard: string[] = [];
    operatorSocket.on(realtimeEvents.chatMessageCreated, (m: Message) => heard.push(m.id));

    const answers = await Promise.all(
      Array.from({ length: 50 }, () => call(t.app, 'POST', '/v1/messages', { token: patient.token, body })),
    );
    expect(answers.map((a) => [a.status, a.body.id])).toEqual(Array.from({ length: 50 }, () => [200, first.body.id]));
    await markerArrives(operatorSocket, operator);
    expect(heard.length).toBeGreaterThan(0);
    expect(heard.length).toBeLessThanOrEqual(MESSAGES_PER_MINUTE);
    expect(new Set(heard)).toEqual(new Set([first.body.id]));
    expect(await t.database.db.select().from(messages).where(eq(messages.patientId, patient.patientId!))).toHaveLength(1);
  });
});
