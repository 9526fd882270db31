/**
 * GET /v1/auth/profile through the whole app against a bare Fastify route that runs the same
 * indexed query on the same database, on PGlite and on PostgreSQL. Prints req/s, p50, p99 and
 * the ratio app/baseline; exits non-zero only when a request fails (non-2xx or socket error).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import type { Result } from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase, type Database } from '../apps/api/src/db/client.ts';
import { sha256 } from '../apps/api/src/lib/crypto.ts';
import { toUser } from '../apps/api/src/modules/accounts/accounts.service.ts';
import { findSessionByTokenHash } from '../apps/api/src/modules/auth/auth.repository.ts';

const seconds = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};
const DURATION = seconds('BENCH_DURATION', 8);
const WARMUP = seconds('BENCH_WARMUP', 2);
const CONNECTIONS = Math.round(seconds('BENCH_CONNECTIONS', 10));
const ROUNDS = 2;
const TARGET = 0.6;
const PROFILE_PATH = '/v1/auth/profile';
const BASELINE_PATH = '/baseline/profile';
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ONLY = process.env.BENCH_DB; // 'pglite' | 'postgres' | undefined (both)

// Setup (migrations, argon2 login) plus the timed runs, per database, with a generous margin.
const TIME_LIMIT_MS = 2 * (60 + 2 * WARMUP + 2 * ROUNDS * (DURATION + 1)) * 1000 + 60_000;

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  failures: number;
  /** CPU time of this process (the servers and, on PGlite, the database) per request. */
  cpuPerRequestUs: number;
}

interface Row {
  database: string;
  app: Figures;
  baseline: Figures;
}

let failed = false;

const autocannonCli = createRequire(import.meta.url).resolve('autocannon');
const cleanups = new Set<() => Promise<unknown>>();

/**
 * The load generator is a child process, so it shares neither the servers' event loop nor their
 * CPU accounting: the CPU used by this process during a run is the servers' own.
 */
async function load(url: string, token: string, duration: number): Promise<Figures> {
  const args = [autocannonCli, '-j', '-n', '-c', String(CONNECTIONS), '-d', String(duration), '-H', `authorization=Bearer ${token}`, url];
  const cpuBefore = process.cpuUsage();
  const stdout = await new Promise<string>((resolve, reject) => {
    execFile(process.execPath, args, { timeout: (duration + 30) * 1000, maxBuffer: 16 * 1024 * 1024 }, (error, out, err) =>
      error ? reject(new Error(`autocannon failed: ${error.message}\n${err}`)) : resolve(out),
    );
  });
  const cpu = process.cpuUsage(cpuBefore);
  const result = JSON.parse(stdout) as Result;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    failures: result.non2xx + result.errors + result.timeouts,
    cpuPerRequestUs: (cpu.user + cpu.system) / Math.max(1, result.requests.total),
  };
}

/** Keys sorted, so two JSON texts compare by content (jsonb does not keep key order). */
const canonical = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(canonical)
    : value && typeof value === 'object'
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [k, canonical(v)]))
      : value;
const sameJson = (a: string, b: string) => JSON.stringify(canonical(JSON.parse(a))) === JSON.stringify(canonical(JSON.parse(b)));

/** Fastify with no plugins and no schemas: bearer token → sha256 → the same select → the user's JSON. */
async function startBaseline(database: Database): Promise<FastifyInstance> {
  const bare = Fastify({ logger: false });
  bare.get(BASELINE_PATH, async (request, reply) => {
    const match = /^Bearer (.+)$/.exec(request.headers.authorization ?? '');
    const row = match ? await findSessionByTokenHash(database.db, sha256(match[1]!)) : undefined;
    if (!row) return reply.status(401).send({ code: 'UNAUTHORIZED' });
    return toUser({ user: row.user, patientId: row.patientId, cardId: row.cardId });
  });
  await bare.listen({ host: '127.0.0.1', port: 0 });
  return bare;
}

const addressOf = (server: FastifyInstance) => `http://127.0.0.1:${(server.server.address() as { port: number }).port}`;

async function measure(label: string, database: Database, dataDir: string): Promise<Row> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
    DATA_DIR: dataDir,
    DEMO_DATA: '0',
    WEB_DIST: path.join(dataDir, 'no-web-dist'),
  });
  const app = await buildApp({ config, database });
  let baseline: FastifyInstance | undefined;
  try {
    const email = `bench-${randomBytes(4).toString('hex')}@example.com`;
    const password = 'bench-Password-7342';
    await app.services.accounts.createAccount({ email, userName: 'Bench Patient', role: 'patient', password, emailVerified: true });
    const login = await app.inject({ method: 'POST', url: '/v1/auth/login', payload: { email, password } });
    if (login.statusCode !== 200) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
    const { token } = login.json<{ token: string }>();

    await app.listen({ host: '127.0.0.1', port: 0 });
    baseline = await startBaseline(database);
    const appUrl = addressOf(app) + PROFILE_PATH;
    const baselineUrl = addressOf(baseline) + BASELINE_PATH;

    // Both answer the same user, so they do the same work.
    const headers = { authorization: `Bearer ${token}` };
    const [fromApp, fromBaseline] = await Promise.all([fetch(appUrl, { headers }), fetch(baselineUrl, { headers })]);
    if (fromApp.status !== 200 || fromBaseline.status !== 200) {
      throw new Error(`sanity check: app ${fromApp.status}, baseline ${fromBaseline.status}`);
    }
    const [appBody, baselineBody] = [await fromApp.text(), await fromBaseline.text()];
    if (!sameJson(appBody, baselineBody)) {
      console.warn(`  note: the bodies differ\n    app:      ${appBody}\n    baseline: ${baselineBody}`);
    }

    console.log(`${label}: warm-up ${WARMUP} s each, then ${ROUNDS} × ${DURATION} s alternating app / baseline…`);
    await load(appUrl, token, WARMUP);
    await load(baselineUrl, token, WARMUP);
    let best: { app?: Figures; baseline?: Figures } = {};
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, url] of [['app', appUrl], ['baseline', baselineUrl]] as const) {
        const figures = await load(url, token, DURATION);
        console.log(
          `  ${name.padEnd(8)} round ${round + 1}: ${format(figures.rps, 0)} req/s, p50 ${figures.p50} ms, p99 ${figures.p99} ms, ${format(figures.cpuPerRequestUs, 0)} µs CPU/req`,
        );
        if (figures.failures > 0) {
          failed = true;
          console.error(`  ${name}: ${figures.failures} failed requests (non-2xx, errors or timeouts)`);
        }
        const previous = best[name];
        if (!previous || figures.rps > previous.rps) best = { ...best, [name]: figures };
      }
    }
    return { database: label, app: best.app!, baseline: best.baseline! };
  } finally {
    await baseline?.close();
    await app.close();
  }
}

async function onPglite(): Promise<Row> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rozmova-bench-'));
  try {
    const database = await openDatabase({ dataDir: dir });
    try {
      return await measure('PGlite', database, dir);
    } finally {
      await database.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function onPostgres(): Promise<Row | undefined> {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 3000 });
  admin.on('error', (error) => console.error('PostgreSQL admin connection:', error.message));
  try {
    await admin.connect();
  } catch (error) {
    console.log(`PostgreSQL: skipped, ${redact(ADMIN_URL)} is unreachable (${(error as Error).message}). Set BENCH_DATABASE_URL.`);
    return undefined;
  }
  const name = `rozmova_bench_${randomBytes(4).toString('hex')}`;
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rozmova-bench-'));
  const drop = () => dropDatabase(admin, name);
  try {
    await admin.query(`create database ${name}`);
    cleanups.add(drop);
    const database = await openDatabase({ url: url.toString() });
    try {
      return await measure('PostgreSQL', database, dir);
    } finally {
      await database.close();
    }
  } finally {
    cleanups.delete(drop);
    await drop();
    await admin.end();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * pool.end() resolves before its sockets are closed; terminating them then (drop … with (force))
 * would surface as an unhandled pool error, so wait for them to go first.
 */
async function dropDatabase(admin: import('pg').Client, name: string) {
  for (let i = 0; i < 50; i++) {
    const { rows } = await admin.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
    if (rows[0]?.n === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await admin.query(`drop database if exists ${name}`).catch(() => admin.query(`drop database if exists ${name} with (force)`));
}

const redact = (url: string) => url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
const format = (value: number, digits: number) => value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

function printTable(rows: Row[]) {
  const lines = [['database', 'server', 'req/s', 'p50 ms', 'p99 ms', 'requests', 'CPU µs/req']];
  for (const row of rows) {
    for (const [name, f] of [['app', row.app], ['baseline', row.baseline]] as const) {
      lines.push([row.database, name, format(f.rps, 0), String(f.p50), String(f.p99), String(f.requests), format(f.cpuPerRequestUs, 0)]);
    }
  }
  const widths = lines[0]!.map((_, i) => Math.max(...lines.map((line) => line[i]!.length)));
  const render = (line: string[]) => line.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  console.log(`\n${render(lines[0]!)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const line of lines.slice(1)) console.log(render(line));
  console.log('');
  for (const row of rows) {
    const ratio = row.app.rps / row.baseline.rps;
    const verdict = ratio >= TARGET ? 'PASS' : 'FAIL';
    console.log(`${row.database.padEnd(10)} app/baseline req/s = ${ratio.toFixed(2)}  (target ≥ ${TARGET})  ${verdict}`);
  }
}

async function main() {
  const watchdog = setTimeout(() => {
    console.error(`profile bench: gave up after ${TIME_LIMIT_MS / 1000} s`);
    const deadline = new Promise((resolve) => setTimeout(resolve, 5000).unref());
    void Promise.race([Promise.allSettled([...cleanups].map((cleanup) => cleanup())), deadline]).finally(() => process.exit(2));
  }, TIME_LIMIT_MS);
  watchdog.unref();

  const cpus = os.cpus();
  console.log(`GET ${PROFILE_PATH}: app vs bare Fastify + same query, ${CONNECTIONS} connections, best of ${ROUNDS} × ${DURATION} s`);
  console.log(`machine: ${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown cpu'}, node ${process.version}, ${os.platform()} ${os.arch()}\n`);

  const rows: Row[] = [];
  if (ONLY !== 'postgres') rows.push(await onPglite());
  if (ONLY !== 'pglite') {
    const row = await onPostgres();
    if (row) rows.push(row);
  }
  printTable(rows);
  if (failed) {
    console.error('\nSome requests failed: the figures are not valid.');
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error('profile bench failed:', error);
  process.exit(1);
});
