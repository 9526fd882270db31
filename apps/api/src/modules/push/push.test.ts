import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import { afterAll, describe, expect, test } from 'vitest';
import { ONE_LINE_TEXT_MESSAGE, pushMessageSchema } from '@rozmova/contracts';
import { loadConfig } from '../../config.ts';
import { pushSubscriptions } from '../../db/schema-chat.ts';
import { settings } from '../../db/schema.ts';
import { quickPatient, type Person } from '../../test/factories.ts';
import { call, configRefusal, createTestApp, LogCapture } from '../../test/harness.ts';
import { PUSH_ENDPOINT_ENV, startPushEndpoint, type TestDevice } from '../../test/push-endpoint.ts';
import { ENDPOINT_RULE } from './push.endpoints.ts';
import { PUSH_DEVICES_PER_USER } from './commands/save-device.ts';
import { PUSH_TTL_SECONDS } from './commands/send.ts';
import { createPushService } from './push.service.ts';

const logs = new LogCapture();
const t = await createTestApp({ logStream: logs, env: PUSH_ENDPOINT_ENV });
const endpoint = await startPushEndpoint();
afterAll(async () => {
  await t.close();
  await endpoint.close();
});

const subscriptionsUrl = '/v1/push/subscriptions';
const save = (who: Person, subscription: unknown) =>
  call(t.app, 'POST', subscriptionsUrl, { token: who.token, body: { user_push_token: subscription } });
const remove = (who: Person, url: string) => call(t.app, 'DELETE', subscriptionsUrl, { token: who.token, body: { endpoint: url } });
const devicesOf = (userId: string) => t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
const profileToken = async (who: Person) => (await call(t.app, 'GET', '/v1/auth/profile', { token: who.token })).body.user_push_token;

/** A push service of its own on the test database, as another API instance would have. */
const otherInstance = (vapid?: { publicKey: string; privateKey: string }) =>
  createPushService({
    db: t.database.db,
    clock: t.clock,
    log: { warn: () => undefined },
    settings: { vapid, subject: 'mailto:care@rozmova.local', endpointHosts: [] },
    outbound: {},
    accounts: { onAccountRemoved: () => undefined, onAccountClaimed: () => undefined },
  });

// web-push pads the private key to 32 bytes; Node's ECDH drops leading zero bytes (one key in 256).
const vapidPair = () => webpush.generateVAPIDKeys();

describe('VAPID keys', () => {
  test('GET /v1/push/public-key is public and answers the same P-256 key every time', async () => {
    const first = await call(t.app, 'GET', '/v1/push/public-key');
    expect(first.status).toBe(200);
    const key = Buffer.from(first.body.publicKey, 'base64url');
    expect(key).toHaveLength(65);
    expect(key[0]).toBe(4);
    expect((await call(t.app, 'GET', '/v1/push/public-key')).body).toEqual(first.body);
  });

  test('without settings the pair is made once and kept: instances starting at once all use the first one kept', async () => {
    await t.database.db.delete(settings).where(eq(settings.key, 'vapid'));
    const keys = await Promise.all(Array.from({ length: 10 }, () => otherInstance().publicKey()));
    expect(new Set(keys).size).toBe(1);
    const rows = await t.database.db.select().from(settings).where(eq(settings.key, 'vapid'));
    expect(rows).toHaveLength(1);
    expect((rows[0]!.value as { publicKey: string }).publicKey).toBe(keys[0]);
    expect(await otherInstance().publicKey()).toBe(keys[0]);
  });

  test('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY win over the kept pair', async () => {
    const pair = vapidPair();
    expect(await otherInstance(pair).publicKey()).toBe(pair.publicKey);
  });

  test('settings: both keys or neither, one pair, a subject that is https: or mailto:; errors never echo a key', () => {
    const pair = vapidPair();
    expect(loadConfig({}).push).toEqual({ vapid: undefined, subject: 'mailto:care@rozmova.local', endpointHosts: [] });
    expect(loadConfig({ CONTACT_EMAIL: 'help@rozmova.ua' }).push.subject).toBe('mailto:help@rozmova.ua');
    expect(loadConfig({ VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey }).push.vapid).toEqual(pair);
    expect(loadConfig({ VAPID_SUBJECT: 'https://rozmova.ua/contacts' }).push.subject).toBe('https://rozmova.ua/contacts');
    expect(configRefusal({ VAPID_PUBLIC_KEY: pair.publicKey })).toContain('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together');
    expect(configRefusal({ VAPID_PRIVATE_KEY: pair.privateKey })).toContain('must be set together');
    const other = vapidPair();
    expect(configRefusal({ VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: other.privateKey })).toContain('are not one key pair');
    expect(configRefusal({ VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: pair.privateKey })).toContain(
      'VAPID_PUBLIC_KEY: an uncompressed P-256',
    );
    const badPrivate = configRefusal({ VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: 'AAAA' });
    expect(badPrivate).toContain('VAPID_PRIVATE_KEY');
    for (const message of [badPrivate, configRefusal({ VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: other.privateKey })]) {
      expect(message).not.toContain(pair.publicKey);
      expect(message).not.toContain(other.privateKey);
    }
    for (const subject of ['http://rozmova.ua', 'mailto:', 'care@rozmova.ua', 'ftp://rozmova.ua']) {
      expect(configRefusal({ VAPID_SUBJECT: subject })).toContain('VAPID_SUBJECT');
    }
  });
});

describe('subscriptions', () => {
  test('a signed-in user saves a device (201), saving it again answers 200; the profile shows the device saved last', async () => {
    const patient = await quickPatient(t);
    expect(await profileToken(patient)).toBeNull();
    const device = endpoint.device();
    const first = await save(patient, device.subscription);
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ endpoint: device.subscription.endpoint });
    expect((await save(patient, device.subscription)).status).toBe(200);
    expect(await devicesOf(patient.userId)).toHaveLength(1);
    expect(JSON.parse(await profileToken(patient))).toEqual(device.subscription);
    const second = endpoint.device();
    t.clock.advance(1000);
    expect((await save(patient, second.subscription)).status).toBe(201);
    expect(JSON.parse(await profileToken(patient))).toEqual(second.subscription);
    expect((await call(t.app, 'POST', subscriptionsUrl, { body: { user_push_token: device.subscription } })).status).toBe(401);
  });

  test('a device saved by another user moves to that user (whoever signs in on the browser now)', async () => {
    const [first, second] = [await quickPatient(t), await quickPatient(t)];
    const device = endpoint.device();
    expect((await save(first, device.subscription)).status).toBe(201);
    expect((await save(second, device.subscription)).status).toBe(200);
    expect(await devicesOf(first.userId)).toHaveLength(0);
    expect(await devicesOf(second.userId)).toHaveLength(1);
    expect(await profileToken(first)).toBeNull();
  });

  test('DELETE removes one of the caller’s own devices; another user’s endpoint or an unknown one is 404', async () => {
    const [owner, other] = [await quickPatient(t), await quickPatient(t)];
    const device = endpoint.device();
    await save(owner, device.subscription);
    expect((await remove(other, device.subscription.endpoint)).status).toBe(404);
    expect(await devicesOf(owner.userId)).toHaveLength(1);
    expect((await remove(owner, device.subscription.endpoint)).status).toBe(204);
    expect((await remove(owner, device.subscription.endpoint)).status).toBe(404);
    expect(await devicesOf(owner.userId)).toHaveLength(0);
    expect((await call(t.app, 'DELETE', subscriptionsUrl, { body: { endpoint: device.subscription.endpoint } })).status).toBe(401);
  });

  test(`50 devices saved at once keep the newest ${PUSH_DEVICES_PER_USER}; one device saved 50 times at once is one row`, async () => {
    const patient = await quickPatient(t);
    const devices = Array.from({ length: 50 }, () => endpoint.device());
    const answers = await Promise.all(devices.map((device) => save(patient, device.subscription)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(201));
    expect(await devicesOf(patient.userId)).toHaveLength(PUSH_DEVICES_PER_USER);

    const one = endpoint.device();
    const again = await Promise.all(Array.from({ length: 50 }, () => save(patient, one.subscription)));
    expect(again.filter((answer) => answer.status === 201)).toHaveLength(1);
    expect(again.filter((answer) => answer.status === 200)).toHaveLength(49);
    const kept = await devicesOf(patient.userId);
    expect(kept).toHaveLength(PUSH_DEVICES_PER_USER);
    expect(kept.filter((row) => row.endpoint === one.subscription.endpoint)).toHaveLength(1);
  });

  test('bad subscriptions are 400 naming the field and store nothing', async () => {
    const patient = await quickPatient(t);
    const good = endpoint.device().subscription;
    const withEndpoint = (url: string) => ({ ...good, endpoint: url });
    const withKeys = (keys: Partial<typeof good.keys>) => ({ ...good, keys: { ...good.keys, ...keys } });
    const notAPoint = Buffer.concat([Buffer.from([4]), randomBytes(64)]).toString('base64url');
    const cases: [unknown, string, string][] = [
      [withEndpoint('not a url'), 'body.user_push_token.endpoint', 'INVALID_FORMAT'],
      [withEndpoint('ftp://push.example.com/x'), 'body.user_push_token.endpoint', 'INVALID_FORMAT'],
      [withEndpoint('javascript:alert(1)'), 'body.user_push_token.endpoint', 'INVALID_FORMAT'],
      [withEndpoint(`https://push.example.com/${'x'.repeat(2100)}`), 'body.user_push_token.endpoint', 'TOO_LONG'],
      [withEndpoint('https://push.example.com/a\nb'), 'body.user_push_token.endpoint', 'ONE_LINE_TEXT'],
      [withEndpoint('https://push.example.com/a\u202eb'), 'body.user_push_token.endpoint', 'ONE_LINE_TEXT'],
      [withEndpoint('https://push.example.com/a b'), 'body.user_push_token.endpoint', 'INVALID_FORMAT'],
      [withKeys({ p256dh: 'B'.repeat(257) }), 'body.user_push_token.keys.p256dh', 'TOO_LONG'],
      [withKeys({ auth: 'a'.repeat(65) }), 'body.user_push_token.keys.auth', 'TOO_LONG'],
      [withKeys({ p256dh: 'not base64!' }), 'body.user_push_token.keys.p256dh', 'INVALID_FORMAT'],
      [withKeys({ p256dh: notAPoint }), 'body.user_push_token.keys.p256dh', 'INVALID_FORMAT'],
      [withKeys({ p256dh: good.keys.p256dh.slice(0, 40) }), 'body.user_push_token.keys.p256dh', 'INVALID_FORMAT'],
      [withKeys({ auth: randomBytes(8).toString('base64url') }), 'body.user_push_token.keys.auth', 'INVALID_FORMAT'],
      [{ ...good, extra: 1 }, 'body.user_push_token', 'UNKNOWN_FIELD'],
    ];
    for (const [subscription, path, code] of cases) {
      const answer = await save(patient, subscription);
      expect(answer.status, JSON.stringify(subscription).slice(0, 120)).toBe(400);
      expect(answer.body.errors).toContainEqual(expect.objectContaining({ path, code }));
    }
    const controls = await remove(patient, 'https://push.example.com/a\rb');
    expect(controls.status).toBe(400);
    expect(controls.body.errors).toEqual([{ path: 'body.endpoint', code: 'ONE_LINE_TEXT', message: ONE_LINE_TEXT_MESSAGE }]);
    expect(await devicesOf(patient.userId)).toHaveLength(0);
  });

  test('without PUSH_ENDPOINT_HOSTS only https on port 443 of the browsers’ push services is taken', async () => {
    const browsersOnly = otherInstance();
    const keys = endpoint.device().subscription.keys;
    const patient = await quickPatient(t);
    for (const url of [
      endpoint.device().subscription.endpoint,
      'http://fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com:444/fcm/send/x',
      'https://push.rozmova.test/x',
      'https://127.0.0.1/x',
      'https://[::1]/x',
      'https://localhost/x',
      'https://api.localhost/x',
      'https://wns2-db5p.notify.windows.com.localhost/w/?token=x',
    ]) {
      await expect(browsersOnly.save(patient.userId, { endpoint: url, keys }), url).rejects.toMatchObject({
        code: 'VALIDATION_FAILED',
        errors: [{ path: 'body.user_push_token.endpoint', code: 'INVALID_FORMAT', message: ENDPOINT_RULE }],
      });
    }
    for (const url of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com:443/fcm/send/def',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://wns2-db5p.notify.windows.com/w/?token=abc',
      'https://web.push.apple.com/abc',
    ]) {
      await expect(browsersOnly.save(patient.userId, { endpoint: url, keys }), url).resolves.toEqual({ created: true });
    }
  });

  test('PUT /v1/patients/:id user_push_token takes the same subscription as JSON text; null removes every device', async () => {
    const patient = await quickPatient(t);
    const url = `/v1/patients/${patient.patientId}`;
    const device = endpoint.device();
    const put = (token: unknown) => call(t.app, 'PUT', url, { token: patient.token, body: { user_push_token: token } });
    expect((await put(JSON.stringify(device.subscription))).status).toBe(200);
    expect(JSON.parse(await profileToken(patient))).toEqual(device.subscription);
    for (const bad of [
      'device-token-1',
      '{"endpoint":"https://push.example.com/x"}',
      JSON.stringify({ ...device.subscription, endpoint: 'x' }),
    ]) {
      const answer = await put(bad);
      expect(answer.status).toBe(400);
      expect(answer.body.errors).toEqual([expect.objectContaining({ path: 'body.user_push_token', code: 'INVALID_FORMAT' })]);
    }
    await save(patient, endpoint.device().subscription);
    expect(await devicesOf(patient.userId)).toHaveLength(2);
    expect((await put(null)).status).toBe(200);
    expect(await devicesOf(patient.userId)).toHaveLength(0);
    expect(await profileToken(patient)).toBeNull();
  });
});

describe('sending', () => {
  const message = { notification: { title: 'Rozmova', body: 'Консультація завтра о 10:00' }, data: { url: '/user', kind: 'simple' } };

  async function subscribed(): Promise<{ patient: Person; device: TestDevice }> {
    const patient = await quickPatient(t);
    const device = endpoint.device();
    expect((await save(patient, device.subscription)).status).toBe(201);
    return { patient, device };
  }

  test('a push is encrypted to the device and signed with the served VAPID key for the push service’s origin', async () => {
    const { patient, device } = await subscribed();
    const { publicKey } = (await call(t.app, 'GET', '/v1/push/public-key')).body;
    logs.text = '';
    expect(await t.services.push.send(patient.userId, message)).toEqual({ delivered: 1, gone: 0, failed: 0 });
    const [push] = device.received();
    expect(push!.headers['content-encoding']).toBe('aes128gcm');
    expect(push!.headers.ttl).toBe(String(PUSH_TTL_SECONDS));
    expect(push!.body.toString('utf8')).not.toContain('Консультація');
    expect(push!.vapid).toMatchObject({ publicKey, valid: true, claims: { aud: endpoint.url, sub: 'mailto:care@rozmova.local' } });
    const [payload] = device.messages();
    expect(pushMessageSchema.parse(payload)).toEqual({ ...message, notification: { ...message.notification, icon: '/favicon.svg' } });
    const [row] = await devicesOf(patient.userId);
    expect(row!.lastUsedAt).toEqual(t.clock.now());
    expect(logs.text).toBe('');
  });

  test('every device of the user gets it; a device answered 404 or 410 is deleted at once; one failing for now stays', async () => {
    const patient = await quickPatient(t);
    const [ok, gone, missing, failing] = [endpoint.device(), endpoint.device(), endpoint.device(), endpoint.device()];
    for (const device of [ok, gone, missing, failing]) await save(patient, device.subscription);
    gone.answer(410);
    missing.answer(404);
    failing.answer(503);
    logs.text = '';
    expect(await t.services.push.send(patient.userId, message)).toEqual({ delivered: 1, gone: 2, failed: 1 });
    expect((await devicesOf(patient.userId)).map((row) => row.endpoint).sort()).toEqual(
      [ok.subscription.endpoint, failing.subscription.endpoint].sort(),
    );
    // The log names the push service's host and the status, never the device's address, keys or the text.
    expect(logs.text).toContain('"status":503');
    for (const secret of [failing.id, failing.subscription.keys.p256dh, failing.subscription.keys.auth, 'Консультація']) {
      expect(logs.text).not.toContain(secret);
    }
  });

  test('an unreachable push service fails that device only, quickly', async () => {
    const { patient, device } = await subscribed();
    const closed = await startPushEndpoint();
    const dead = closed.device();
    await closed.close();
    await save(patient, dead.subscription);
    const started = Date.now();
    expect(await t.services.push.send(patient.userId, message)).toEqual({ delivered: 1, gone: 0, failed: 1 });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(device.messages()).toHaveLength(1);
  });

  test('deactivated and removed accounts get no push; removal deletes the devices', async () => {
    const { patient, device } = await subscribed();
    await t.services.accounts.setActive(patient.userId, false);
    expect(await t.services.push.send(patient.userId, message)).toEqual({ delivered: 0, gone: 0, failed: 0 });
    await t.services.accounts.setActive(patient.userId, true);
    await t.services.accounts.anonymise(patient.userId);
    expect(await devicesOf(patient.userId)).toHaveLength(0);
    expect(device.received()).toHaveLength(0);
  });

  test('notifications push when the person’s settings have push on, once per notification even if delivered again', async () => {
    const { patient, device } = await subscribed();
    const texts = { kind: 'appointment-created' as const, message: { uk: 'Запис створено', en: 'Booked' } };
    await t.services.notifications.notify('push-test:1', patient.userId, texts);
    await t.services.notifications.notify('push-test:1', patient.userId, texts);
    expect(device.messages()).toEqual([
      {
        notification: { title: 'Rozmova', body: 'Запис створено', icon: '/favicon.svg' },
        data: { url: '/user', kind: 'appointment-created' },
      },
    ]);
    await call(t.app, 'PUT', '/v1/auth/profile', { token: patient.token, body: { notification_settings: { push: false } } });
    await t.services.notifications.notify('push-test:2', patient.userId, texts);
    expect(device.received()).toHaveLength(1);
    await call(t.app, 'PUT', '/v1/auth/profile', {
      token: patient.token,
      body: { notification_settings: { push: true, in_app: false } },
    });
    await t.services.notifications.notify('push-test:3', patient.userId, texts);
    expect(device.received()).toHaveLength(2);
  });
});
