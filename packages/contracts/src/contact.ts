import { z } from 'zod';
import { emailSchema, multiLineTextSchema, userNameSchema } from './common.ts';

export const contactBodySchema = z.object({
  name: userNameSchema,
  email: emailSchema,
  message: multiLineTextSchema(5000).min(1),
});
export type ContactBody = z.infer<typeof contactBodySchema>;
