import { z } from 'zod';
import { multiLineTextSchema, oneLineTextSchema } from './common.ts';
import { NOTIFICATION_MESSAGE_MAX } from './constants.ts';

/**
 * Web push (VAPID) and broadcasts. A device's subscription is the user's `user_push_token` (docs/product.md §3): the
 * browser's PushSubscription as JSON, saved only for a signed-in user; one user may have several devices.
 */

/** Broadcasts (docs/product.md §3 group channels): who an announcement goes to. */
export const broadcastAudiences = ['patients', 'operators', 'doctors'] as const;
export type BroadcastAudience = (typeof broadcastAudiences)[number];
export const BROADCAST_TITLE_MAX = 120;
/** docs/product.md §2: a push shown in the page is a toast for this long. */
export const PUSH_TOAST_MS = 10_000;
/** docs/product.md §8: written to the console when the browser refuses notifications. */
export const PUSH_PERMISSION_DENIED_LOG = 'Unable to get permission to notify.';

export const pushPaths = {
  publicKey: '/v1/push/public-key',
  subscriptions: '/v1/push/subscriptions',
  broadcasts: '/v1/admin/broadcasts',
} as const;

export const pushSubscriptionSchema = z.strictObject({
  endpoint: oneLineTextSchema(2048).pipe(z.url({ protocol: /^https?$/ })),
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject({
    p256dh: z
      .string()
      .min(1)
      .max(256)
      .regex(/^[A-Za-z0-9_-]+=*$/),
    auth: z
      .string()
      .min(1)
      .max(64)
      .regex(/^[A-Za-z0-9_-]+=*$/),
  }),
});
export type PushSubscriptionJson = z.infer<typeof pushSubscriptionSchema>;

export const savePushSubscriptionBodySchema = z.strictObject({ user_push_token: pushSubscriptionSchema });
export type SavePushSubscriptionBody = z.infer<typeof savePushSubscriptionBodySchema>;
export const removePushSubscriptionBodySchema = z.strictObject({ endpoint: oneLineTextSchema(2048).min(1) });
export const vapidPublicKeySchema = z.object({ publicKey: z.string() });

/** What a push carries (docs/product.md §3 "Push message"): shown by the service worker, or as a 10 s toast in the page. */
export const pushMessageSchema = z.object({
  notification: z.object({ title: z.string(), body: z.string(), icon: z.string().optional(), image: z.string().optional() }),
  data: z.object({ url: z.string().optional(), kind: z.string().optional() }).optional(),
  from: z.string().optional(),
});
export type PushMessage = z.infer<typeof pushMessageSchema>;

export const broadcastBodySchema = z.strictObject({
  audience: z.enum(broadcastAudiences),
  title: oneLineTextSchema(BROADCAST_TITLE_MAX).min(1),
  message: multiLineTextSchema(NOTIFICATION_MESSAGE_MAX).pipe(z.string().min(1)),
});
export type BroadcastBody = z.infer<typeof broadcastBodySchema>;
export const broadcastSchema = z.object({
  id: z.string(),
  audience: z.enum(broadcastAudiences),
  title: z.string(),
  message: z.string(),
  recipients: z.number().int(),
  created_at: z.string(),
});
export type Broadcast = z.infer<typeof broadcastSchema>;
export const broadcastListSchema = z.object({ broadcasts: z.array(broadcastSchema) });
