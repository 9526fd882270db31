import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterEach, describe, expect, test } from 'vitest';
import { createPostgresDatabase } from './test/harness.ts';

const apiDir = fileURLToPath(new URL('..', import.meta.url));
const tsx = fileURLToPath(new URL('../../../node_modules/.bin/tsx', import.meta.url));
const ADMIN = { ADMIN_EMAIL: 'root@startup.rozmova.test', ADMIN_PASSWORD: 'Startup-Admin-Passw0rd' };
const SPAWN_TIMEOUT = 120_000;

interface ServerProcess {
  /** The address the start banner names; rejects when the process exits before it. */
  started: Promise<string>;
  exited: Promise<number | null>;
  output(): string;
  stop(): Promise<void>;
}

const running: ServerProcess[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.stop()));
});

/**
 * `tsx src/server.ts` as `npm start -w apps/api` runs it, with only the given settings (a free port, its own DATA_DIR,
 * which `prepare` may fill first).
 */
function startServer(settings: Record<string, string>, prepare?: (dataDir: string) => void): ServerProcess {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rozmova-start-'));
  prepare?.(dataDir);
  const child = spawn(tsx, ['src/server.ts'], {
    cwd: apiDir,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'development',
      PORT: '0',
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'no-web-build'),
      LOG_LEVEL: 'warn',
      ...settings,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const started = new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const banner = /Rozmova is running at (\S+) \(database/.exec(output);
      if (banner) resolve(banner[1]!);
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    void exited.then((code) => reject(new Error(`The server exited with ${code} before it started:\n${output}`)));
  });
  started.catch(() => undefined);
  const server: ServerProcess = {
    started,
    exited,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  running.push(server);
  return server;
}

const health = async (address: string) => (await fetch(`${address}/api/health`)).status;

describe('starting the server', () => {
  test(
    'in development: listens on 127.0.0.1 only and says so, makes demo accounts and the ADMIN_EMAIL admin, removes a stray upload',
    async () => {
      let stray = '';
      const server = startServer({ DATABASE_URL: '', ...ADMIN }, (dataDir) => {
        mkdirSync(path.join(dataDir, 'uploads'));
        stray = path.join(dataDir, 'uploads', `document-${randomUUID()}`);
        writeFileSync(stray, '%PDF-1.7\n');
        const yesterday = new Date(Date.now() - 24 * 60 * 60 * 1000);
        utimesSync(stray, yesterday, yesterday);
      });
      const address = await server.started;
      expect(address).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(await health(address)).toBe(200);
      const port = new URL(address).port;
      const outside = Object.values(networkInterfaces())
        .flat()
        .find((entry) => entry && entry.family === 'IPv4' && !entry.internal);
      if (outside) await expect(fetch(`http://${outside.address}:${port}/api/health`)).rejects.toThrow();

      expect(server.output()).toContain('doctor@demo.rozmova.local');
      const doctors = (await (await fetch(`${address}/v1/doctors`)).json()) as unknown[];
      expect(doctors).toHaveLength(4);
      const login = await fetch(`${address}/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: ADMIN.ADMIN_EMAIL, password: ADMIN.ADMIN_PASSWORD, role: 'admin' }),
      });
      expect(login.status).toBe(200);
      expect(existsSync(stray)).toBe(false);
    },
    SPAWN_TIMEOUT,
  );

  test(
    'in production it refuses to start without SMTP_URL and without a chosen payment provider, naming both settings',
    async () => {
      const server = startServer({ NODE_ENV: 'production', DATABASE_URL: '' });
      await expect(server.started).rejects.toThrow(/exited with 1/);
      expect(server.output()).toContain('SMTP_URL');
      expect(server.output()).toContain('PAYMENT_PROVIDER');
    },
    SPAWN_TIMEOUT,
  );

  test(
    'in production with PAYMENT_PROVIDER=sandbox it starts and warns in the log and on the console, at every start',
    async () => {
      const server = startServer({
        NODE_ENV: 'production',
        DATABASE_URL: '',
        HOST: '127.0.0.1',
        SMTP_URL: 'smtp://127.0.0.1:9',
        PAYMENT_PROVIDER: 'sandbox',
        TWO_FACTOR_KEY: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=',
      });
      const address = await server.started;
      expect(address).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(await health(address)).toBe(200);
      const lines = server.output().split('\n');
      const logged = lines.filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as { level: number; msg: string });
      const warned = logged.filter((entry) => entry.level === 40 && entry.msg.includes('PAYMENT_PROVIDER=sandbox'));
      expect(warned).toHaveLength(1);
      expect(lines.find((line) => !line.startsWith('{') && line.includes('PAYMENT_PROVIDER=sandbox'))).toBeDefined();
    },
    SPAWN_TIMEOUT,
  );
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two instances starting at once on one empty PostgreSQL database', () => {
  test.each([
    { DEMO_DATA: 'true', demoAccounts: 7, doctors: 4 },
    { DEMO_DATA: 'false', demoAccounts: 0, doctors: 0 },
  ])(
    'DEMO_DATA=$DEMO_DATA: both become healthy, with one admin, $demoAccounts demo accounts, $doctors doctors, the quiz seeded once',
    async ({ DEMO_DATA, demoAccounts, doctors }) => {
      const database = await createPostgresDatabase(process.env.TEST_DATABASE_URL!);
      try {
        const settings = { DATABASE_URL: database.url, HOST: '127.0.0.1', DEMO_DATA, ...ADMIN };
        const servers = [startServer(settings), startServer(settings)];
        const addresses = await Promise.all(servers.map((server) => server.started));
        expect(await Promise.all(addresses.map(health))).toEqual([200, 200]);

        const client = new pg.Client({ connectionString: database.url });
        await client.connect();
        try {
          const count = async (query: string, values: unknown[] = []) =>
            Number((await client.query<{ n: string }>(query, values)).rows[0]!.n);
          expect(await count('select count(*) as n from users where email = $1', [ADMIN.ADMIN_EMAIL])).toBe(1);
          const demo = await count(`select count(*) as n from users where email like '%@demo.rozmova.local'`);
          expect(demo).toBe(demoAccounts);
          expect(await count('select count(*) as n from doctors')).toBe(doctors);
          expect(await count('select count(*) as n from quiz_questions')).toBe(50);
        } finally {
          await client.end();
        }
      } finally {
        await Promise.all(running.splice(0).map((server) => server.stop()));
        await database.drop();
      }
    },
    SPAWN_TIMEOUT,
  );
});
