import { createECDH } from 'node:crypto';
import webpush from 'web-push';
import { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import type { Clock } from '../../../lib/clock.ts';
import { createOutbound, type OutboundOptions } from '../../../lib/outbound.ts';
import type { AccountsService } from '../../accounts/accounts.service.ts';
import type { EndpointRules } from '../push.endpoints.ts';
import { findVapidSetting, insertVapidSettingOnce } from '../push.repository.ts';

/** The app's logger as services see it; lines name a push service's host and a status, never an endpoint, key or payload. */
export interface PushLog {
  warn(details: object, message: string): void;
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** What the push service and its commands are given by buildApp. */
export interface PushDeps {
  db: Db;
  clock: Clock;
  log: PushLog;
  /** Config `push`: VAPID keys from the settings (else kept in the database), the subject, and more push services' hosts. */
  settings: { vapid?: VapidKeys; subject: string; endpointHosts: readonly string[] };
  /** Config `outbound` (loopback for the tests' local push service); tests may inject name resolution. */
  outbound: OutboundOptions;
  accounts: Pick<AccountsService, 'onAccountRemoved' | 'onAccountClaimed'>;
}

const keysSchema = z.object({ publicKey: z.string().min(1), privateKey: z.string().min(1) });

/** Why the browser keys of a subscription cannot be encrypted to, if they cannot (RFC 8291: a P-256 point, 16 bytes). */
export function keysProblem(keys: { p256dh: string; auth: string }): { field: 'p256dh' | 'auth'; message: string } | undefined {
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

/** The VAPID key pair, loaded once (a failed load is tried again on the next call). */
function vapidKeysOf(deps: Pick<PushDeps, 'db' | 'settings'>): () => Promise<VapidKeys> {
  let keys: Promise<VapidKeys> | undefined;

  /** The configured pair, or the one kept in `settings` (made by whichever instance came first). */
  async function loadKeys(): Promise<VapidKeys> {
    if (deps.settings.vapid) return deps.settings.vapid;
    const kept = keysSchema.safeParse(await findVapidSetting(deps.db));
    if (kept.success) return kept.data;
    await insertVapidSettingOnce(deps.db, webpush.generateVAPIDKeys());
    return keysSchema.parse(await findVapidSetting(deps.db));
  }

  return () => {
    keys ??= loadKeys().catch((error: unknown) => {
      keys = undefined;
      throw error;
    });
    return keys;
  };
}

/** What every use case of push is given: its dependencies, the endpoint rules, the outbound guard and the VAPID keys. */
export function createPushContext(deps: PushDeps) {
  const rules: EndpointRules = { extraHosts: deps.settings.endpointHosts, allowLoopback: deps.outbound.allowLoopback ?? false };
  return { ...deps, rules, outbound: createOutbound(deps.outbound), vapidKeys: vapidKeysOf(deps) };
}

export type PushContext = ReturnType<typeof createPushContext>;
