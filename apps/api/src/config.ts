import { createECDH } from 'node:crypto';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import {
  appModeSchema,
  DEFAULT_TURN_TTL_SECONDS,
  iceServerSchema,
  paymentProviders,
  type IceServerConfig,
  type PaymentProvider,
} from '@rozmova/contracts';

const flag = z.enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no']).transform((value) => ['1', 'true', 'on', 'yes'].includes(value));
const optionalText = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

const hostLabel = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const hostPattern = new RegExp(`^(?:\\*\\.)?${hostLabel}(?:\\.${hostLabel})*$`);
/** One host of a list: a name (`*.` for any name under it) or an address, in lower case; IPv6 in brackets as URL writes it. */
const hostEntry = z
  .string()
  .transform((value) => value.toLowerCase().replace(/^\[(.*)\]$/, '$1'))
  .refine((value) => hostPattern.test(value) || isIP(value) !== 0, {
    message: 'host names separated by commas (`*.` for any name under one), without scheme, port or path',
  })
  .transform((value) => (isIP(value) === 6 ? new URL(`http://[${value}]`).hostname : value));

const STORAGE_CHOICES =
  "`database` or DATABASE_URL (uploads in the app's database, shared by every instance), or empty for the folder DATA_DIR/uploads";

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: optionalText,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalText.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  REDIS_URL: optionalText.pipe(z.url({ protocol: /^rediss?$/ }).optional()),
  STORAGE_URL: optionalText.pipe(
    z
      .string()
      .refine((value) => value === 'database' || z.url({ protocol: /^postgres(ql)?$/ }).safeParse(value).success, {
        message: STORAGE_CHOICES,
      })
      .optional(),
  ),
  SMTP_URL: optionalText.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
  MAIL_FROM: z.string().default('Rozmova <no-reply@rozmova.local>'),
  CONTACT_EMAIL: z.email().default('care@rozmova.local'),
  CLINIC_NAME: z.string().trim().min(1).max(200).default('Rozmova'),
  ADMIN_EMAIL: optionalText.pipe(z.email().optional()),
  ADMIN_PASSWORD: optionalText,
  PUBLIC_URL: optionalText.pipe(z.url().optional()),
  DEMO_DATA: flag.optional(),
  APP_MODE: appModeSchema.default('landing'),
  API_BASE: z.string().default(''),
  DECRYPTION_KEY: optionalText,
  BUILD_ID: optionalText,
  GTM_ID: optionalText.pipe(
    z
      .string()
      .regex(/^GTM-[A-Z0-9]{4,12}$/, 'a tag manager container id, e.g. GTM-ABC1234')
      .optional(),
  ),
  PIXEL_ID: optionalText.pipe(
    z
      .string()
      .regex(/^\d{5,20}$/, 'the advertising pixel id (digits)')
      .optional(),
  ),
  PIXEL_PATH_PATTERN: optionalText.pipe(
    z.string().max(500).refine(isRegExp, 'a regular expression (JavaScript syntax) the page path must match').optional(),
  ),
  SENTRY_DSN: optionalText.pipe(z.string().refine(isSentryDsn, 'a Sentry or GlitchTip DSN: https://<key>@<host>/<project id>').optional()),
  SENTRY_DSN_WEB: optionalText.pipe(
    z.string().refine(isSentryDsn, 'a Sentry or GlitchTip DSN: https://<key>@<host>/<project id>').optional(),
  ),
  STAFF_2FA: optionalText.pipe(z.enum(['required', 'optional']).optional()),
  TWO_FACTOR_KEY: optionalText.pipe(
    z
      .string()
      .refine((value) => Buffer.from(value, 'base64').length === 32, '32 random bytes in base64, e.g. `openssl rand -base64 32`')
      .optional(),
  ),
  WEB_DIST: optionalText,
  WEB_DIST_PREVIOUS: optionalText,
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  LANDING_BOOKINGS_PER_HOUR: z.coerce.number().int().min(1).default(5),
  TRUST_PROXY: flag.default(false),
  JOBS_POLL_MS: z.coerce.number().int().min(0).max(3_600_000).default(1000),
  LIQPAY_PUBLIC_KEY: optionalText,
  LIQPAY_PRIVATE_KEY: optionalText,
  LIQPAY_API_URL: z.url({ protocol: /^https?$/ }).default('https://www.liqpay.ua/api/request'),
  PAYMENT_PROVIDER: optionalText.pipe(z.enum(paymentProviders).optional()),
  ICE_SERVERS: optionalText.pipe(
    z
      .string()
      .transform((value, ctx) => {
        try {
          return JSON.parse(value) as unknown;
        } catch {
          ctx.addIssue({ code: 'custom', message: 'not JSON' });
          return z.NEVER;
        }
      })
      .pipe(z.array(iceServerSchema).max(10))
      .optional(),
  ),
  TURN_URLS: optionalText.pipe(
    z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((url) => url.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.string().regex(/^turns?:[^\s]+$/, 'each URL is turn: or turns:')).min(1))
      .optional(),
  ),
  TURN_SECRET: optionalText,
  TURN_TTL: z.coerce.number().int().min(60).max(86_400).default(DEFAULT_TURN_TTL_SECONDS),
  VAPID_PUBLIC_KEY: optionalText,
  VAPID_PRIVATE_KEY: optionalText,
  PUSH_ENDPOINT_HOSTS: optionalText
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((host) => host.trim())
        .filter(Boolean),
    )
    .pipe(z.array(hostEntry)),
  OUTBOUND_ALLOW_LOOPBACK: flag.default(false),
  VAPID_SUBJECT: optionalText.pipe(
    z
      .string()
      .refine((value) => /^mailto:[^@\s]+@[^@\s]+$/.test(value) || z.url({ protocol: /^https$/ }).safeParse(value).success, {
        message: 'an https: URL or a mailto: address of the service',
      })
      .optional(),
  ),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  production: boolean;
  port: number;
  host: string;
  logLevel: Env['LOG_LEVEL'];
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  /** Where uploads are kept: `DATA_DIR/uploads` of this instance, or the app's database, which every instance shares. */
  storage: 'local' | 'database';
  smtpUrl?: string;
  mailFrom: string;
  contactEmail: string;
  /** Written into every feedback as feedback_clinic_name. */
  clinicName: string;
  admin?: { email: string; password: string };
  publicUrl: string;
  demoData: boolean;
  appMode: Env['APP_MODE'];
  apiBase: string;
  decryptionKey?: string;
  buildId?: string;
  /** Tag manager and advertising pixel, loaded in the browser only after the visitor's consent. */
  analytics: { gtmId?: string; pixelId?: string; pixelPathPattern?: string };
  /** Error monitoring (Sentry or GlitchTip): the API's DSN and the web app's (SENTRY_DSN_WEB, else SENTRY_DSN). */
  sentry: { apiDsn?: string; webDsn?: string };
  /** Staff roles that must sign in with a second factor, and the key their TOTP secrets are encrypted with. */
  twoFactor: { requiredFor: readonly ('admin' | 'doctor' | 'operator')[]; key?: string };
  webDist: string;
  /** The build before this one: its hashed assets are still served to tabs opened before the deployment. */
  webDistPrevious?: string;
  authRateLimitPerMinute: number;
  /** Bookings from the landing page (each makes an account) one client address may make in an hour. */
  landingBookingsPerHour: number;
  trustProxy: boolean;
  /** How often the job worker looks for due jobs; 0 turns it off (tests run jobs themselves). */
  jobsPollMs: number;
  /**
   * New checkouts go to this provider: LiqPay when its keys are set (unless PAYMENT_PROVIDER says otherwise), else the
   * sandbox; in production the sandbox only when PAYMENT_PROVIDER=sandbox says so.
   */
  payments: { provider: PaymentProvider; liqpay?: { publicKey: string; privateKey: string; apiUrl: string } };
  /** The meeting room's ICE servers: fixed ones (STUN) and TURN with credentials made per join from a shared secret. */
  ice: { servers: IceServerConfig[]; turn?: { urls: string[]; secret: string; ttlSeconds: number } };
  /**
   * Web push: the VAPID key pair when set (else the push module keeps a generated one in the database), its subject, and
   * the hosts of push services taken besides the browsers' own (PUSH_ENDPOINT_HOSTS).
   */
  push: { vapid?: { publicKey: string; privateKey: string }; subject: string; endpointHosts: string[] };
  /** Connections to addresses a user's input can steer: loopback only when a test opts in (never in production). */
  outbound: { allowLoopback: boolean };
}

export class ConfigError extends Error {}

const base64Url = /^[A-Za-z0-9_-]+$/;

/** What is wrong with a VAPID key pair (URL-safe base64 of a P-256 public point and its private key), if anything. */
function vapidProblem(publicKey: string, privateKey: string): string | undefined {
  const point = Buffer.from(publicKey, 'base64url');
  if (!base64Url.test(publicKey) || point.length !== 65 || point[0] !== 4) {
    return 'VAPID_PUBLIC_KEY: an uncompressed P-256 public key (65 bytes) in URL-safe base64, as `npx web-push generate-vapid-keys` prints it';
  }
  const secret = Buffer.from(privateKey, 'base64url');
  if (!base64Url.test(privateKey) || secret.length !== 32) return 'VAPID_PRIVATE_KEY: a P-256 private key (32 bytes) in URL-safe base64';
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(secret);
    if (!ecdh.getPublicKey().equals(point)) return 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are not one key pair';
  } catch {
    return 'VAPID_PRIVATE_KEY: not a valid P-256 private key';
  }
  return undefined;
}

/**
 * Where the server can be reached when PUBLIC_URL is not set: its own host and port (`localhost` for a loopback or
 * every-interface address). Used only where an absolute address is needed (e-mails, calendar files, a provider's
 * callback); links the browser follows inside the app are paths.
 */
export function defaultPublicUrl(host: string, port: number): string {
  const local = ['0.0.0.0', '::', '127.0.0.1', '::1', 'localhost'].includes(host);
  const name = local ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}${port === 80 ? '' : `:${port}`}`;
}

/** Whether two PostgreSQL URLs name one database (host, port and name; the credentials may differ). */
function sameDatabase(a: string, b: string | undefined): boolean {
  if (!b) return false;
  const [x, y] = [new URL(a), new URL(b)];
  return x.hostname === y.hostname && (x.port || '5432') === (y.port || '5432') && x.pathname === y.pathname;
}

function isRegExp(value: string): boolean {
  try {
    new RegExp(value);
    return true;
  } catch {
    return false;
  }
}

function isSentryDsn(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  // The SDKs take a key of word characters only (a hex string): any other key would switch monitoring off unseen.
  return /^https?:$/.test(url.protocol) && /^\w+$/.test(url.username) && /^\/(?:.*\/)?\d+$/.test(url.pathname);
}

/** The only reader of process.env: validates every setting and names the bad ones. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid settings:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if ((e.ADMIN_EMAIL === undefined) !== (e.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError('Invalid settings:\n  ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  if (e.ADMIN_PASSWORD !== undefined && e.ADMIN_PASSWORD.length < 8) {
    throw new ConfigError('Invalid settings:\n  ADMIN_PASSWORD: at least 8 characters');
  }
  if ((e.LIQPAY_PUBLIC_KEY === undefined) !== (e.LIQPAY_PRIVATE_KEY === undefined)) {
    throw new ConfigError('Invalid settings:\n  LIQPAY_PUBLIC_KEY and LIQPAY_PRIVATE_KEY must be set together');
  }
  const liqpay =
    e.LIQPAY_PUBLIC_KEY && e.LIQPAY_PRIVATE_KEY
      ? { publicKey: e.LIQPAY_PUBLIC_KEY, privateKey: e.LIQPAY_PRIVATE_KEY, apiUrl: e.LIQPAY_API_URL }
      : undefined;
  if (e.PAYMENT_PROVIDER === 'liqpay' && !liqpay) {
    throw new ConfigError('Invalid settings:\n  PAYMENT_PROVIDER: liqpay needs LIQPAY_PUBLIC_KEY and LIQPAY_PRIVATE_KEY');
  }
  if ((e.TURN_URLS === undefined) !== (e.TURN_SECRET === undefined)) {
    throw new ConfigError('Invalid settings:\n  TURN_URLS and TURN_SECRET must be set together');
  }
  if ((e.VAPID_PUBLIC_KEY === undefined) !== (e.VAPID_PRIVATE_KEY === undefined)) {
    throw new ConfigError('Invalid settings:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together');
  }
  const vapid = e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY } : undefined;
  const vapidError = vapid && vapidProblem(vapid.publicKey, vapid.privateKey);
  if (vapidError) throw new ConfigError(`Invalid settings:\n  ${vapidError}`);
  // Files are kept in the app's own tables, so a database URL can only be the app's.
  if (e.STORAGE_URL && e.STORAGE_URL !== 'database' && !sameDatabase(e.STORAGE_URL, e.DATABASE_URL)) {
    throw new ConfigError(`Invalid settings:\n  STORAGE_URL: a PostgreSQL URL must name DATABASE_URL's database; ${STORAGE_CHOICES}`);
  }
  const production = e.NODE_ENV === 'production';
  // Outside production only this machine can reach the development outbox and the printed demo passwords.
  const host = e.HOST ?? (production ? '0.0.0.0' : '127.0.0.1');
  if (production && e.OUTBOUND_ALLOW_LOOPBACK) {
    throw new ConfigError(
      'Invalid settings:\n  OUTBOUND_ALLOW_LOOPBACK: for tests only, never in production (it lets users make the server connect to its own machine)',
    );
  }
  if (production) {
    // Refused here rather than found out later: codes would never arrive, and the sandbox marks bookings paid for free.
    const missing = [
      ...(e.SMTP_URL ? [] : ['  SMTP_URL: required in production (sign-in and booking codes are sent by e-mail)']),
      ...(e.TWO_FACTOR_KEY ? [] : ['  TWO_FACTOR_KEY: required in production (staff authenticator secrets are encrypted with it)']),
      ...(e.PAYMENT_PROVIDER || liqpay
        ? []
        : [
            '  PAYMENT_PROVIDER: choose one in production: set LIQPAY_PUBLIC_KEY and LIQPAY_PRIVATE_KEY, ' +
              'or PAYMENT_PROVIDER=sandbox (no money moves)',
          ]),
    ];
    if (missing.length > 0) throw new ConfigError(`Invalid settings:\n${missing.join('\n')}`);
  }
  return {
    env: e.NODE_ENV,
    production,
    port: e.PORT,
    host,
    logLevel: e.LOG_LEVEL,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    storage: e.STORAGE_URL ? 'database' : 'local',
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    contactEmail: e.CONTACT_EMAIL,
    clinicName: e.CLINIC_NAME,
    admin: e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD } : undefined,
    publicUrl: (e.PUBLIC_URL ?? defaultPublicUrl(host, e.PORT)).replace(/\/$/, ''),
    demoData: production ? false : (e.DEMO_DATA ?? true),
    appMode: e.APP_MODE,
    apiBase: e.API_BASE,
    decryptionKey: e.DECRYPTION_KEY,
    buildId: e.BUILD_ID,
    analytics: { gtmId: e.GTM_ID, pixelId: e.PIXEL_ID, pixelPathPattern: e.PIXEL_PATH_PATTERN },
    sentry: { apiDsn: e.SENTRY_DSN, webDsn: e.SENTRY_DSN_WEB ?? e.SENTRY_DSN },
    twoFactor: {
      requiredFor:
        e.STAFF_2FA === 'required' || (e.STAFF_2FA === undefined && production)
          ? ['admin', 'doctor', 'operator']
          : e.STAFF_2FA === 'optional'
            ? []
            : ['admin'],
      key: e.TWO_FACTOR_KEY,
    },
    webDist: path.resolve(e.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    webDistPrevious: e.WEB_DIST_PREVIOUS && path.resolve(e.WEB_DIST_PREVIOUS),
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    landingBookingsPerHour: e.LANDING_BOOKINGS_PER_HOUR,
    trustProxy: e.TRUST_PROXY,
    jobsPollMs: e.JOBS_POLL_MS,
    payments: { provider: e.PAYMENT_PROVIDER ?? (liqpay ? 'liqpay' : 'sandbox'), liqpay },
    ice: {
      servers: e.ICE_SERVERS ?? [],
      turn: e.TURN_URLS && e.TURN_SECRET ? { urls: e.TURN_URLS, secret: e.TURN_SECRET, ttlSeconds: e.TURN_TTL } : undefined,
    },
    push: { vapid, subject: e.VAPID_SUBJECT ?? `mailto:${e.CONTACT_EMAIL}`, endpointHosts: e.PUSH_ENDPOINT_HOSTS },
    outbound: { allowLoopback: e.OUTBOUND_ALLOW_LOOPBACK },
  };
}
