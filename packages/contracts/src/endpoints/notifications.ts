import { z } from 'zod';
import { idParamsSchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { createNotificationBodySchema, notificationListSchema, notificationSchema } from '../notifications.ts';
import { notificationPaths } from '../paths.ts';

export const ofUser = endpoint({
  method: 'GET',
  path: notificationPaths.ofUser,
  access: 'user',
  summary: "A user's notifications (the caller's own, an admin's for anyone)",
  params: idParamsSchema,
  responses: { 200: notificationListSchema },
});

export const create = endpoint({
  method: 'POST',
  path: notificationPaths.notifications,
  access: 'user',
  body: createNotificationBodySchema,
  responses: { 201: notificationSchema },
  errors: ['NOT_FOUND'],
});

export const markAllRead = endpoint({
  method: 'PUT',
  path: notificationPaths.markAllAsRead,
  access: 'user',
  summary: "Mark all the caller's notifications as read",
  responses: { 204: z.null() },
});

export const clearAll = endpoint({
  method: 'DELETE',
  path: notificationPaths.clearAll,
  access: 'user',
  summary: "Delete all the caller's notifications",
  responses: { 204: z.null() },
});

export const remove = endpoint({
  method: 'DELETE',
  path: notificationPaths.notification,
  access: 'user',
  summary: "Delete one of the caller's notifications",
  params: idParamsSchema,
  responses: { 204: z.null() },
});
