import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminConsolePaths,
  adminPaths,
  adminUserSchema,
  createUserBodySchema,
  idParamsSchema,
  listUsersQuerySchema,
  updateUserBodySchema,
  userListSchema,
} from '@rozmova/contracts';
import { authOf } from '../../http/access.ts';
import type { AdminService } from './admin.service.ts';

export function registerAdminRoutes(app: FastifyInstance, deps: { admin: AdminService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const adminOnly = { access: ['admin'] } as const;

  r.post(
    adminPaths.users,
    { config: adminOnly, schema: { body: createUserBodySchema, response: { 201: adminUserSchema } } },
    async (request, reply) => reply.status(201).send(await deps.admin.createUser(request.body)),
  );

  r.get(
    adminPaths.users,
    { config: adminOnly, schema: { querystring: listUsersQuerySchema, response: { 200: userListSchema } } },
    async (request) => deps.admin.listUsers(request.query),
  );

  r.patch(
    adminPaths.user,
    { config: adminOnly, schema: { params: idParamsSchema, body: updateUserBodySchema, response: { 200: adminUserSchema } } },
    async (request) => deps.admin.updateUser(authOf(request), request.params.id, request.body),
  );

  r.post(
    adminConsolePaths.resetPassword,
    { config: adminOnly, schema: { params: idParamsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await deps.admin.resetPassword(request.params.id);
      return reply.status(204).send(null);
    },
  );
}
