import type { FastifyInstance } from 'fastify';
import { notificationsApi } from '@rozmova/contracts';
import { authOf } from '../../http/access.ts';
import { route } from '../../http/route.ts';
import type { NotificationsService } from './notifications.service.ts';

export function registerNotificationRoutes(app: FastifyInstance, deps: { notifications: NotificationsService }): void {
  route(app, notificationsApi.ofUser, async (request) => deps.notifications.listOfUser(authOf(request).account, request.params.id));

  route(app, notificationsApi.create, async (request, reply) =>
    reply.status(201).send(await deps.notifications.create(authOf(request).account, request.body)),
  );

  // The caller's own notifications; the two fixed paths win over `:id` in the router.
  route(app, notificationsApi.markAllRead, async (request, reply) => {
    await deps.notifications.markAllAsRead(authOf(request).account);
    return reply.status(204).send(null);
  });

  route(app, notificationsApi.clearAll, async (request, reply) => {
    await deps.notifications.clearAll(authOf(request).account);
    return reply.status(204).send(null);
  });

  route(app, notificationsApi.remove, async (request, reply) => {
    await deps.notifications.remove(authOf(request).account, request.params.id);
    return reply.status(204).send(null);
  });
}
