import { z } from 'zod';
import { emailSchema, oneLineTextSchema, passwordSchema, roleSchema, userNameSchema } from './common.ts';

export const createUserBodySchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  user_name: userNameSchema,
  user_role: roleSchema,
});
export type CreateUserBody = z.infer<typeof createUserBodySchema>;

export const updateUserBodySchema = z.object({ is_active: z.boolean() });
export type UpdateUserBody = z.infer<typeof updateUserBodySchema>;

export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  user_name: z.string(),
  user_role: roleSchema,
  is_active: z.boolean(),
  email_verified: z.boolean(),
  created_at: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const listUsersQuerySchema = z.object({
  role: roleSchema.optional(),
  search: oneLineTextSchema(254).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type ListUsersQuery = z.infer<typeof listUsersQuerySchema>;

export const userListSchema = z.object({ users: z.array(adminUserSchema), total: z.number() });
export type UserList = z.infer<typeof userListSchema>;
