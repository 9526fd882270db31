import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { inboxSchema, type InboxConversation, type Message } from '@rozmova/contracts';
import { auditLog } from '../../db/schema.ts';
import { call, createTestApp, type TestContext } from '../../test/harness.ts';
import { BASE, bookableDoctor, quickAccount, quickPatient, supportMessage, type Person } from '../../test/factories.ts';

/**
 * One inbox, built once: Anna waits unheld, Borys waits for Olha, Vira was answered by Petro, Halyna's conversation is
 * closed, and Denys never wrote (not a conversation).
 */
let t: TestContext;
let olha: Person;
let petro: Person;
const people: Record<'anna' | 'borys' | 'vira' | 'halyna' | 'denys', Person> = {} as never;
const sent: Record<string, Message> = {};

async function write(who: Person, text: string, patient?: Person): Promise<Message> {
  sent[text] = await supportMessage(t, who, text, patient);
  return sent[text];
}

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(BASE);
  olha = await quickAccount(t, 'operator', 'Ольга');
  petro = await quickAccount(t, 'operator', 'Петро');
  for (const [key, name] of [
    ['halyna', 'Галина'],
    ['vira', 'Віра'],
    ['borys', 'Борис'],
    ['anna', 'Анна'],
    ['denys', 'Денис'],
  ] as const) {
    people[key] = await quickPatient(t, name);
  }
  const { anna, borys, vira, halyna } = people;
  await write(halyna, 'Дякую, все вирішено');
  await write(petro, 'Радий допомогти', halyna);
  expect((await call(t.app, 'POST', `/v1/patients/${halyna.patientId}/close`, { token: petro.token })).status).toBe(200);
  await write(vira, 'Як змінити час?');
  await write(petro, 'У кабінеті, кнопка «Перенести»', vira);
  await write(borys, 'Питання 1');
  await write(olha, 'Слухаю', borys);
  await write(borys, 'Питання 2');
  await write(borys, 'Питання 3');
  await write(anna, 'Привіт');
  await write(anna, 'Є хтось?');
  // A message to a doctor is not a support conversation.
  const doctor = await bookableDoctor(t);
  const { denys } = people;
  await call(t.app, 'POST', '/v1/appointments', {
    token: denys.token,
    body: { appointment_doctorId: doctor.userId, appointment_patientId: denys.patientId, appointment_date: '2027-01-12T10:00:00Z' },
  });
  await call(t.app, 'POST', '/v1/messages', {
    token: denys.token,
    body: { message_text: 'Лікарю', message_recipientType: 'doctor', client_message_id: randomUUID() },
  });
}, 60_000);
afterAll(() => t?.close());

const inbox = async (who: Person, query = '') => {
  const response = await call(t.app, 'GET', `/v1/support/inbox${query}`, { token: who.token });
  expect(response.status, response.text).toBe(200);
  return inboxSchema.parse(response.body);
};
const names = (list: InboxConversation[]) => list.map((c) => c.user_name);

describe('GET /v1/support/inbox', () => {
  test('every support conversation, newest activity first, with its holder, last message, wait and unread count', async () => {
    const all = await inbox(olha);
    expect(names(all.conversations)).toEqual(['Анна', 'Борис', 'Віра', 'Галина']);
    expect(all.total).toBe(4);
    const [anna, borys, vira, halyna] = all.conversations;
    expect(anna).toEqual({
      patientId: people.anna.patientId,
      user_name: 'Анна',
      chat_patient_status: 'new',
      interacting_with_operator: null,
      operator_name: null,
      last_message_text: 'Є хтось?',
      last_message_at: sent['Є хтось?']!.created_at,
      last_message_sender: 'patient',
      awaiting_since: sent['Привіт']!.created_at,
      unread_count: 2,
    });
    expect(borys).toMatchObject({
      chat_patient_status: 'awaiting',
      interacting_with_operator: olha.userId,
      operator_name: 'Ольга',
      last_message_text: 'Питання 3',
      awaiting_since: sent['Питання 2']!.created_at,
      unread_count: 3,
    });
    expect(vira).toMatchObject({
      chat_patient_status: 'active',
      operator_name: 'Петро',
      last_message_sender: 'operator',
      awaiting_since: null,
      unread_count: 1,
    });
    expect(halyna).toMatchObject({ chat_patient_status: 'closed', awaiting_since: null });
    expect(all.unread).toEqual({ mine: 3, unassigned: 2, all: 7 });
    expect((await inbox(petro)).unread).toEqual({ mine: 2, unassigned: 2, all: 7 });
  });

  test('filters: mine, unassigned, all × status; limit and offset with the total', async () => {
    expect(names((await inbox(olha, '?holder=mine')).conversations)).toEqual(['Борис']);
    expect(names((await inbox(petro, '?holder=mine')).conversations)).toEqual(['Віра', 'Галина']);
    expect(names((await inbox(petro, '?holder=mine&chat_patient_status=closed')).conversations)).toEqual(['Галина']);
    expect(names((await inbox(olha, '?holder=unassigned')).conversations)).toEqual(['Анна']);
    expect(names((await inbox(olha, '?chat_patient_status=awaiting')).conversations)).toEqual(['Борис']);
    expect((await inbox(olha, '?chat_patient_status=new&holder=mine')).conversations).toEqual([]);
    const page = await inbox(olha, '?limit=2&offset=1');
    expect([names(page.conversations), page.total]).toEqual([['Борис', 'Віра'], 4]);
    expect(await inbox(olha, '?offset=10')).toMatchObject({ conversations: [], total: 4 });
    expect((await call(t.app, 'GET', '/v1/support/inbox?holder=someone', { token: olha.token })).status).toBe(400);
  });

  test('reading the conversation clears its unread count; a new message moves it to the top', async () => {
    const admin = await quickAccount(t, 'admin');
    const read = await call(t.app, 'PATCH', '/v1/messages/mark-messages-as-read', {
      token: admin.token,
      body: { patientId: people.vira.patientId },
    });
    expect(read.body).toEqual({ updated: 1 });
    await write(people.halyna, 'Ще одне питання');
    const all = await inbox(admin);
    expect(names(all.conversations)).toEqual(['Галина', 'Анна', 'Борис', 'Віра']);
    expect(all.conversations[0]).toMatchObject({ chat_patient_status: 'awaiting', unread_count: 2 });
    expect(all.conversations[3]!.unread_count).toBe(0);
  });

  test('is a staff read: one audit entry per patient listed', async () => {
    const operator = await quickAccount(t, 'operator');
    const listed = await inbox(operator, '?limit=3');
    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, operator.userId), eq(auditLog.action, 'list')));
    expect(audited.map((row) => row.patientId).sort()).toEqual(listed.conversations.map((c) => c.patientId).sort());
    expect(audited.every((row) => row.resource === 'patient')).toBe(true);
  });

  test('patients and doctors may not read it', async () => {
    for (const who of [people.anna, await bookableDoctor(t)]) {
      expect((await call(t.app, 'GET', '/v1/support/inbox', { token: who.token })).status).toBe(403);
    }
    expect((await call(t.app, 'GET', '/v1/support/inbox')).status).toBe(401);
  });
});
