import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { connect } from 'node:net';
import type SMTPPool from 'nodemailer/lib/smtp-pool/index.js';
import type { Server as SocketServer } from 'socket.io';
import { afterAll, beforeEach, inject } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import type { Role } from '@rozmova/contracts';
import { buildApp, createLoggerOptions } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { sessions, users } from '../db/schema.ts';
import { newToken, sha256 } from '../lib/crypto.ts';
import type { Clock } from '../lib/clock.ts';
import { hashPassword } from '../lib/passwords.ts';
import { createSmtpMailer } from '../lib/mailer.ts';
import { createPostgresDatabase } from './databases.ts';
import { startMailCatcher, type MailCatcher } from './mail.ts';

/** What test/global-setup.ts makes once per run for this harness (vitest's provide and inject). */
declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding a migrated PGlite data directory, which each test app's in-memory database starts from. */
    pgliteSnapshot?: string;
    /** A migrated PostgreSQL database, the template of each test app's fresh database. */
    postgresTemplate?: string;
  }
}

export { createPostgresDatabase };

/** Collects an app's log lines (`createTestApp({ logStream })`) for tests that read what was logged. */
export class LogCapture extends Writable {
  text = '';
  override _write(chunk: Buffer, _encoding: string, done: () => void) {
    this.text += chunk.toString('utf8');
    done();
  }
  lines(): Record<string, unknown>[] {
    return this.text
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  }
}

/** buildApp's app; its `io` is lost in the inferred type because a Fastify instance is thenable (await unwraps it). */
export type TestApp = Awaited<ReturnType<typeof buildApp>> & { io: SocketServer };

/** Moving it runs the timers it passes, in order of their time. */
export interface TestClock extends Clock {
  set(at: Date | number): void;
  advance(ms: number): void;
  /** The times of the timers not run yet, soonest first. */
  pending(): Date[];
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export function createTestClock(start = Date.now()): TestClock {
  let current = start;
  let timers: { at: number; fn: () => void }[] = [];
  const runDue = () => {
    const due = timers.filter((timer) => timer.at <= current).sort((a, b) => a.at - b.at);
    timers = timers.filter((timer) => timer.at > current);
    for (const timer of due) timer.fn();
  };
  return {
    now: () => new Date(current),
    set: (at) => {
      current = typeof at === 'number' ? at : at.getTime();
      runDue();
    },
    advance: (ms) => {
      current += ms;
      runDue();
    },
    setTimer: (at, fn) => {
      const timer = { at: at.getTime(), fn };
      timers.push(timer);
      if (timer.at <= current) queueMicrotask(runDue);
      return () => {
        timers = timers.filter((other) => other !== timer);
      };
    },
    pending: () => timers.map((timer) => new Date(timer.at)).sort((a, b) => a.getTime() - b.getTime()),
  };
}

export interface TestAppOptions {
  /** Settings on top of the test defaults (loadConfig input). */
  env?: Record<string, string | undefined>;
  /** `smtp` (default): a real SMTP server catches the mail. `default`: whatever the config chooses (the dev outbox without SMTP_URL). */
  mailer?: 'smtp' | 'default';
  /** Captures the app's log lines (the production logger options, at level info). */
  logStream?: Writable;
  /** Runs after buildApp and before ready, e.g. to add a test-only route. */
  beforeReady?: (app: TestApp) => void;
  /** A PostgreSQL database another test app already made: a second API instance on the same data. */
  postgresUrl?: string;
}

export interface TestContext {
  app: TestApp;
  /** The PostgreSQL database of this app, when the suite runs on PostgreSQL. */
  postgresUrl?: string;
  services: TestApp['services'];
  config: Config;
  database: Database;
  clock: TestClock;
  mail: MailCatcher;
  close(): Promise<void>;
}

let snapshot: Promise<Blob | undefined> | undefined;

/** The run's migrated PGlite data directory (test/global-setup.ts), read once per test file. */
function pgliteSnapshot(): Promise<Blob | undefined> {
  const file = inject('pgliteSnapshot');
  snapshot ??= file ? readFile(file).then((bytes) => new Blob([bytes])) : Promise.resolve(undefined);
  return snapshot;
}

/**
 * The app's SMTP transport to the test's catcher: one kept connection (the catcher waits 100 ms before greeting each
 * new one) without Nagle's delay (the end of each message would wait for a delayed ACK), so a mail costs milliseconds.
 */
function catcherTransport(url: string): SMTPPool.Options {
  const { hostname, port } = new URL(url);
  return {
    host: hostname,
    port: Number(port),
    pool: true,
    getSocket: (_options, done) => {
      const socket = connect(Number(port), hostname);
      socket.setNoDelay(true);
      socket.once('error', done);
      socket.once('connect', () => {
        socket.off('error', done);
        done(null, { connection: socket });
      });
    },
  };
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestContext> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rozmova-test-'));
  const mail = await startMailCatcher();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'no-web-build'),
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    LANDING_BOOKINGS_PER_HOUR: '100000',
    // Tests run due jobs themselves (services.jobs.runDue) after moving the clock.
    JOBS_POLL_MS: '0',
    // Devices saved by tests that never read their pushes: a reserved name (RFC 2606), so a push reaches no one.
    PUSH_ENDPOINT_HOSTS: 'push.rozmova.test',
    // Staff sign in with the password alone unless a test asks for two factors (STAFF_2FA=required; docs/two-factor.md).
    STAFF_2FA: 'optional',
    ...options.env,
  });
  const baseUrl = process.env.TEST_DATABASE_URL;
  const postgres = !options.postgresUrl && baseUrl ? await createPostgresDatabase(baseUrl, inject('postgresTemplate')) : undefined;
  const postgresUrl = options.postgresUrl ?? postgres?.url;
  const database = await openDatabase(
    postgresUrl ? { url: postgresUrl } : { dataDir: 'memory://', pgliteSnapshot: await pgliteSnapshot() },
  );
  const clock = createTestClock();
  const app = (await buildApp({
    config,
    database,
    clock,
    mailer: options.mailer === 'default' ? undefined : createSmtpMailer(catcherTransport(mail.url), config.mailFrom),
    logger: options.logStream ? { ...(createLoggerOptions(config) as object), level: 'info', stream: options.logStream } : undefined,
  })) as TestApp;
  options.beforeReady?.(app);
  await app.ready();

  // Codes and notices are mailed by jobs, and the worker is off in tests: waiting for a mail first runs the due ones,
  // as the worker does right after the commit that queued them.
  const runDueJobs = async () => {
    while ((await app.services.jobs.runDue()) > 0);
  };
  const appMail: MailCatcher = {
    ...mail,
    waitFor: async (address, predicate, timeoutMs) => {
      await runDueJobs();
      return mail.waitFor(address, predicate, timeoutMs);
    },
    codeFor: async (address) => {
      await runDueJobs();
      return mail.codeFor(address);
    },
  };

  let closed = false;
  return {
    app,
    postgresUrl,
    services: app.services,
    config,
    database,
    clock,
    mail: appMail,
    async close() {
      if (closed) return;
      closed = true;
      await app.close();
      await database.close().catch(() => undefined);
      await mail.close();
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A test file's own app, closed after the file; given `start`, its clock is set there before each test. */
export async function fileTestApp(start?: number): Promise<TestContext> {
  const t = await createTestApp();
  afterAll(() => t.close());
  if (start !== undefined) beforeEach(() => t.clock.set(start));
  return t;
}

// ---- requests ---------------------------------------------------------------------------------

export interface CallOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  remoteAddress?: string;
}

export interface CallResult {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read the JSON answer's fields directly
  body: any;
  headers: Record<string, unknown>;
  text: string;
}

/** One request through app.inject; the body is parsed when the answer is JSON. */
export async function call(app: TestApp, method: string, url: string, options: CallOptions = {}): Promise<CallResult> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await app.inject({
    method: method as 'GET',
    url,
    headers,
    ...(options.body !== undefined ? { payload: options.body as object } : {}),
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
  const isJson = String(response.headers['content-type'] ?? '').includes('application/json');
  return {
    status: response.statusCode,
    body: isJson && response.body !== '' ? response.json() : undefined,
    headers: response.headers,
    text: response.body,
  };
}

// ---- people -------------------------------------------------------------------------------------

export const PASSWORD = 'Tiny-Violet-Harbour-42';

/** A small file whose content is a PDF, as the upload checks read it. */
export const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(200, 0x20), Buffer.from('\n%%EOF\n')]);

export const uniqueEmail = (prefix = 'user') => `${prefix}-${randomBytes(5).toString('hex')}@example.com`;

export interface SignedIn {
  token: string;
  email: string;
  password: string;
  userId: string;
}

/** Signs up a patient exactly as the web app does: send-code → code from the mail → register-patient. */
export async function registerPatient(
  app: TestApp,
  mail: MailCatcher,
  input: {
    email?: string;
    password?: string;
    user_name?: string;
    phone?: string;
    locale?: 'uk' | 'en';
    headers?: Record<string, string>;
  } = {},
): Promise<SignedIn> {
  const email = input.email ?? uniqueEmail('patient');
  const password = input.password ?? PASSWORD;
  const sent = await call(app, 'POST', '/v1/verification-codes/register/send-code', { body: { email, locale: input.locale } });
  if (sent.status !== 204) throw new Error(`send-code answered ${sent.status}: ${sent.text}`);
  const code = await mail.codeFor(email);
  const registered = await call(app, 'POST', '/v1/auth/register-patient', {
    body: { email, code, password, user_name: input.user_name ?? 'Олена Тестова', phone: input.phone, locale: input.locale },
    headers: input.headers,
  });
  if (registered.status !== 201) throw new Error(`register-patient answered ${registered.status}: ${registered.text}`);
  const user = await app.services.accounts.findByEmail(email.toLowerCase());
  return { token: registered.body.token, email, password, userId: user!.id };
}

/** Logs in through the API; throws unless it answers 200. */
export async function login(app: TestApp, email: string, password: string): Promise<string> {
  const response = await call(app, 'POST', '/v1/auth/login', { body: { email, password, role: 'patient' } });
  if (response.status !== 200) throw new Error(`login answered ${response.status}: ${response.text}`);
  return response.body.token;
}

/** Creates an account of any role through the accounts service (as an admin would) and logs it in. */
export async function loginAs(
  app: TestApp,
  role: Role,
  input: { email?: string; password?: string; userName?: string } = {},
): Promise<SignedIn> {
  const email = input.email ?? uniqueEmail(role);
  const password = input.password ?? PASSWORD;
  const user = await app.services.accounts.createAccount({
    email,
    password,
    userName: input.userName ?? `Test ${role}`,
    role,
    emailVerified: true,
  });
  return { token: await login(app, email, password), email, password, userId: user.id };
}

// ---- database look-ups (what the API stored) ----------------------------------------------------

export async function sessionsOf(ctx: TestContext, userId: string) {
  return ctx.database.db.select().from(sessions).where(eq(sessions.userId, userId)).orderBy(asc(sessions.createdAt));
}

export async function userRowById(ctx: TestContext, userId: string) {
  const [row] = await ctx.database.db.select().from(users).where(eq(users.id, userId));
  return row;
}

/**
 * A live session for any account, written the way the auth service writes one. Used for accounts that cannot log in
 * yet (booked from the landing page, without a password).
 */
export async function sessionFor(ctx: TestContext, userId: string): Promise<string> {
  const token = newToken();
  const at = ctx.clock.now();
  await ctx.database.db.insert(sessions).values({
    userId,
    tokenHash: sha256(token),
    createdAt: at,
    lastSeenAt: at,
    expiresAt: new Date(at.getTime() + 30 * DAY),
  });
  return token;
}

let testPasswordHash: Promise<string> | undefined;

/**
 * An account of any role with the test password and a live session, the password hashed once per process: for the
 * walks over every route and identity, where an argon2 hash and check per account would be most of their time.
 */
export async function signedInAs(ctx: TestContext, role: Role, input: { userName?: string } = {}): Promise<SignedIn> {
  const email = uniqueEmail(role);
  const userName = input.userName ?? `Test ${role}`;
  const user = await ctx.app.services.accounts.createAccount({ email, userName, role, emailVerified: true });
  testPasswordHash ??= hashPassword(PASSWORD);
  await ctx.database.db
    .update(users)
    .set({ passwordHash: await testPasswordHash })
    .where(eq(users.id, user.id));
  return { token: await sessionFor(ctx, user.id), email, password: PASSWORD, userId: user.id };
}

/** The message with which settings are refused (the test fails when they are accepted). */
export function configRefusal(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('accepted');
}
