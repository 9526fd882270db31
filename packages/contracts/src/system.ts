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
  /** `NODE_ENV` of the server, the error monitor's environment. */
  environment: z.string(),
  /** Set only when configured; the scripts load only after the visitor's consent. */
  gtm_id: z.string().nullable(),
  pixel_id: z.string().nullable(),
  /** Regular expression a path must match for a pixel page view; null means every path. */
  pixel_path_pattern: z.string().nullable(),
  /** The web app's error monitoring DSN; events travel through the app's own origin. Null: monitoring is off and not loaded. */
  sentry_dsn: z.string().nullable(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
