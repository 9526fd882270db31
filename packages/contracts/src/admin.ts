import { z } from 'zod';
import { emailSchema, localeSchema, oneLineTextSchema, passwordSchema, roleSchema, userNameSchema } from './common.ts';

export const createUserBodySchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  user_name: userNameSchema,
  user_role: roleSchema,
  /** The account's language (its e-mails, and the interface once signed in); Ukrainian when not given. */
  locale: localeSchema.optional(),
});
export type CreateUserBody = z.infer<typeof createUserBodySchema>;

/** Roles an admin may move an account between; patients and `none` accounts keep their role (their records depend on it). */
export const assignableRoles = ['operator', 'doctor', 'admin'] as const;

export const updateUserBodySchema = z
  .strictObject({
    is_active: z.boolean().optional(),
    user_name: userNameSchema.optional(),
    user_role: z.enum(assignableRoles).optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { message: 'Nothing to change' });
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
