import { z } from 'zod';
import { multiLineTextSchema, oneLineTextSchema } from './common.ts';
import { BROADCAST_TITLE_MAX, broadcastAudiences, NOTIFICATION_MESSAGE_MAX } from './constants.ts';

/**
 * Web push (VAPID) and broadcasts. A device's subscription is the user's `user_push_token` (SPEC.md §3): the
 * browser's PushSubscription as JSON, saved only for a signed-in user; one user may have several devices.
 */
export const pushSubscriptionSchema = z.strictObject({
  endpoint: z.url({ protocol: /^https?$/ }).max(2048),
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
export const removePushSubscriptionBodySchema = z.strictObject({ endpoint: z.string().min(1).max(2048) });
export const vapidPublicKeySchema = z.object({ publicKey: z.string() });

/** What a push carries (SPEC.md §3 "Push message"): shown by the service worker, or as a 10 s toast in the page. */
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
