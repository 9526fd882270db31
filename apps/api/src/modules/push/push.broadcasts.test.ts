import { count, eq, like } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { NOTIFICATION_CREATED_EVENT, type Notification } from '@rozmova/contracts';
import { broadcasts, notifications } from '../../db/schema-chat.ts';
import { jobs } from '../../db/schema.ts';
import { deliver, quickAccount, quickPatient, type Person } from '../../test/factories.ts';
import { call, createTestApp, uniqueEmail } from '../../test/harness.ts';
import { PUSH_ENDPOINT_ENV, startPushEndpoint } from '../../test/push-endpoint.ts';
import { connectSocket, listen, nextEvent } from '../../test/socket.ts';
import { BROADCAST_BATCH, BROADCASTS_PER_HOUR } from './push.broadcasts.ts';

const t = await createTestApp({ env: PUSH_ENDPOINT_ENV });
const endpoint = await startPushEndpoint();
afterAll(async () => {
  await t.close();
  await endpoint.close();
});

const url = '/v1/admin/broadcasts';
const send = (who: Person | undefined, body: Record<string, unknown>) => call(t.app, 'POST', url, { token: who?.token, body });
const announcement = { audience: 'patients', title: 'Оновлення сервісу', message: 'У неділю з 02:00 до 03:00 сервіс не працюватиме.' };

const broadcastRows = async () => (await t.database.db.select({ n: count() }).from(broadcasts))[0]!.n;
const notificationsOf = (broadcastId: string) =>
  t.database.db
    .select()
    .from(notifications)
    .where(like(notifications.deliveryKey, `broadcast:${broadcastId}:%`));

/** Patient accounts made quickly, in parallel batches. */
async function manyPatients(n: number): Promise<void> {
  for (let made = 0; made < n; made += 50) {
    await Promise.all(
      Array.from({ length: Math.min(50, n - made) }, () =>
        t.services.accounts.createAccount({ email: uniqueEmail('many'), userName: 'Пацієнт', role: 'patient', emailVerified: true }),
      ),
    );
  }
}

describe('broadcasts', () => {
  test('an admin’s announcement to 300 patients: one in-app notification each, exactly once even if its jobs run twice', async () => {
    await manyPatients(300);
    const listening = await quickPatient(t, 'Слухач');
    const device = endpoint.device();
    await call(t.app, 'POST', '/v1/push/subscriptions', { token: listening.token, body: { user_push_token: device.subscription } });
    const silent = await quickPatient(t, 'Без пушів');
    const silentDevice = endpoint.device();
    await call(t.app, 'POST', '/v1/push/subscriptions', { token: silent.token, body: { user_push_token: silentDevice.subscription } });
    await call(t.app, 'PUT', '/v1/auth/profile', { token: silent.token, body: { notification_settings: { push: false } } });
    const gone = await quickPatient(t, 'Вимкнений');
    await t.services.accounts.setActive(gone.userId, false);
    const operator = await quickAccount(t, 'operator');

    const admin = await quickAccount(t, 'admin');
    const socket = await connectSocket(await listen(t), listening.token);
    try {
      // The event comes once the jobs below reached this patient among 300: the wait spans the whole delivery.
      const event = nextEvent<Notification>(socket, NOTIFICATION_CREATED_EVENT, 60_000);
      const created = await send(admin, announcement);
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ ...announcement, id: expect.any(String), created_at: expect.any(String) });
      const id = created.body.id as string;
      // Nothing is delivered in the request.
      expect(await notificationsOf(id)).toHaveLength(0);

      await deliver(t);
      const rows = await notificationsOf(id);
      expect(rows.length).toBe(created.body.recipients);
      expect(rows.length).toBeGreaterThanOrEqual(302);
      expect(new Set(rows.map((row) => row.userId)).size).toBe(rows.length);
      expect(rows.every((row) => row.kind === 'broadcast' && row.message === `${announcement.title}\n${announcement.message}`)).toBe(true);
      expect(rows.map((row) => row.userId)).not.toContain(gone.userId);
      expect(rows.map((row) => row.userId)).not.toContain(operator.userId);
      expect(await event).toMatchObject({
        notification_kind: 'broadcast',
        notification_message: `${announcement.title}\n${announcement.message}`,
      });
      expect(device.messages()).toEqual([
        {
          notification: { title: announcement.title, body: announcement.message, icon: '/favicon.svg' },
          data: { url: '/user', kind: 'broadcast' },
        },
      ]);
      expect(silentDevice.received()).toHaveLength(0);

      // Every batch job runs again (as after a crash before its outcome was kept): nobody is told twice.
      const batches = await t.database.db
        .update(jobs)
        .set({ status: 'pending' })
        .where(like(jobs.key, `broadcast:${id}%`))
        .returning();
      expect(batches.length).toBe(Math.floor(rows.length / BROADCAST_BATCH) + 1);
      await deliver(t);
      expect(await notificationsOf(id)).toHaveLength(rows.length);
      expect(device.received()).toHaveLength(1);
    } finally {
      socket.close();
    }
  });

  test('GET lists the broadcasts, newest first, with how many they went to', async () => {
    const admin = await quickAccount(t, 'admin');
    const doctors = (await Promise.all([quickAccount(t, 'doctor'), quickAccount(t, 'doctor')])).length;
    const before = (await call(t.app, 'GET', url, { token: admin.token })).body.broadcasts.length;
    t.clock.advance(1000);
    const sent = await send(admin, { audience: 'doctors', title: 'Лікарям', message: 'Нові правила записів' });
    expect(sent.status).toBe(201);
    const list = await call(t.app, 'GET', url, { token: admin.token });
    expect(list.status).toBe(200);
    expect(list.body.broadcasts).toHaveLength(before + 1);
    expect(list.body.broadcasts[0]).toEqual(sent.body);
    expect(sent.body.recipients).toBeGreaterThanOrEqual(doctors);
    await deliver(t);
    expect((await notificationsOf(sent.body.id)).length).toBe(sent.body.recipients);
  });

  test('only admins send or list broadcasts: patients, operators and doctors get 403, visitors 401', async () => {
    const rows = await broadcastRows();
    for (const role of ['patient', 'operator', 'doctor'] as const) {
      const who = await quickAccount(t, role);
      expect((await send(who, announcement)).status).toBe(403);
      expect((await call(t.app, 'GET', url, { token: who.token })).status).toBe(403);
    }
    expect((await send(undefined, announcement)).status).toBe(401);
    expect((await call(t.app, 'GET', url)).status).toBe(401);
    expect(await broadcastRows()).toBe(rows);
  });

  test(`${BROADCASTS_PER_HOUR} an hour per admin: of 50 sent at once, ${BROADCASTS_PER_HOUR} are kept and the rest are 429`, async () => {
    const admin = await quickAccount(t, 'admin');
    const rows = await broadcastRows();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => send(admin, { ...announcement, audience: 'operators', title: `№${i}` })),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(BROADCASTS_PER_HOUR);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(50 - BROADCASTS_PER_HOUR);
    expect(refused[0]!.headers['retry-after']).toBeDefined();
    expect(await broadcastRows()).toBe(rows + BROADCASTS_PER_HOUR);
    // Another admin has a limit of its own.
    expect((await send(await quickAccount(t, 'admin'), announcement)).status).toBe(201);
    await deliver(t);
  });

  test('bad input is 400 naming the field, and nothing is kept', async () => {
    const admin = await quickAccount(t, 'admin');
    const rows = await broadcastRows();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...announcement, audience: 'admins' }, 'body.audience', 'INVALID_VALUE'],
      [{ ...announcement, title: '' }, 'body.title', 'TOO_SHORT'],
      [{ ...announcement, title: '   ' }, 'body.title', 'TOO_SHORT'],
      [{ ...announcement, title: 'Два\nрядки' }, 'body.title', 'ONE_LINE_TEXT'],
      [{ ...announcement, title: 'я'.repeat(121) }, 'body.title', 'TOO_LONG'],
      [{ ...announcement, message: '' }, 'body.message', 'TOO_SHORT'],
      [{ ...announcement, message: 'a\u001bb' }, 'body.message', 'MULTI_LINE_TEXT'],
      [{ ...announcement, message: 'я'.repeat(1001) }, 'body.message', 'TOO_LONG'],
      [{ ...announcement, extra: true }, 'body', 'UNKNOWN_FIELD'],
    ];
    for (const [body, path, code] of cases) {
      const answer = await send(admin, body);
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(answer.body.errors).toContainEqual(expect.objectContaining({ path, code }));
    }
    expect(await broadcastRows()).toBe(rows);
    const kept = await t.database.db.select().from(broadcasts).where(eq(broadcasts.title, 'Два\nрядки'));
    expect(kept).toEqual([]);
  });
});
