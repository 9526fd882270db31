import { z } from 'zod';
import { idSchema, multiLineTextSchema } from './common.ts';
import { NOTIFICATION_MESSAGE_MAX, notificationKinds } from './constants.ts';

export const notificationKindSchema = z.enum(notificationKinds);

export const createNotificationBodySchema = z.strictObject({
  notification_message: multiLineTextSchema(NOTIFICATION_MESSAGE_MAX).min(1),
  users_user_id: idSchema,
});
export type CreateNotificationBody = z.infer<typeof createNotificationBodySchema>;

export const notificationSchema = z.object({
  id: z.string(),
  notification_message: z.string(),
  notification_is_read: z.boolean(),
  notification_kind: notificationKindSchema,
  users_user_id: z.string(),
  appointment_id: z.string().nullable(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** The newest 20 and how many of all are unread. */
export const notificationListSchema = z.object({
  notifications: z.array(notificationSchema),
  unread_count: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;
