import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createNotificationBodySchema,
  idParamsSchema,
  notificationListSchema,
  notificationPaths,
  notificationSchema,
} from '@rozmova/contracts';
import { authOf } from '../../http/access.ts';
import type { NotificationsService } from './notifications.service.ts';

export function registerNotificationRoutes(app: FastifyInstance, deps: { notifications: NotificationsService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { access: 'user' } as const;
  const noContent = { 204: z.null() };

  r.get(
    notificationPaths.ofUser,
    { config: signedIn, schema: { params: idParamsSchema, response: { 200: notificationListSchema } } },
    async (request) => deps.notifications.listOfUser(authOf(request).account, request.params.id),
  );

  r.post(
    notificationPaths.notifications,
    { config: signedIn, schema: { body: createNotificationBodySchema, response: { 201: notificationSchema } } },
    async (request, reply) => reply.status(201).send(await deps.notifications.create(authOf(request).account, request.body)),
  );

  // The caller's own notifications; the two fixed paths win over `:id` in the router.
  r.put(notificationPaths.markAllAsRead, { config: signedIn, schema: { response: noContent } }, async (request, reply) => {
    await deps.notifications.markAllAsRead(authOf(request).account);
    return reply.status(204).send(null);
  });

  r.delete(notificationPaths.clearAll, { config: signedIn, schema: { response: noContent } }, async (request, reply) => {
    await deps.notifications.clearAll(authOf(request).account);
    return reply.status(204).send(null);
  });

  r.delete(
    notificationPaths.notification,
    { config: signedIn, schema: { params: idParamsSchema, response: noContent } },
    async (request, reply) => {
      await deps.notifications.remove(authOf(request).account, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
