import { z } from 'zod';
import { emailSchema, userNameSchema } from './common.ts';

export const contactBodySchema = z.object({
  name: userNameSchema,
  email: emailSchema,
  message: z.string().trim().min(1).max(5000),
});
export type ContactBody = z.infer<typeof contactBodySchema>;
