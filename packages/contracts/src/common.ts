import { z } from 'zod';
import { locales, PASSWORD_MAX, PASSWORD_MIN, roles } from './constants.ts';

export const roleSchema = z.enum(roles);
export const localeSchema = z.enum(locales);

export const idSchema = z.uuid();
export const idParamsSchema = z.object({ id: idSchema });

export const emailSchema = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email())
  .transform((value) => value.toLowerCase());

export const passwordSchema = z.string().min(PASSWORD_MIN).max(PASSWORD_MAX);

/** International format: a plus, then 8 to 15 digits; spaces, dashes and brackets are dropped. */
export const phoneSchema = z
  .string()
  .max(32)
  .transform((value) => value.replace(/[\s()-]/g, ''))
  .pipe(z.string().regex(/^\+[1-9]\d{7,14}$/, 'Phone must be in international format, e.g. +380501234567'));

export const userNameSchema = z.string().trim().min(1).max(100);

export const verificationCodeSchema = z.string().regex(/^\d{6}$/, 'The code is 6 digits');

export const fieldErrorSchema = z.object({ path: z.string(), message: z.string() });
export const errorBodySchema = z.object({
  code: z.string(),
  message: z.string(),
  errors: z.array(fieldErrorSchema).optional(),
});
