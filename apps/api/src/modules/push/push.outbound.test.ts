import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig } from '../../config.ts';
import { pushSubscriptions } from '../../db/schema-chat.ts';
import { startConnectionCounter } from '../../test/connection-counter.ts';
import { deliver, quickAccount, quickPatient, type Person } from '../../test/factories.ts';
import { call, configRefusal, createTestApp, LogCapture, type TestContext } from '../../test/harness.ts';
import { PUSH_ENDPOINT_ENV, startPushEndpoint } from '../../test/push-endpoint.ts';

// Something inside the network the server must never be made to reach: every endpoint below points at it.
const inside = await startConnectionCounter();
afterAll(() => inside.close());

const keys = () => ({
  p256dh: createECDH('prime256v1').generateKeys().toString('base64url'),
  auth: randomBytes(16).toString('base64url'),
});
const save = (t: TestContext, who: Person, endpoint: string) =>
  call(t.app, 'POST', '/v1/push/subscriptions', { token: who.token, body: { user_push_token: { endpoint, keys: keys() } } });
const putToken = (t: TestContext, who: Person, endpoint: string) =>
  call(t.app, 'PUT', `/v1/patients/${who.patientId}`, {
    token: who.token,
    body: { user_push_token: JSON.stringify({ endpoint, expirationTime: null, keys: keys() }) },
  });
const devicesOf = (t: TestContext, userId: string) =>
  t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
const texts = { kind: 'appointment-created' as const, message: { uk: 'Запис створено', en: 'Booked' } };

/** An admin's broadcast to patients and a notification with push for `who`, both delivered. */
async function pushEverything(t: TestContext, who: Person): Promise<void> {
  const admin = await quickAccount(t, 'admin');
  const broadcast = await call(t.app, 'POST', '/v1/admin/broadcasts', {
    token: admin.token,
    body: { audience: 'patients', title: 'Новини', message: 'Субота — робочий день.' },
  });
  expect(broadcast.status).toBe(201);
  await deliver(t);
  await t.services.notifications.notify(`outbound:${randomUUID()}`, who.userId, texts);
}

const modes = {
  development: { NODE_ENV: 'development' },
  production: {
    NODE_ENV: 'production',
    SMTP_URL: 'smtp://127.0.0.1:9',
    PAYMENT_PROVIDER: 'sandbox',
    TWO_FACTOR_KEY: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=',
  },
};

describe.each(Object.entries(modes))('in %s mode, with PUSH_ENDPOINT_HOSTS=localhost', (_mode, env) => {
  const logs = new LogCapture();
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ logStream: logs, env: { ...env, PUSH_ENDPOINT_HOSTS: 'localhost' } });
  });
  afterAll(() => t.close());

  test('no endpoint a user can set makes the server connect inside: refused at subscribe (400), or at send before connecting', async () => {
    const patient = await quickPatient(t);
    const { port } = inside;
    const refused = [
      `https://localhost:${port}/push/a`,
      `http://localhost:${port}/push/a`,
      `https://LOCALHOST:${port}/push/a`,
      `https://localhost./push/a`,
      `http://localhost/push/a`,
      `https://127.0.0.1:${port}/push/a`,
      `http://127.0.0.1:${port}/push/a`,
      'https://127.0.0.1/push/a',
      `https://[::1]:${port}/push/a`,
      'https://[::1]/push/a',
      `https://[::ffff:127.0.0.1]:${port}/push/a`,
      'https://[::ffff:7f00:1]/push/a',
      'https://0.0.0.0/push/a',
      'https://[::]/push/a',
      `https://fcm.googleapis.com:${port}/fcm/send/a`,
      'https://fcm.googleapis.com:8443/fcm/send/a',
      'http://fcm.googleapis.com/fcm/send/a',
      'https://user:secret@fcm.googleapis.com/fcm/send/a',
      'https://fcm.googleapis.com.localhost/fcm/send/a',
      'https://x.fcm.googleapis.com/fcm/send/a',
      'https://notify.windows.com/w/?token=a',
      'https://push.apple.com/a',
      'https://push-service.rozmova.test/a',
    ];
    const answers = await Promise.all(refused.map((endpoint) => save(t, patient, endpoint)));
    answers.forEach((answer, i) => {
      expect(answer.status, refused[i]).toBe(400);
      expect(answer.body.errors, refused[i]).toEqual([
        { path: 'body.user_push_token.endpoint', code: 'INVALID_FORMAT', message: expect.stringContaining('push service') },
      ]);
    });
    for (const endpoint of refused.slice(0, 8)) {
      const answer = await putToken(t, patient, endpoint);
      expect(answer.status, endpoint).toBe(400);
      expect(answer.body.errors).toEqual([expect.objectContaining({ path: 'body.user_push_token', code: 'INVALID_FORMAT' })]);
    }
    expect(await devicesOf(t, patient.userId)).toEqual([]);

    // Listed by the operator, so taken; but the name resolves to this machine, so the push is refused before connecting.
    expect((await save(t, patient, 'https://localhost/push/listed?token=s3cret')).status).toBe(201);
    logs.text = '';
    await pushEverything(t, patient);
    expect(inside.connections()).toBe(0);
    expect(await devicesOf(t, patient.userId)).toEqual([]);
    const dropped = logs.lines().filter((line) => line.msg === 'push device dropped: the server may not connect there');
    expect(dropped.length).toBeGreaterThan(0);
    expect(dropped[0]).toMatchObject({ host: 'localhost', reason: 'address' });
    for (const secret of ['/push/listed', 's3cret']) expect(logs.text).not.toContain(secret);
  });

  test('devices kept before these rules that point inside are dropped at send, with no connection', async () => {
    const patient = await quickPatient(t);
    const { port } = inside;
    const old = [
      `http://127.0.0.1:${port}/push/old?token=s3cret`,
      `https://localhost:${port}/push/old?token=s3cret`,
      `http://[::1]:${port}/push/old?token=s3cret`,
      `https://[::ffff:127.0.0.1]:${port}/push/old?token=s3cret`,
      `https://fcm.googleapis.com:${port}/push/old?token=s3cret`,
    ];
    await t.database.db
      .insert(pushSubscriptions)
      .values(old.map((endpoint) => ({ userId: patient.userId, endpoint, ...keys(), createdAt: t.clock.now() })));
    logs.text = '';
    expect(
      await t.services.push.send(patient.userId, { notification: { title: 'Rozmova', body: 'Тест' }, data: { url: '/user' } }),
    ).toEqual({
      delivered: 0,
      gone: old.length,
      failed: 0,
    });
    expect(inside.connections()).toBe(0);
    expect(await devicesOf(t, patient.userId)).toEqual([]);
    expect(logs.lines().filter((line) => line.msg === 'push device dropped: the server may not connect there')).toHaveLength(old.length);
    for (const secret of ['/push/old', 's3cret']) expect(logs.text).not.toContain(secret);
  });
});

describe('with the tests’ opt-in (OUTBOUND_ALLOW_LOOPBACK=1 and PUSH_ENDPOINT_HOSTS=127.0.0.1)', () => {
  test('only the listed loopback host is reached: the counter counts what gets through, other names and ranges stay refused', async () => {
    const t = await createTestApp({ env: PUSH_ENDPOINT_ENV });
    const endpoint = await startPushEndpoint();
    try {
      const patient = await quickPatient(t);
      const before = inside.connections();
      for (const refused of [`http://localhost:${inside.port}/push/a`, `http://[::1]:${inside.port}/push/a`, 'http://0.0.0.0/push/a']) {
        expect((await save(t, patient, refused)).status, refused).toBe(400);
      }
      const device = endpoint.device();
      expect(
        (await call(t.app, 'POST', '/v1/push/subscriptions', { token: patient.token, body: { user_push_token: device.subscription } }))
          .status,
      ).toBe(201);
      expect((await save(t, patient, `http://127.0.0.1:${inside.port}/push/listed`)).status).toBe(201);
      await t.services.notifications.notify(`outbound:${randomUUID()}`, patient.userId, texts);
      expect(device.received()).toHaveLength(1);
      // The listed host on the counter's port: it is reached, so a probe the guard let through would be counted.
      expect(inside.connections()).toBe(before + 1);
    } finally {
      await endpoint.close();
      await t.close();
    }
  });

  test('settings: PUSH_ENDPOINT_HOSTS takes host names (`*.` for subdomains); OUTBOUND_ALLOW_LOOPBACK never in production', () => {
    expect(loadConfig({}).push.endpointHosts).toEqual([]);
    expect(loadConfig({}).outbound).toEqual({ allowLoopback: false });
    expect(loadConfig({ PUSH_ENDPOINT_HOSTS: ' Push.Example.org , *.push.example.net,127.0.0.1,' }).push.endpointHosts).toEqual([
      'push.example.org',
      '*.push.example.net',
      '127.0.0.1',
    ]);
    expect(loadConfig({ OUTBOUND_ALLOW_LOOPBACK: '1' }).outbound).toEqual({ allowLoopback: true });
    for (const bad of ['https://push.example.org', 'push.example.org:443', 'push.example.org/path', '*', '*.org.', 'a b']) {
      expect(configRefusal({ PUSH_ENDPOINT_HOSTS: bad }), bad).toContain('PUSH_ENDPOINT_HOSTS');
    }
    const production = {
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://127.0.0.1:9',
      PAYMENT_PROVIDER: 'sandbox',
      TWO_FACTOR_KEY: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=',
    };
    expect(configRefusal({ ...production, OUTBOUND_ALLOW_LOOPBACK: '1' })).toContain('OUTBOUND_ALLOW_LOOPBACK');
    expect(loadConfig({ ...production, OUTBOUND_ALLOW_LOOPBACK: '0' }).outbound.allowLoopback).toBe(false);
  });
});
