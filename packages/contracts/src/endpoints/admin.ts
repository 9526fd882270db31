import { z } from 'zod';
import { adminConsolePaths } from '../admin-console.ts';
import { adminUserSchema, createUserBodySchema, listUsersQuerySchema, updateUserBodySchema, userListSchema } from '../admin.ts';
import { idParamsSchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { adminPaths } from '../paths.ts';

const adminOnly = { access: ['admin'] } as const;

export const create = endpoint({
  method: 'POST',
  path: adminPaths.users,
  ...adminOnly,
  summary: 'Create an account of any role, its e-mail verified',
  body: createUserBodySchema,
  responses: { 201: adminUserSchema },
  errors: ['EMAIL_TAKEN'],
});

export const list = endpoint({
  method: 'GET',
  path: adminPaths.users,
  ...adminOnly,
  query: listUsersQuerySchema,
  responses: { 200: userListSchema },
});

export const update = endpoint({
  method: 'PATCH',
  path: adminPaths.user,
  ...adminOnly,
  summary: "Change a user's name, staff role or activity (a new role or deactivation ends their sessions)",
  params: idParamsSchema,
  body: updateUserBodySchema,
  responses: { 200: adminUserSchema },
  errors: ['SELF_DEACTIVATION_REFUSED', 'ROLE_CHANGE_REFUSED', 'LAST_ADMIN'],
});

export const resetPassword = endpoint({
  method: 'POST',
  path: adminConsolePaths.resetPassword,
  ...adminOnly,
  summary: 'Mail the user a recovery code to set a new password; their sessions end',
  params: idParamsSchema,
  responses: { 204: z.null() },
});
