import { createECDH } from 'node:crypto';
import webpush from 'web-push';
import { z } from 'zod';
import { pushSubscriptionSchema, type FieldError, type PushMessage, type PushSubscriptionJson } from '@rozmova/contracts';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { createOutbound, OutboundRefusedError, type OutboundOptions } from '../../lib/outbound.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import {
  deleteSubscription,
  deleteSubscriptionOfUser,
  deleteSubscriptionsOfUser,
  deliverableSubscriptions,
  findVapidSetting,
  insertVapidSettingOnce,
  markSubscriptionUsed,
  saveSubscription,
  type SubscriptionRow,
} from './push.repository.ts';
import { endpointAllowed, ENDPOINT_RULE, type EndpointRules } from './push.endpoints.ts';

/** A user's devices kept; saving one more drops the one saved longest ago. */
export const PUSH_DEVICES_PER_USER = 20;
/** A push service that has not answered by then is given up on (the next push tries again). */
export const PUSH_TIMEOUT_MS = 5_000;
/** A push the device has not fetched within a day is dropped by the push service (it would be stale). */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
/** The icon the service worker shows with a push that names none. */
export const PUSH_ICON = '/favicon.svg';
const TITLE_MAX = 120;
const BODY_MAX = 1000;

/** The profile's `user_push_token`: a device (the one saved last) as PushSubscription JSON text. */
export function toPushToken(device: Pick<SubscriptionRow, 'endpoint' | 'p256dh' | 'auth'>): string {
  return JSON.stringify({ endpoint: device.endpoint, expirationTime: null, keys: { p256dh: device.p256dh, auth: device.auth } });
}

/** The app's logger as services see it; lines name a push service's host and a status, never an endpoint, key or payload. */
export interface PushLog {
  warn(details: object, message: string): void;
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** What one push did: devices that took it, devices gone (deleted now), devices that failed for now. */
export interface PushOutcome {
  delivered: number;
  gone: number;
  failed: number;
}

const keysSchema = z.object({ publicKey: z.string().min(1), privateKey: z.string().min(1) });

const invalid = (path: string, message: string, code: FieldError['code'] = 'INVALID_FORMAT') =>
  new AppError('VALIDATION_FAILED', 'Validation failed', [{ path, code, message }]);

/** Why the browser keys of a subscription cannot be encrypted to, if they cannot (RFC 8291: a P-256 point, 16 bytes). */
function keysProblem(keys: { p256dh: string; auth: string }): { field: 'p256dh' | 'auth'; message: string } | undefined {
  const point = Buffer.from(keys.p256dh, 'base64url');
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    if (point.length !== 65) throw new Error('length');
    ecdh.computeSecret(point);
  } catch {
    return { field: 'p256dh', message: 'Not a P-256 public key (65 bytes, URL-safe base64)' };
  }
  if (Buffer.from(keys.auth, 'base64url').length !== 16) return { field: 'auth', message: 'The auth secret is 16 bytes (URL-safe base64)' };
  return undefined;
}

/** Refuses an endpoint the server must not post to: only visible ASCII, and a push service's address (push.endpoints.ts). */
function checkEndpoint(path: string, endpoint: string, rules: EndpointRules): void {
  if (!/^[\x21-\x7e]+$/.test(endpoint)) throw invalid(path, 'The endpoint is a URL without spaces');
  if (!endpointAllowed(endpoint, rules)) throw invalid(path, ENDPOINT_RULE);
}

const hostOf = (endpoint: string) => {
  try {
    return new URL(endpoint).host;
  } catch {
    return 'invalid';
  }
};

const clip = (message: PushMessage): PushMessage => ({
  ...message,
  notification: {
    icon: PUSH_ICON,
    ...message.notification,
    title: message.notification.title.slice(0, TITLE_MAX),
    body: message.notification.body.slice(0, BODY_MAX),
  },
});

/**
 * Web push (VAPID): the key pair, the devices of each user (`user_push_token`) and sending. A device is the browser's
 * PushSubscription; the payload is encrypted to it (aes128gcm) and posted to its push service.
 */
export function createPushService(deps: {
  db: Db;
  clock: Clock;
  log: PushLog;
  /** Config `push`: VAPID keys from the settings (else kept in the database), the subject, and more push services' hosts. */
  settings: { vapid?: VapidKeys; subject: string; endpointHosts: readonly string[] };
  /** Config `outbound` (loopback for the tests' local push service); tests may inject name resolution. */
  outbound: OutboundOptions;
  accounts: Pick<AccountsService, 'onAccountRemoved' | 'onAccountClaimed'>;
}) {
  const { db, clock, log } = deps;
  const rules: EndpointRules = { extraHosts: deps.settings.endpointHosts, allowLoopback: deps.outbound.allowLoopback ?? false };
  const outbound = createOutbound(deps.outbound);
  let keys: Promise<VapidKeys> | undefined;

  // A removed account's devices must never be told anything again.
  deps.accounts.onAccountRemoved(async ({ userId }, tx) => {
    await deleteSubscriptionsOfUser(tx, userId);
  });
  // Devices saved before the e-mail was proved are those of whoever held the account's sessions then.
  deps.accounts.onAccountClaimed(async (userId, tx) => {
    await deleteSubscriptionsOfUser(tx, userId);
  });

  /** The configured pair, or the one kept in `settings` (made by whichever instance came first). */
  async function loadKeys(): Promise<VapidKeys> {
    if (deps.settings.vapid) return deps.settings.vapid;
    const kept = keysSchema.safeParse(await findVapidSetting(db));
    if (kept.success) return kept.data;
    await insertVapidSettingOnce(db, webpush.generateVAPIDKeys());
    return keysSchema.parse(await findVapidSetting(db));
  }

  function vapidKeys(): Promise<VapidKeys> {
    keys ??= loadKeys().catch((error: unknown) => {
      keys = undefined;
      throw error;
    });
    return keys;
  }

  /** The subscription, checked beyond its schema: a safe endpoint and keys that can be encrypted to (else 400 at `path`). */
  function checked(subscription: PushSubscriptionJson, path: string, wholePath = false): PushSubscriptionJson {
    const at = (field: string) => (wholePath ? path : `${path}.${field}`);
    checkEndpoint(at('endpoint'), subscription.endpoint, rules);
    const problem = keysProblem(subscription.keys);
    if (problem) throw invalid(at(`keys.${problem.field}`), problem.message);
    return subscription;
  }

  async function save(userId: string, subscription: PushSubscriptionJson): Promise<{ created: boolean }> {
    const { endpoint, keys: k } = subscription;
    return saveSubscription(db, userId, { endpoint, p256dh: k.p256dh, auth: k.auth }, clock.now(), PUSH_DEVICES_PER_USER);
  }

  /** A device the server may never post to (kept under older rules, or its name leads inside): deleted, like one gone. */
  async function drop(device: SubscriptionRow, host: string, reason: string): Promise<'gone'> {
    await deleteSubscription(db, device.id);
    log.warn({ host, reason }, 'push device dropped: the server may not connect there');
    return 'gone';
  }

  /**
   * Posts one encrypted push through the outbound guard (its address checked as it connects); a device its push service
   * says is gone (404, 410) is deleted at once.
   */
  async function deliver(device: SubscriptionRow, payload: string, vapid: VapidKeys): Promise<keyof PushOutcome> {
    const host = hostOf(device.endpoint);
    if (keysProblem(device)) {
      await deleteSubscription(db, device.id);
      return 'gone';
    }
    if (!endpointAllowed(device.endpoint, rules)) return drop(device, host, 'endpoint');
    try {
      const request = webpush.generateRequestDetails(
        { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
        payload,
        {
          vapidDetails: { subject: deps.settings.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
          TTL: PUSH_TTL_SECONDS,
          contentEncoding: 'aes128gcm',
        },
      );
      const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
      const status = await outbound.post(request.endpoint, {
        headers,
        body: request.body ? new Uint8Array(request.body) : undefined,
        timeoutMs: PUSH_TIMEOUT_MS,
      });
      if (status >= 200 && status < 300) {
        await markSubscriptionUsed(db, device.id, clock.now());
        return 'delivered';
      }
      if (status === 404 || status === 410) {
        await deleteSubscription(db, device.id);
        return 'gone';
      }
      log.warn({ host, status }, 'push refused by the push service');
    } catch (error) {
      if (error instanceof OutboundRefusedError) return drop(device, host, error.reason);
      log.warn({ host, error: error instanceof Error ? error.name : typeof error }, 'push not sent');
    }
    return 'failed';
  }

  return {
    /** `GET /v1/push/public-key`: the browser subscribes with it (`applicationServerKey`). */
    publicKey: async (): Promise<string> => (await vapidKeys()).publicKey,

    /**
     * `POST /v1/push/subscriptions`: this device now belongs to the caller (a browser profile is whoever signs in on it
     * now), with the keys sent; `created` false when the endpoint was known.
     */
    save: async (userId: string, subscription: PushSubscriptionJson) => save(userId, checked(subscription, 'body.user_push_token')),

    /** `DELETE /v1/push/subscriptions`: only one of the caller's own devices; any other endpoint is 404. */
    async remove(userId: string, endpoint: string): Promise<void> {
      if (!(await deleteSubscriptionOfUser(db, userId, endpoint))) throw notFound('Push subscription');
    },

    /**
     * `user_push_token` of `PUT /v1/patients/:id`: the same PushSubscription as JSON text, saved like a subscription;
     * null removes every device of the user.
     */
    async saveToken(userId: string, token: string | null): Promise<void> {
      if (token === null) return deleteSubscriptionsOfUser(db, userId);
      let parsed: unknown;
      try {
        parsed = JSON.parse(token);
      } catch {
        throw invalid('body.user_push_token', 'A PushSubscription as JSON text');
      }
      const subscription = pushSubscriptionSchema.safeParse(parsed);
      if (!subscription.success) throw invalid('body.user_push_token', 'A PushSubscription as JSON text (endpoint and keys)');
      await save(userId, checked(subscription.data, 'body.user_push_token', true));
    },

    /**
     * One push to every device of an active user, at once, each given up after {@link PUSH_TIMEOUT_MS}. Never throws
     * for a device: the outcome says how many took it.
     */
    async send(userId: string, message: PushMessage): Promise<PushOutcome> {
      const outcome: PushOutcome = { delivered: 0, gone: 0, failed: 0 };
      const devices = await deliverableSubscriptions(db, userId);
      if (devices.length === 0) return outcome;
      const vapid = await vapidKeys();
      const payload = JSON.stringify(clip(message));
      for (const result of await Promise.all(devices.map((device) => deliver(device, payload, vapid)))) outcome[result] += 1;
      return outcome;
    },
  };
}

export type PushService = ReturnType<typeof createPushService>;
