import webpush from 'web-push';
import type { PushMessage } from '@rozmova/contracts';
import { OutboundRefusedError } from '../../../lib/outbound.ts';
import { endpointAllowed } from '../push.endpoints.ts';
import { deleteSubscription, deliverableSubscriptions, markSubscriptionUsed, type SubscriptionRow } from '../push.repository.ts';
import { keysProblem, type PushContext, type VapidKeys } from './context.ts';

/** A push service that has not answered by then is given up on (the next push tries again). */
export const PUSH_TIMEOUT_MS = 5_000;
/** A push the device has not fetched within a day is dropped by the push service (it would be stale). */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
/** The icon the service worker shows with a push that names none. */
export const PUSH_ICON = '/favicon.svg';
const TITLE_MAX = 120;
const BODY_MAX = 1000;

/** What one push did: devices that took it, devices gone (deleted now), devices that failed for now. */
export interface PushOutcome {
  delivered: number;
  gone: number;
  failed: number;
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

/** A device the server may never post to (kept under older rules, or its name leads inside): deleted, like one gone. */
async function drop(ctx: PushContext, device: SubscriptionRow, host: string, reason: string): Promise<'gone'> {
  await deleteSubscription(ctx.db, device.id);
  ctx.log.warn({ host, reason }, 'push device dropped: the server may not connect there');
  return 'gone';
}

/**
 * Posts one encrypted push through the outbound guard (its address checked as it connects); a device its push service
 * says is gone (404, 410) is deleted at once.
 */
async function deliver(ctx: PushContext, device: SubscriptionRow, payload: string, vapid: VapidKeys): Promise<keyof PushOutcome> {
  const host = hostOf(device.endpoint);
  if (keysProblem(device)) {
    await deleteSubscription(ctx.db, device.id);
    return 'gone';
  }
  if (!endpointAllowed(device.endpoint, ctx.rules)) return drop(ctx, device, host, 'endpoint');
  try {
    const request = webpush.generateRequestDetails(
      { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
      payload,
      {
        vapidDetails: { subject: ctx.settings.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
        TTL: PUSH_TTL_SECONDS,
        contentEncoding: 'aes128gcm',
      },
    );
    const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
    const status = await ctx.outbound.post(request.endpoint, {
      headers,
      body: request.body ? new Uint8Array(request.body) : undefined,
      timeoutMs: PUSH_TIMEOUT_MS,
    });
    if (status >= 200 && status < 300) {
      await markSubscriptionUsed(ctx.db, device.id, ctx.clock.now());
      return 'delivered';
    }
    if (status === 404 || status === 410) {
      await deleteSubscription(ctx.db, device.id);
      return 'gone';
    }
    ctx.log.warn({ host, status }, 'push refused by the push service');
  } catch (error) {
    if (error instanceof OutboundRefusedError) return drop(ctx, device, host, error.reason);
    ctx.log.warn({ host, error: error instanceof Error ? error.name : typeof error }, 'push not sent');
  }
  return 'failed';
}

/**
 * One push to every device of an active user, at once, each given up after {@link PUSH_TIMEOUT_MS}. Never throws
 * for a device: the outcome says how many took it.
 */
export async function sendPush(ctx: PushContext, userId: string, message: PushMessage): Promise<PushOutcome> {
  const outcome: PushOutcome = { delivered: 0, gone: 0, failed: 0 };
  const devices = await deliverableSubscriptions(ctx.db, userId);
  if (devices.length === 0) return outcome;
  const vapid = await ctx.vapidKeys();
  const payload = JSON.stringify(clip(message));
  for (const result of await Promise.all(devices.map((device) => deliver(ctx, device, payload, vapid)))) outcome[result] += 1;
  return outcome;
}
