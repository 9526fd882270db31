import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, describe, expect, test } from 'vitest';
import { count, eq } from 'drizzle-orm';
import {
  NOTIFICATION_CREATED_EVENT,
  NOTIFICATION_MESSAGE_MAX,
  notificationListSchema,
  notificationSchema,
  type Notification,
} from '@rozmova/contracts';
import { anAppointment } from '@rozmova/contracts/testing';
import { jobs } from '../../db/schema.ts';
import { notifications } from '../../db/schema-chat.ts';
import { call, createTestApp, loginAs, MINUTE, type SignedIn } from '../../test/harness.ts';
import { connectSocket, listen, nextEvent } from '../../test/socket.ts';
import { NOTIFICATIONS_KEPT_PER_USER, type NotifyInput } from './notifications.service.ts';

const t = await createTestApp();
afterAll(async () => {
  await t.close();
});
afterEach(async () => {
  await t.database.db.delete(jobs);
});

const listUrl = (userId: string) => `/v1/notifications/user/${userId}`;
const list = async (who: SignedIn, userId = who.userId) => call(t.app, 'GET', listUrl(userId), { token: who.token });
const add = (who: SignedIn, body: unknown) => call(t.app, 'POST', '/v1/notifications', { token: who.token, body });
const countOf = async (userId: string) =>
  (await t.database.db.select({ n: count() }).from(notifications).where(eq(notifications.userId, userId)))[0]!.n;

const texts = (uk: string, en: string) => ({ uk, en });
const booking: NotifyInput = {
  kind: 'appointment-created',
  message: texts('Новий запис на консультацію', 'New consultation booked'),
  email: {
    subject: texts('Запис підтверджено', 'Booking confirmed'),
    text: texts('Вас записано на 12 травня, 10:00.', 'You are booked for 12 May, 10:00.'),
  },
};

async function settings(who: SignedIn, changes: { in_app?: boolean; email?: boolean; locale?: 'uk' | 'en' }) {
  const { locale, ...notification_settings } = changes;
  const response = await call(t.app, 'PUT', '/v1/auth/profile', { token: who.token, body: { locale, notification_settings } });
  expect(response.status, response.text).toBe(200);
}

/** A delivery of its own (a new key each time). */
const notify = (userId: string, n: NotifyInput) => t.services.notifications.notify(randomUUID(), userId, n);

/** `notify` while the mail server refuses connections. */
async function notifyWhileMailServerIsDown(key: string, userId: string) {
  const send = t.services.mailer.send;
  t.services.mailer.send = async () => {
    throw new Error('connect ECONNREFUSED');
  };
  try {
    await t.services.notifications.notify(key, userId, booking);
  } finally {
    t.services.mailer.send = send;
  }
}

describe('the notification routes', () => {
  test('a user adds a note to itself and reads its list with the unread count', async () => {
    const patient = await loginAs(t.app, 'patient');
    expect((await list(patient)).body).toEqual({ notifications: [], unread_count: 0 });

    const created = await add(patient, { notification_message: '  Take the quiz again  ', users_user_id: patient.userId });
    expect(created.status, created.text).toBe(201);
    expect(notificationSchema.parse(created.body)).toEqual({
      id: expect.any(String),
      notification_message: 'Take the quiz again',
      notification_is_read: false,
      notification_kind: 'simple',
      users_user_id: patient.userId,
      appointment_id: null,
      createdAt: expect.any(String),
    });

    const response = await list(patient);
    expect(response.status).toBe(200);
    expect(notificationListSchema.parse(response.body)).toEqual({ notifications: [created.body], unread_count: 1 });
  });

  test('only operators and admins add notifications for someone else', async () => {
    const patient = await loginAs(t.app, 'patient');
    const body = { notification_message: 'Your documents were reviewed', users_user_id: patient.userId };
    for (const role of ['operator', 'admin'] as const) {
      const response = await add(await loginAs(t.app, role), body);
      expect(response.status, role).toBe(201);
      expect(response.body.users_user_id).toBe(patient.userId);
    }
    for (const role of ['patient', 'doctor'] as const) {
      const response = await add(await loginAs(t.app, role), body);
      expect(response.status, role).toBe(403);
      expect(response.body.code).toBe('FORBIDDEN');
    }
    expect((await call(t.app, 'POST', '/v1/notifications', { body })).status).toBe(401);
    expect((await list(patient)).body.unread_count).toBe(2);
  });

  test('removing an account deletes its notifications, whose texts name doctors and dates', async () => {
    const patient = await loginAs(t.app, 'patient');
    await notify(patient.userId, booking);
    expect(await countOf(patient.userId)).toBe(1);
    await t.services.accounts.anonymise(patient.userId);
    expect(await countOf(patient.userId)).toBe(0);
  });

  test('a missing, deactivated or removed recipient is 404', async () => {
    const operator = await loginAs(t.app, 'operator');
    const inactive = await loginAs(t.app, 'patient');
    const removed = await loginAs(t.app, 'patient');
    await t.services.accounts.setActive(inactive.userId, false);
    await t.services.accounts.anonymise(removed.userId);
    for (const userId of [randomUUID(), inactive.userId, removed.userId]) {
      const response = await add(operator, { notification_message: 'Hello', users_user_id: userId });
      expect(response.status).toBe(404);
      expect(response.body.code).toBe('NOT_FOUND');
    }
  });

  test('a bad body is 400 naming the field', async () => {
    const patient = await loginAs(t.app, 'patient');
    const cases: [unknown, string][] = [
      [{ users_user_id: patient.userId }, 'body.notification_message'],
      [{ notification_message: '   ', users_user_id: patient.userId }, 'body.notification_message'],
      [{ notification_message: 'x'.repeat(NOTIFICATION_MESSAGE_MAX + 1), users_user_id: patient.userId }, 'body.notification_message'],
      [{ notification_message: 'Hi', users_user_id: 'not-a-uuid' }, 'body.users_user_id'],
      [{ notification_message: 'Hi' }, 'body.users_user_id'],
      [{ notification_message: 'Hi', users_user_id: patient.userId, notification_kind: 'payment' }, 'body'],
    ];
    for (const [body, path] of cases) {
      const response = await add(patient, body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.body.code).toBe('VALIDATION_FAILED');
      expect(response.body.errors.map((e: { path: string }) => e.path).join(' ')).toContain(path);
    }
    expect(await countOf(patient.userId)).toBe(0);
    expect((await call(t.app, 'GET', listUrl('not-a-uuid'), { token: patient.token })).status).toBe(400);
  });

  test('the list is one’s own (admins read anyone’s)', async () => {
    const owner = await loginAs(t.app, 'patient');
    await notify(owner.userId, booking);
    for (const role of ['patient', 'operator', 'doctor'] as const) {
      const response = await list(await loginAs(t.app, role), owner.userId);
      expect(response.status, role).toBe(403);
    }
    const byAdmin = await list(await loginAs(t.app, 'admin'), owner.userId);
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.notifications).toHaveLength(1);
    expect((await call(t.app, 'GET', listUrl(owner.userId))).status).toBe(401);
  });

  test('the list holds the newest 20, newest first; the unread count covers all', async () => {
    const patient = await loginAs(t.app, 'patient');
    for (let n = 1; n <= 25; n++) {
      expect((await add(patient, { notification_message: `note ${n}`, users_user_id: patient.userId })).status).toBe(201);
    }
    const { body } = await list(patient);
    expect(body.notifications.map((n: Notification) => n.notification_message)).toEqual(
      Array.from({ length: 20 }, (_, i) => `note ${25 - i}`),
    );
    expect(body.unread_count).toBe(25);
  });

  test('mark-all-as-read marks the caller’s only', async () => {
    const patient = await loginAs(t.app, 'patient');
    const other = await loginAs(t.app, 'patient');
    for (const who of [patient, patient, other]) await add(who, { notification_message: 'Unread', users_user_id: who.userId });

    const response = await call(t.app, 'PUT', '/v1/notifications/mark-all-as-read', { token: patient.token });
    expect(response.status).toBe(204);
    expect(response.text).toBe('');
    const mine = (await list(patient)).body;
    expect(mine.unread_count).toBe(0);
    expect(mine.notifications.every((n: Notification) => n.notification_is_read)).toBe(true);
    expect((await list(other)).body.unread_count).toBe(1);
    expect((await call(t.app, 'PUT', '/v1/notifications/mark-all-as-read')).status).toBe(401);
  });

  test('a user deletes its own notification; another’s id is 404 as if it did not exist', async () => {
    const patient = await loginAs(t.app, 'patient');
    const other = await loginAs(t.app, 'patient');
    const admin = await loginAs(t.app, 'admin');
    const mine = (await add(patient, { notification_message: 'Mine', users_user_id: patient.userId })).body as Notification;
    const theirs = (await add(other, { notification_message: 'Theirs', users_user_id: other.userId })).body as Notification;

    for (const [who, id] of [
      [patient, theirs.id],
      [admin, theirs.id],
      [patient, randomUUID()],
    ] as const) {
      const response = await call(t.app, 'DELETE', `/v1/notifications/${id}`, { token: who.token });
      expect(response.status).toBe(404);
      expect(response.body.code).toBe('NOT_FOUND');
    }
    expect((await call(t.app, 'DELETE', `/v1/notifications/${mine.id}`, { token: patient.token })).status).toBe(204);
    expect((await call(t.app, 'DELETE', `/v1/notifications/${mine.id}`, { token: patient.token })).status).toBe(404);
    expect((await call(t.app, 'DELETE', '/v1/notifications/not-a-uuid', { token: patient.token })).status).toBe(400);
    expect((await call(t.app, 'DELETE', `/v1/notifications/${theirs.id}`)).status).toBe(401);
    expect((await list(patient)).body.notifications).toEqual([]);
    expect((await list(other)).body.notifications).toEqual([theirs]);
  });

  test('clear-all empties the caller’s list only', async () => {
    const patient = await loginAs(t.app, 'patient');
    const other = await loginAs(t.app, 'patient');
    for (const who of [patient, patient, other]) await add(who, { notification_message: 'Note', users_user_id: who.userId });
    const response = await call(t.app, 'DELETE', '/v1/notifications/clear-all', { token: patient.token });
    expect(response.status).toBe(204);
    expect((await list(patient)).body).toEqual({ notifications: [], unread_count: 0 });
    expect((await list(other)).body.notifications).toHaveLength(1);
    expect((await call(t.app, 'DELETE', '/v1/notifications/clear-all')).status).toBe(401);
  });
});

describe('notify', () => {
  test('in the app and by e-mail in the user’s language, by default', async () => {
    const patient = await loginAs(t.app, 'patient');
    await notify(patient.userId, booking);
    const { body } = await list(patient);
    expect(body.notifications).toMatchObject([
      { notification_message: 'Новий запис на консультацію', notification_kind: 'appointment-created', appointment_id: null },
    ]);
    const mail = await t.mail.waitFor(patient.email);
    expect(mail.subject).toBe('Запис підтверджено');
    expect(mail.text).toContain('Вас записано на 12 травня, 10:00.');
    expect(mail.text).toContain(`${t.config.publicUrl}/user`);
    expect(mail.text).toContain('Команда Rozmova');

    await settings(patient, { locale: 'en' });
    await notify(patient.userId, booking);
    expect((await list(patient)).body.notifications[0].notification_message).toBe('New consultation booked');
    const english = await t.mail.waitFor(patient.email);
    expect(english.subject).toBe('Booking confirmed');
    expect(english.text).toContain('You are booked for 12 May, 10:00.');
    expect(english.text).toContain('You can turn these e-mails off in your profile');
  });

  test('the settings turn the in-app and e-mail copies off one by one', async () => {
    const noApp = await loginAs(t.app, 'patient');
    const noMail = await loginAs(t.app, 'patient');
    await settings(noApp, { in_app: false });
    await settings(noMail, { email: false });

    await notify(noApp.userId, booking);
    await notify(noMail.userId, booking);
    expect(await countOf(noApp.userId)).toBe(0);
    expect((await t.mail.waitFor(noApp.email)).subject).toBe('Запис підтверджено');
    expect(await countOf(noMail.userId)).toBe(1);
    // notify resolves after the mail server took the mail, so none has come by now means none is coming.
    expect(t.mail.to(noMail.email)).toEqual([]);
  });

  test('no e-mail without e-mail texts', async () => {
    const patient = await loginAs(t.app, 'patient');
    await notify(patient.userId, { kind: 'payment', message: texts('Оплату отримано', 'Payment received') });
    expect(await countOf(patient.userId)).toBe(1);
    expect(t.mail.to(patient.email)).toEqual([]);
  });

  test('a deactivated, removed or unknown account gets nothing', async () => {
    const inactive = await loginAs(t.app, 'patient');
    const removed = await loginAs(t.app, 'patient');
    await t.services.accounts.setActive(inactive.userId, false);
    await t.services.accounts.anonymise(removed.userId);
    for (const userId of [inactive.userId, removed.userId, randomUUID()]) await notify(userId, booking);
    expect(await countOf(inactive.userId)).toBe(0);
    expect(await countOf(removed.userId)).toBe(0);
    expect(t.mail.to(inactive.email)).toEqual([]);
    expect(t.mail.to(removed.email)).toEqual([]);
  });

  test('an e-mail the mail server refused fails the delivery; run again with its key, it adds no second in-app notification', async () => {
    const patient = await loginAs(t.app, 'patient');
    const key = randomUUID();
    await expect(notifyWhileMailServerIsDown(key, patient.userId)).rejects.toThrow('ECONNREFUSED');
    expect(await countOf(patient.userId)).toBe(1);
    expect(t.mail.to(patient.email)).toEqual([]);

    await t.services.notifications.notify(key, patient.userId, booking);
    expect(await countOf(patient.userId)).toBe(1);
    expect((await t.mail.waitFor(patient.email)).subject).toBe('Запис підтверджено');
    expect(t.mail.to(patient.email)).toHaveLength(1);
  });

  test('run again after the user turned e-mails off meanwhile, no e-mail goes', async () => {
    const patient = await loginAs(t.app, 'patient');
    const key = randomUUID();
    await expect(notifyWhileMailServerIsDown(key, patient.userId)).rejects.toThrow();
    await settings(patient, { email: false });
    await t.services.notifications.notify(key, patient.userId, booking);
    expect(t.mail.to(patient.email)).toEqual([]);
    expect(await countOf(patient.userId)).toBe(1);
  });

  test(`a user keeps at most ${NOTIFICATIONS_KEPT_PER_USER} notifications; the oldest go first`, async () => {
    const patient = await loginAs(t.app, 'patient');
    const start = Date.now() - 1000 * MINUTE;
    await t.database.db.insert(notifications).values(
      Array.from({ length: NOTIFICATIONS_KEPT_PER_USER }, (_, i) => ({
        userId: patient.userId,
        message: `old ${i}`,
        createdAt: new Date(start + i * 1000),
      })),
    );
    await notify(patient.userId, { kind: 'simple', message: texts('Нове', 'New') });
    expect(await countOf(patient.userId)).toBe(NOTIFICATIONS_KEPT_PER_USER);
    const kept = await t.database.db
      .select({ message: notifications.message })
      .from(notifications)
      .where(eq(notifications.userId, patient.userId));
    const messages = kept.map((row) => row.message);
    expect(messages).not.toContain('old 0');
    expect(messages).toContain('old 1');
    expect(messages).toContain('Нове');
    const { body } = await list(patient);
    expect(body.notifications[0].notification_message).toBe('Нове');
    expect(body.unread_count).toBe(NOTIFICATIONS_KEPT_PER_USER);
  });
});

describe('realtime', () => {
  test('a new notification reaches the user’s socket as notification-created', async () => {
    const patient = await loginAs(t.app, 'patient');
    const socket = await connectSocket(await listen(t), patient.token);
    try {
      let arrived = nextEvent<Notification>(socket, NOTIFICATION_CREATED_EVENT);
      const created = await add(patient, { notification_message: 'Live', users_user_id: patient.userId });
      expect(await arrived).toEqual(created.body);

      arrived = nextEvent<Notification>(socket, NOTIFICATION_CREATED_EVENT);
      const refresh = nextEvent(socket, 'appointment-created');
      const appointment = anAppointment({ id: 'a-1' });
      await notify(patient.userId, { ...booking, event: { name: 'appointment-created', payload: appointment } });
      expect(await arrived).toMatchObject({
        notification_message: 'Новий запис на консультацію',
        notification_kind: 'appointment-created',
      });
      expect(await refresh).toEqual(appointment);
    } finally {
      socket.close();
    }
  });

  test('with in-app notifications off only the caller’s event is sent', async () => {
    const patient = await loginAs(t.app, 'patient');
    await settings(patient, { in_app: false });
    const socket = await connectSocket(await listen(t), patient.token);
    try {
      const seen: string[] = [];
      socket.onAny((event: string) => seen.push(event));
      const refresh = nextEvent(socket, 'appointment-cancelled');
      await notify(patient.userId, { ...booking, event: { name: 'appointment-cancelled', payload: anAppointment({ id: 'a-2' }) } });
      await refresh;
      // Events of one socket arrive in order, and notification-created would have been sent first.
      expect(seen).toEqual(['appointment-cancelled']);
    } finally {
      socket.close();
    }
  });
});
