import type { FastifyInstance } from 'fastify';
import { adminApi } from '@rozmova/contracts';
import { authOf } from '../../http/access.ts';
import { route } from '../../http/route.ts';
import type { AdminService } from './admin.service.ts';

export function registerAdminRoutes(app: FastifyInstance, deps: { admin: AdminService }): void {
  route(app, adminApi.create, async (request, reply) => reply.status(201).send(await deps.admin.createUser(request.body)));

  route(app, adminApi.list, async (request) => deps.admin.listUsers(request.query));

  route(app, adminApi.update, async (request) => deps.admin.updateUser(authOf(request), request.params.id, request.body));

  route(app, adminApi.resetPassword, async (request, reply) => {
    await deps.admin.resetPassword(request.params.id);
    return reply.status(204).send(null);
  });
}
