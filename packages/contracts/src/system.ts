import { z } from 'zod';
import { localeSchema } from './common.ts';
import { appModes } from './constants.ts';

export const healthSchema = z.object({ status: z.enum(['ok', 'unavailable']), database: z.enum(['ok', 'unreachable']) });
export const versionSchema = z.object({ build_id: z.string() });

export const appModeSchema = z.enum(appModes);

/** Public runtime settings the server hands the web app inside index.html. */
export const publicConfigSchema = z.object({
  app_mode: appModeSchema,
  api_base: z.string(),
  decryption_key: z.string().nullable(),
  build_id: z.string(),
  contact_email: z.string(),
  default_locale: localeSchema,
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
