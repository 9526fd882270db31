import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import {
  broadcastBodySchema,
  broadcastListSchema,
  broadcastSchema,
  pushPaths,
  removePushSubscriptionBodySchema,
  savePushSubscriptionBodySchema,
  vapidPublicKeySchema,
} from '../push.ts';

/** A saved device: its endpoint. */
const savedSchema = z.object({ endpoint: z.string() });

export const publicKey = endpoint({
  method: 'GET',
  path: pushPaths.publicKey,
  access: 'public',
  summary: 'The VAPID public key the browser subscribes with',
  responses: { 200: vapidPublicKeySchema },
});

export const subscribe = endpoint({
  method: 'POST',
  path: pushPaths.subscriptions,
  access: 'user',
  summary: "Save this device's push subscription for the caller (201), or again (200)",
  body: savePushSubscriptionBodySchema,
  responses: { 200: savedSchema, 201: savedSchema },
});

export const unsubscribe = endpoint({
  method: 'DELETE',
  path: pushPaths.subscriptions,
  access: 'user',
  summary: "Remove one of the caller's devices",
  body: removePushSubscriptionBodySchema,
  responses: { 204: z.null() },
  errors: ['NOT_FOUND'],
});

export const broadcast = endpoint({
  method: 'POST',
  path: pushPaths.broadcasts,
  access: ['admin'],
  summary: 'Announce to every active patient, operator or doctor (a notification and a push)',
  body: broadcastBodySchema,
  responses: { 201: broadcastSchema },
  errors: ['TOO_MANY_REQUESTS'],
});

export const listBroadcasts = endpoint({
  method: 'GET',
  path: pushPaths.broadcasts,
  access: ['admin'],
  summary: 'The newest broadcasts',
  responses: { 200: broadcastListSchema },
});
