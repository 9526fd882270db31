import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { AWAY_DELIVERY_AFTER_MS } from '@rozmova/contracts';
import { messages, pushSubscriptions } from '../../db/schema-chat.ts';
import {
  BASE,
  bookableDoctor,
  bookFor,
  deliver,
  pendingJobKeys,
  quickAccount,
  quickPatient,
  slotAt,
  type Person,
} from '../../test/factories.ts';
import { call, createTestApp, MINUTE } from '../../test/harness.ts';
import { PUSH_ENDPOINT_ENV, startPushEndpoint, type TestDevice } from '../../test/push-endpoint.ts';
import { connectSocket, listen } from '../../test/socket.ts';

const t = await createTestApp({ env: PUSH_ENDPOINT_ENV });
const endpoint = await startPushEndpoint();
afterAll(async () => {
  await t.close();
  await endpoint.close();
});

const SECOND = 1000;

async function write(who: Person, body: Record<string, unknown>, text = 'Як ви почуваєтесь сьогодні?'): Promise<string> {
  const answer = await call(t.app, 'POST', '/v1/messages', {
    token: who.token,
    body: { message_text: text, client_message_id: randomUUID(), ...body },
  });
  expect(answer.status, answer.text).toBe(201);
  return answer.body.id;
}

const toPatient = (operator: Person, patient: Person, text?: string) =>
  write(operator, { message_recipientType: 'patient', message_patientId: patient.patientId }, text);
const toOperators = (patient: Person, text?: string) => write(patient, { message_recipientType: 'operator' }, text);

async function subscribe(who: Person): Promise<TestDevice> {
  const device = endpoint.device();
  const saved = await call(t.app, 'POST', '/v1/push/subscriptions', { token: who.token, body: { user_push_token: device.subscription } });
  expect(saved.status).toBe(201);
  return device;
}

async function settle(who: Person, settings: Record<string, boolean>) {
  expect((await call(t.app, 'PUT', '/v1/auth/profile', { token: who.token, body: { notification_settings: settings } })).status).toBe(200);
}

/** A patient and an operator of their own, the operator's first message written (it opens a window at the clock's time). */
async function conversation() {
  const patient = await quickPatient(t, 'Олена Петренко');
  const operator = await quickAccount(t, 'operator', 'Оператор Ірина');
  return { patient, operator };
}

const awayKeys = async () => (await pendingJobKeys(t)).filter((key) => key.startsWith('chat-away:'));

describe('away delivery', () => {
  test('unread for 10 minutes by someone with no connection: exactly one push; later messages join the first window', async () => {
    const { patient, operator } = await conversation();
    const device = await subscribe(patient);
    const first = await toPatient(operator, patient, 'Перше повідомлення з діагнозом');
    t.clock.advance(6 * MINUTE);
    await toPatient(operator, patient);
    await toPatient(operator, patient);
    expect(await awayKeys()).toEqual([`chat-away:${first}:${patient.userId}`]);
    t.clock.advance(4 * MINUTE - SECOND);
    await deliver(t);
    expect(device.received()).toHaveLength(0);
    t.clock.advance(SECOND);
    await deliver(t);
    expect(device.messages()).toEqual([
      {
        notification: { title: 'Rozmova', body: 'Нові повідомлення від служби підтримки: 3', icon: '/favicon.svg' },
        data: { url: '/user', kind: 'chat-message' },
      },
    ]);
    t.clock.advance(60 * MINUTE);
    await deliver(t);
    expect(device.received()).toHaveLength(1);
    expect(t.mail.to(patient.email)).toHaveLength(0);
  });

  test('read before the 10 minutes end: nothing is sent', async () => {
    const { patient, operator } = await conversation();
    const device = await subscribe(patient);
    await toPatient(operator, patient);
    t.clock.advance(9 * MINUTE);
    const read = await call(t.app, 'PATCH', '/v1/messages/mark-messages-as-read', {
      token: patient.token,
      body: { patientId: patient.patientId },
    });
    expect(read.status).toBe(200);
    t.clock.advance(MINUTE);
    await deliver(t);
    expect(device.received()).toHaveLength(0);
    expect(t.mail.to(patient.email)).toHaveLength(0);
  });

  test('50 messages in the window: one push that counts them all', async () => {
    const { patient, operator } = await conversation();
    const device = await subscribe(patient);
    for (let i = 0; i < 50; i++) {
      await toPatient(operator, patient, `Повідомлення ${i}`);
      // 30 a minute per writer: the 50 are spread over 105 s of the window.
      t.clock.advance(2_100);
    }
    expect(await awayKeys()).toHaveLength(1);
    t.clock.advance(AWAY_DELIVERY_AFTER_MS - 50 * 2_100);
    await deliver(t);
    expect(device.messages()).toEqual([
      expect.objectContaining({ notification: expect.objectContaining({ body: 'Нові повідомлення від служби підтримки: 50' }) }),
    ]);
  });

  test('an open connection on any instance means nothing is sent', async () => {
    const { patient, operator } = await conversation();
    const device = await subscribe(patient);
    const socket = await connectSocket(await listen(t), patient.token);
    try {
      const id = await toPatient(operator, patient);
      expect(await awayKeys()).toEqual([`chat-away:${id}:${patient.userId}`]);
      t.clock.advance(AWAY_DELIVERY_AFTER_MS);
      await deliver(t);
      expect(device.received()).toHaveLength(0);
      expect(t.mail.to(patient.email)).toHaveLength(0);
    } finally {
      socket.close();
    }
  });

  // On PostgreSQL a second API instance stands in for the restarted one: the window queued by the first is its job now.
  test.runIf(t.postgresUrl)('the window survives a restart: another instance on the same database sends the push', async () => {
    const { patient, operator } = await conversation();
    const device = await subscribe(patient);
    await toPatient(operator, patient);
    const restarted = await createTestApp({ postgresUrl: t.postgresUrl, env: PUSH_ENDPOINT_ENV });
    try {
      restarted.clock.set(t.clock.now().getTime() + AWAY_DELIVERY_AFTER_MS);
      while ((await restarted.services.jobs.runDue()) > 0);
      expect(device.messages()).toEqual([expect.objectContaining({ data: { url: '/user', kind: 'chat-message' } })]);
    } finally {
      await restarted.close();
    }
  });

  test('no device: one e-mail that says how many, with a link, and never a message text', async () => {
    const { patient, operator } = await conversation();
    await toPatient(operator, patient, 'Ваш аналіз крові готовий');
    await toPatient(operator, patient, 'Призначення: сертралін');
    t.clock.advance(AWAY_DELIVERY_AFTER_MS);
    await deliver(t);
    const mails = t.mail.to(patient.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Непрочитані повідомлення в Rozmova');
    expect(mails[0]!.text).toContain('У вас є непрочитані повідомлення: 2.');
    expect(mails[0]!.text).toContain(`${t.config.publicUrl}/user`);
    expect(mails[0]!.text).not.toMatch(/аналіз|сертралін/);
  });

  test('the settings decide: e-mail off and no device: nothing; push off: the e-mail instead of the push', async () => {
    const quiet = await conversation();
    await settle(quiet.patient, { email: false });
    await toPatient(quiet.operator, quiet.patient);
    const pushOff = await conversation();
    const device = await subscribe(pushOff.patient);
    await settle(pushOff.patient, { push: false });
    await toPatient(pushOff.operator, pushOff.patient);
    t.clock.advance(AWAY_DELIVERY_AFTER_MS);
    await deliver(t);
    expect(t.mail.to(quiet.patient.email)).toHaveLength(0);
    expect(device.received()).toHaveLength(0);
    expect(t.mail.to(pushOff.patient.email)).toHaveLength(1);
  });

  test('a device answered 410 is deleted at once and the e-mail goes instead', async () => {
    const { patient, operator } = await conversation();
    const device = await subscribe(patient);
    device.answer(410);
    await toPatient(operator, patient);
    t.clock.advance(AWAY_DELIVERY_AFTER_MS);
    await deliver(t);
    expect(device.received()).toHaveLength(1);
    expect(await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, patient.userId))).toEqual([]);
    expect(t.mail.to(patient.email)).toHaveLength(1);
  });

  test('a push service failing for now: the job tries again later, and the push goes once it takes it', async () => {
    const { patient, operator } = await conversation();
    const device = await subscribe(patient);
    device.answer(503);
    await toPatient(operator, patient);
    t.clock.advance(AWAY_DELIVERY_AFTER_MS);
    await deliver(t);
    expect(device.received()).toHaveLength(1);
    device.answer(201);
    t.clock.advance(MINUTE);
    await deliver(t);
    expect(device.messages()).toHaveLength(2);
    expect(t.mail.to(patient.email)).toHaveLength(0);
  });

  test('a message after the window’s end opens a window of its own', async () => {
    const { patient, operator } = await conversation();
    const device = await subscribe(patient);
    const first = await toPatient(operator, patient);
    // The first message was written 11 minutes ago (its window has ended); its job is still queued.
    await t.database.db
      .update(messages)
      .set({ createdAt: sql`${messages.createdAt} - interval '11 minutes'` })
      .where(eq(messages.id, first));
    const second = await toPatient(operator, patient);
    await toPatient(operator, patient);
    expect((await awayKeys()).sort()).toEqual([`chat-away:${first}:${patient.userId}`, `chat-away:${second}:${patient.userId}`].sort());
    t.clock.advance(AWAY_DELIVERY_AFTER_MS);
    await deliver(t);
    const bodies = device.messages().map((m) => (m as { notification: { body: string } }).notification.body);
    expect(bodies.sort()).toEqual(['Нові повідомлення від служби підтримки: 1', 'Нові повідомлення від служби підтримки: 2']);
  });

  test('staff away: the operator holding the conversation is told the patient’s name, with a link to the inbox', async () => {
    const { patient, operator } = await conversation();
    await toPatient(operator, patient);
    await call(t.app, 'PATCH', '/v1/messages/mark-messages-as-read', { token: patient.token, body: { patientId: patient.patientId } });
    const device = await subscribe(operator);
    await toOperators(patient, 'Мені гірше');
    await toOperators(patient, 'Відповідайте, будь ласка');
    t.clock.advance(AWAY_DELIVERY_AFTER_MS);
    await deliver(t);
    expect(device.messages()).toEqual([
      {
        notification: { title: 'Олена Петренко', body: 'Нові повідомлення: 2', icon: '/favicon.svg' },
        data: { url: '/operator', kind: 'chat-message' },
      },
    ]);
  });

  test('a doctor writing in a consultation: the patient hears it is from its doctor (the booking’s own push went before)', async () => {
    t.clock.set(BASE);
    const patient = await quickPatient(t);
    const doctor = await bookableDoctor(t);
    expect((await bookFor(t, patient, doctor, slotAt(1, 10))).status).toBe(201);
    const device = await subscribe(patient);
    await write(doctor, { message_recipientType: 'patient', message_patientId: patient.patientId });
    t.clock.advance(AWAY_DELIVERY_AFTER_MS);
    await deliver(t);
    expect(device.messages().map((m) => (m as { data: { kind: string } }).data.kind)).toEqual(['appointment-created', 'chat-message']);
    expect(device.messages()[1]).toMatchObject({ notification: { body: 'Нові повідомлення від вашого лікаря: 1' } });
  });
});
