import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import {
  conversationStateSchema,
  operatorListSchema,
  realtimeEvents,
  supportEventListSchema,
  type ConversationState,
} from '@rozmova/contracts';
import { auditLog } from '../../db/schema.ts';
import { call } from '../../test/harness.ts';
import { BASE, bookableDoctor, quickAccount, quickPatient, supportMessage, type Person } from '../../test/factories.ts';
import { everythingArrived, fileSocketTestApp, nextEvent } from '../../test/socket.ts';

const app = await fileSocketTestApp(BASE);
const { t } = app;

const write = (who: Person, text: string, patient?: Person) => supportMessage(t, who, text, patient);
const act = (who: Person, action: 'claim' | 'close' | 'reopen', patient: Person) =>
  call(t.app, 'POST', `/v1/patients/${patient.patientId}/${action}`, { token: who.token });
const transfer = (who: Person, patient: Person, body: Record<string, unknown>) =>
  call(t.app, 'POST', `/v1/patients/${patient.patientId}/transfer`, { token: who.token, body });
const stateOf = async (patient: Person) => {
  const admin = await quickAccount(t, 'admin');
  const record = await call(t.app, 'GET', `/v1/patients/${patient.patientId}`, { token: admin.token });
  return [record.body.chat_patient_status, record.body.interacting_with_operator];
};
const eventsOf = async (who: Person, patient: Person) => {
  const response = await call(t.app, 'GET', `/v1/patients/${patient.patientId}/support-events`, { token: who.token });
  expect(response.status, response.text).toBe(200);
  return supportEventListSchema.parse(response.body).events;
};

describe('the conversation follows its messages', () => {
  test('new → (operator replies: claimed) active → awaiting → active → closed → (patient writes) awaiting', async () => {
    const patient = await quickPatient(t);
    const operator = await quickAccount(t, 'operator', 'Оксана Операторка');
    expect(await stateOf(patient)).toEqual(['new', null]);
    await write(patient, 'Добрий день');
    expect(await stateOf(patient)).toEqual(['new', null]);
    await write(operator, 'Вітаю, слухаю вас', patient);
    expect(await stateOf(patient)).toEqual(['active', operator.userId]);
    await write(patient, 'Маю питання');
    expect(await stateOf(patient)).toEqual(['awaiting', operator.userId]);
    await write(operator, 'Відповідаю', patient);
    expect(await stateOf(patient)).toEqual(['active', operator.userId]);
    expect((await act(operator, 'close', patient)).body).toEqual({
      patientId: patient.patientId,
      chat_patient_status: 'closed',
      interacting_with_operator: operator.userId,
      operator_name: 'Оксана Операторка',
    });
    // Staff writing in a closed conversation leave it closed; the patient writing opens it again.
    await write(operator, 'Ще одне', patient);
    expect(await stateOf(patient)).toEqual(['closed', operator.userId]);
    await write(patient, 'Я знову тут');
    expect(await stateOf(patient)).toEqual(['awaiting', operator.userId]);
    expect((await eventsOf(operator, patient)).map((e) => [e.kind, e.actorId])).toEqual([
      ['claimed', operator.userId],
      ['closed', operator.userId],
      ['reopened', patient.userId],
    ]);
  });

  test('a patient writing to a conversation whose holder was deactivated makes it new again', async () => {
    const patient = await quickPatient(t);
    const operator = await quickAccount(t, 'operator');
    await write(patient, 'Привіт');
    expect((await act(operator, 'claim', patient)).body.chat_patient_status).toBe('awaiting');
    await t.services.accounts.setActive(operator.userId, false);
    await write(patient, 'Є хтось?');
    expect(await stateOf(patient)).toEqual(['new', null]);
  });

  test('a message to the doctor changes nothing in the support conversation', async () => {
    const patient = await quickPatient(t);
    await write(patient, 'Підтримка?');
    const operator = await quickAccount(t, 'operator');
    await act(operator, 'claim', patient);
    const before = await stateOf(patient);
    const doctor = await bookableDoctor(t);
    const booked = await call(t.app, 'POST', '/v1/appointments', {
      token: patient.token,
      body: { appointment_doctorId: doctor.userId, appointment_patientId: patient.patientId, appointment_date: '2027-01-12T10:00:00Z' },
    });
    expect(booked.status).toBe(201);
    await write(doctor, 'Вітаю', patient);
    expect(await stateOf(patient)).toEqual(before);
  });
});

describe('POST /v1/patients/{id}/claim', () => {
  test('takes an unheld conversation; the holder again is 200 without a second event; another operator 409', async () => {
    const patient = await quickPatient(t);
    await write(patient, 'Допоможіть');
    const [first, second] = [await quickAccount(t, 'operator', 'Перша'), await quickAccount(t, 'operator')];
    const claimed = await act(first, 'claim', patient);
    expect(claimed.status).toBe(200);
    expect(conversationStateSchema.parse(claimed.body)).toEqual({
      patientId: patient.patientId,
      chat_patient_status: 'awaiting',
      interacting_with_operator: first.userId,
      operator_name: 'Перша',
    });
    expect((await act(first, 'claim', patient)).body).toEqual(claimed.body);
    const lost = await act(second, 'claim', patient);
    expect(lost.status).toBe(409);
    expect(lost.body.code).toBe('CONVERSATION_HELD');
    expect((await eventsOf(first, patient)).map((e) => e.kind)).toEqual(['claimed']);
  });

  test('an admin may take one; patients, doctors and anonymous callers may not; unknown or removed patients are 404', async () => {
    const patient = await quickPatient(t);
    const other = await quickPatient(t);
    expect((await act(other, 'claim', patient)).status).toBe(403);
    expect((await act(patient, 'claim', patient)).status).toBe(403);
    expect((await act(await bookableDoctor(t), 'claim', patient)).status).toBe(403);
    expect((await call(t.app, 'POST', `/v1/patients/${patient.patientId}/claim`)).status).toBe(401);
    const admin = await quickAccount(t, 'admin');
    expect((await act(admin, 'claim', patient)).body).toMatchObject({ interacting_with_operator: admin.userId });
    const operator = await quickAccount(t, 'operator');
    expect((await call(t.app, 'POST', `/v1/patients/${randomUUID()}/claim`, { token: operator.token })).status).toBe(404);
    await t.services.accounts.anonymise(other.userId);
    expect((await act(operator, 'claim', other)).status).toBe(404);
  });
});

describe('POST /v1/patients/{id}/transfer', () => {
  test('the holder hands it over with a note; the new holder is named; the event keeps the note', async () => {
    const patient = await quickPatient(t);
    await write(patient, 'Питання про оплату');
    const holder = await quickAccount(t, 'operator', 'Ірина');
    const colleague = await quickAccount(t, 'operator', 'Богдан');
    await act(holder, 'claim', patient);
    const moved = await transfer(holder, patient, { operatorId: colleague.userId, note: 'Питання про\nоплату, допоможи' });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body).toEqual({
      patientId: patient.patientId,
      chat_patient_status: 'awaiting',
      interacting_with_operator: colleague.userId,
      operator_name: 'Богдан',
    });
    const [, transferred] = await eventsOf(colleague, patient);
    expect(transferred).toMatchObject({
      kind: 'transferred',
      actorId: holder.userId,
      actor_name: 'Ірина',
      toOperatorId: colleague.userId,
      to_operator_name: 'Богдан',
      note: 'Питання про\nоплату, допоможи',
    });
    // The former holder no longer holds it; an admin may still move it anywhere.
    expect((await transfer(holder, patient, { operatorId: holder.userId })).status).toBe(403);
    const admin = await quickAccount(t, 'admin');
    expect((await transfer(admin, patient, { operatorId: holder.userId })).body.interacting_with_operator).toBe(holder.userId);
  });

  test('to anyone but an active operator or admin is 400; an unheld one may be handed over by any operator', async () => {
    const patient = await quickPatient(t);
    await write(patient, 'Є питання');
    const operator = await quickAccount(t, 'operator');
    const retired = await quickAccount(t, 'operator');
    await t.services.accounts.setActive(retired.userId, false);
    for (const target of [randomUUID(), patient.userId, (await bookableDoctor(t)).userId, retired.userId]) {
      const refused = await transfer(operator, patient, { operatorId: target });
      expect(refused.status).toBe(400);
      expect(refused.body.errors[0].path).toBe('body.operatorId');
    }
    const colleague = await quickAccount(t, 'operator');
    expect((await transfer(operator, patient, { operatorId: colleague.userId })).status).toBe(200);
    expect((await transfer(patient, patient, { operatorId: colleague.userId })).status).toBe(403);
    expect((await transfer(operator, patient, { operatorId: colleague.userId, note: 'я'.repeat(1001) })).status).toBe(400);
  });
});

describe('admins answer chats too', () => {
  test('the transfer targets are the active operators and admins; a transfer to an admin is accepted', async () => {
    const patient = await quickPatient(t);
    await write(patient, 'Допоможіть із записом');
    const operator = await quickAccount(t, 'operator', 'Єдина Операторка');
    const admin = await quickAccount(t, 'admin', 'Марко Адмін');
    const retired = await quickAccount(t, 'admin', 'Колишній Адмін');
    await t.services.accounts.setActive(retired.userId, false);
    const doctor = await bookableDoctor(t);

    const listed = await call(t.app, 'GET', '/v1/support/operators', { token: operator.token });
    expect(listed.status, listed.text).toBe(200);
    const targets = operatorListSchema.parse(listed.body).operators;
    const ids = targets.map((person) => person.id);
    expect(ids).toEqual(expect.arrayContaining([operator.userId, admin.userId]));
    for (const other of [retired, doctor, patient]) expect(ids).not.toContain(other.userId);
    expect(listed.body.operators.find((person: { id: string }) => person.id === admin.userId)).toEqual({
      id: admin.userId,
      user_name: 'Марко Адмін',
      availability: 'offline',
    });

    await act(operator, 'claim', patient);
    const moved = await transfer(operator, patient, { operatorId: admin.userId, note: 'Потрібне рішення адміністратора' });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body).toMatchObject({ interacting_with_operator: admin.userId, operator_name: 'Марко Адмін' });
    const mine = await call(t.app, 'GET', '/v1/support/inbox?holder=mine', { token: admin.token });
    expect(mine.body.conversations.map((c: { patientId: string }) => c.patientId)).toEqual([patient.patientId]);
    expect((await eventsOf(admin, patient)).at(-1)).toMatchObject({
      kind: 'transferred',
      toOperatorId: admin.userId,
      to_operator_name: 'Марко Адмін',
    });
    // The admin hands it back; a deactivated admin is no target.
    expect((await transfer(admin, patient, { operatorId: operator.userId })).body.interacting_with_operator).toBe(operator.userId);
    const refused = await transfer(operator, patient, { operatorId: retired.userId });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].path).toBe('body.operatorId');
  });
});

describe('close and reopen', () => {
  test('only the holder or an admin closes a held one; any operator reopens; both are idempotent', async () => {
    const patient = await quickPatient(t);
    await write(patient, 'Привіт');
    const [holder, other] = [await quickAccount(t, 'operator'), await quickAccount(t, 'operator')];
    await act(holder, 'claim', patient);
    await write(holder, 'Доброго дня', patient);
    expect((await act(other, 'close', patient)).status).toBe(403);
    expect((await act(holder, 'close', patient)).body.chat_patient_status).toBe('closed');
    expect((await act(holder, 'close', patient)).body.chat_patient_status).toBe('closed');
    const reopened = await act(other, 'reopen', patient);
    expect(reopened.body).toMatchObject({ chat_patient_status: 'active', interacting_with_operator: holder.userId });
    expect((await act(other, 'reopen', patient)).status).toBe(200);
    expect((await eventsOf(other, patient)).map((e) => e.kind)).toEqual(['claimed', 'closed', 'reopened']);

    // Closing an unheld conversation (spam, a thank-you) is anyone's; reopened it is new again.
    const quiet = await quickPatient(t);
    await write(quiet, 'Дякую!');
    expect((await act(other, 'close', quiet)).body).toMatchObject({ chat_patient_status: 'closed', interacting_with_operator: null });
    expect((await act(holder, 'reopen', quiet)).body).toMatchObject({ chat_patient_status: 'new', interacting_with_operator: null });
    expect((await act(quiet, 'reopen', quiet)).status).toBe(403);
  });
});

describe('chat-conversation-updated', () => {
  test('reaches every operator and the patient, not another patient', async () => {
    const patient = await quickPatient(t);
    const stranger = await quickPatient(t);
    const [operator, colleague] = [await quickAccount(t, 'operator', 'Марія'), await quickAccount(t, 'operator')];
    const [patientSocket, strangerSocket, colleagueSocket] = await Promise.all([
      app.connected(patient.token),
      app.connected(stranger.token),
      app.connected(colleague.token),
    ]);
    const seenByStranger: unknown[] = [];
    strangerSocket.on(realtimeEvents.chatConversationUpdated, (e) => seenByStranger.push(e));
    await write(patient, 'Є хтось?');

    const toPatient = nextEvent<ConversationState>(patientSocket, realtimeEvents.chatConversationUpdated);
    const toColleague = nextEvent<ConversationState>(colleagueSocket, realtimeEvents.chatConversationUpdated);
    const claimed = await act(operator, 'claim', patient);
    expect(await toPatient).toEqual(claimed.body);
    expect(await toColleague).toEqual(claimed.body);
    expect(claimed.body.operator_name).toBe('Марія');

    // A message that changes the status is announced too, with the holder's name (the writer's or another's).
    const active = nextEvent<ConversationState>(patientSocket, realtimeEvents.chatConversationUpdated);
    await write(operator, 'Так, я тут', patient);
    expect(await active).toMatchObject({ chat_patient_status: 'active', operator_name: 'Марія' });
    const awaiting = nextEvent<ConversationState>(colleagueSocket, realtimeEvents.chatConversationUpdated);
    await write(patient, 'Дякую, чекаю');
    expect(await awaiting).toMatchObject({ chat_patient_status: 'awaiting', operator_name: 'Марія' });

    await everythingArrived(t, strangerSocket, stranger.userId);
    expect(seenByStranger).toEqual([]);
  });
});

describe('a message and the state it moved the conversation to', () => {
  test('arrive in that order: the patient hears the claiming reply first, the holder the patient’s answer first', async () => {
    const patient = await quickPatient(t);
    const operator = await quickAccount(t, 'operator');
    const [patientSocket, operatorSocket] = await Promise.all([app.connected(patient.token), app.connected(operator.token)]);
    // What a socket hears from now on: the conversation's states, and messages by their text.
    const order = (socket: typeof patientSocket) => {
      const seen: string[] = [];
      socket.onAny((name: string, payload: { message_text?: string }) => {
        if (name === realtimeEvents.chatConversationUpdated) seen.push('state');
        if (name === realtimeEvents.chatMessageCreated) seen.push(payload.message_text!);
      });
      return seen;
    };
    await write(patient, 'Є хтось?');
    await everythingArrived(t, patientSocket, patient.userId);
    const toPatient = order(patientSocket);
    await write(operator, 'Так, я тут', patient);
    await everythingArrived(t, patientSocket, patient.userId);
    expect(toPatient).toEqual(['Так, я тут', 'state']);

    await everythingArrived(t, operatorSocket, operator.userId);
    const toHolder = order(operatorSocket);
    await write(patient, 'Дякую, чекаю');
    await everythingArrived(t, operatorSocket, operator.userId);
    expect(toHolder).toEqual(['Дякую, чекаю', 'state']);
  });
});

describe('GET /v1/patients/{id}/support-events', () => {
  test('operators and admins read it (audited); patients and doctors may not', async () => {
    const patient = await quickPatient(t);
    await write(patient, 'Привіт');
    const operator = await quickAccount(t, 'operator');
    await act(operator, 'claim', patient);
    const admin = await quickAccount(t, 'admin');
    expect(await eventsOf(admin, patient)).toHaveLength(1);
    const audited = await t.database.db.select().from(auditLog).where(eq(auditLog.actorId, admin.userId));
    expect(audited.map((row) => [row.action, row.resource, row.patientId])).toEqual([['read', 'patient', patient.patientId]]);
    for (const who of [patient, await bookableDoctor(t)]) {
      expect((await call(t.app, 'GET', `/v1/patients/${patient.patientId}/support-events`, { token: who.token })).status).toBe(403);
    }
    expect((await call(t.app, 'GET', `/v1/patients/${randomUUID()}/support-events`, { token: operator.token })).status).toBe(404);
  });
});

describe('the patient record', () => {
  test('PUT refuses the chat fields (400): they change through the routes above', async () => {
    const patient = await quickPatient(t);
    const operator = await quickAccount(t, 'operator');
    const refused = await call(t.app, 'PUT', `/v1/patients/${patient.patientId}`, {
      token: operator.token,
      body: { chat_patient_status: 'closed', interacting_with_operator: operator.userId },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.map((e: { path: string }) => e.path)).toEqual([
      'body.chat_patient_status',
      'body.interacting_with_operator',
    ]);
    expect(await stateOf(patient)).toEqual(['new', null]);
  });

  test('GET /v1/patients filters by the states the routes set', async () => {
    const [held, closed] = [await quickPatient(t), await quickPatient(t)];
    const operator = await quickAccount(t, 'operator');
    await write(held, 'Раз');
    await write(closed, 'Два');
    await act(operator, 'claim', held);
    await act(operator, 'close', closed);
    const ids = async (query: string) =>
      (await call(t.app, 'GET', `/v1/patients?${query}`, { token: operator.token })).body.patients.map((p: { id: string }) => p.id);
    expect(await ids(`interacting_with_operator=${operator.userId}`)).toEqual([held.patientId]);
    expect(await ids(`chat_patient_status=awaiting&interacting_with_operator=${operator.userId}`)).toEqual([held.patientId]);
    expect(await ids('chat_patient_status=closed&interacting_with_operator=none')).toContain(closed.patientId);
    expect(await ids('chat_patient_status=new')).not.toContain(closed.patientId);
  });
});
