/**
 * What the benches share: settings from the environment, a fresh database of each kind (PGlite in a temporary
 * directory, a new PostgreSQL database on BENCH_DATABASE_URL dropped at the end), the real app on a free port, the
 * load generator in a child process, the table and the watchdog that gives up on a run that takes too long.
 */
import { randomBytes } from 'node:crypto';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase, type Database } from '../apps/api/src/db/client.ts';

/**
 * A smoke run (`BENCH_SMOKE=1` or `--smoke`): the bench end to end in seconds with tiny sizes, on PGlite only unless it
 * needs PostgreSQL or BENCH_DB says otherwise. Its figures mean nothing and no target is judged: it fails only when the
 * bench itself breaks (an exception, a wrong status, answers that differ from the baseline, lost messages).
 */
export const SMOKE = process.env.BENCH_SMOKE === '1' || process.argv.includes('--smoke');
const SMOKE_TIME_LIMIT_MS = 3 * 60_000;

/** A positive number from the environment, or the fallback (`smoke` in a smoke run). */
export const envNumber = (name: string, fallback: number, smoke = fallback) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : SMOKE ? smoke : fallback;
};

/** A target's verdict (`miss` the bench's word for a missed one); a smoke run's sizes are too small to judge any. */
export const verdict = (ok: boolean, miss = 'FAIL') => (SMOKE ? 'not judged (smoke run)' : ok ? 'PASS' : miss);

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ONLY = process.env.BENCH_DB ?? (SMOKE ? 'pglite' : undefined); // 'pglite' | 'postgres' | undefined (both)

export const format = (value: number, digits: number) =>
  value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const redact = (url: string) => url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');

// ---- the run ------------------------------------------------------------------------------------

let failed = false;
/** Done when the run is over or the watchdog fires: dropping the PostgreSQL databases made. */
const cleanups = new Set<() => Promise<unknown>>();

/** Marks the run's figures as invalid: the exit code will be 1. */
export const markFailed = () => {
  failed = true;
};

/**
 * Runs a bench's body: a watchdog gives up after `timeLimitMs` (exit 2, after dropping its databases); an error is
 * printed as `<name> bench failed` (exit 1); a run marked failed prints `failureMessage` and exits 1.
 */
export function runBench(name: string, options: { timeLimitMs: number; failureMessage: string }, body: () => Promise<void>): void {
  const timeLimitMs = SMOKE ? Math.min(options.timeLimitMs, SMOKE_TIME_LIMIT_MS) : options.timeLimitMs;
  const watchdog = setTimeout(() => {
    console.error(`${name} bench: gave up after ${timeLimitMs / 1000} s`);
    const deadline = new Promise((resolve) => setTimeout(resolve, 5000).unref());
    void Promise.race([Promise.allSettled([...cleanups].map((cleanup) => cleanup())), deadline]).finally(() => process.exit(2));
  }, timeLimitMs);
  watchdog.unref();
  body().then(
    () => {
      if (failed) {
        console.error(`\n${options.failureMessage}`);
        process.exitCode = 1;
      }
    },
    (error: unknown) => {
      console.error(`${name} bench failed:`, error);
      process.exit(1);
    },
  );
}

/** The bench's title and the machine it runs on. */
export function printHeader(title: string): void {
  const cpus = os.cpus();
  console.log(title);
  console.log(
    `machine: ${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown cpu'}, node ${process.version}, ${os.platform()} ${os.arch()}\n`,
  );
  if (SMOKE) console.log('smoke run: tiny sizes, the figures mean nothing and no target is judged\n');
}

// ---- databases ----------------------------------------------------------------------------------

export type DatabaseLabel = 'PGlite' | 'PostgreSQL';

/**
 * `measure` on a fresh PGlite database, then on a fresh PostgreSQL one (BENCH_DB=pglite|postgres picks one), each
 * with a temporary data directory; a PostgreSQL that cannot be reached is skipped with a note.
 */
export async function onEachDatabase<T>(
  measure: (label: DatabaseLabel, database: Database, dataDir: string) => Promise<T>,
  options: { tmpPrefix?: string } = {},
): Promise<T[]> {
  const tmpPrefix = options.tmpPrefix ?? 'rozmova-bench-';
  const results: T[] = [];
  if (ONLY !== 'postgres') results.push(await onPglite(measure, tmpPrefix));
  if (ONLY !== 'pglite') {
    const result = await onPostgres(measure, tmpPrefix);
    if (result) results.push(result.value);
  }
  return results;
}

async function onPglite<T>(
  measure: (label: DatabaseLabel, database: Database, dataDir: string) => Promise<T>,
  tmpPrefix: string,
): Promise<T> {
  const dir = mkdtempSync(path.join(os.tmpdir(), tmpPrefix));
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

async function onPostgres<T>(
  measure: (label: DatabaseLabel, database: Database, dataDir: string) => Promise<T>,
  tmpPrefix: string,
): Promise<{ value: T } | undefined> {
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
  const dir = mkdtempSync(path.join(os.tmpdir(), tmpPrefix));
  const drop = () => dropDatabase(admin, name);
  try {
    await admin.query(`create database ${name}`);
    cleanups.add(drop);
    const database = await openDatabase({ url: url.toString() });
    try {
      return { value: await measure('PostgreSQL', database, dir) };
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

// ---- servers ------------------------------------------------------------------------------------

/** The real app, silent, without demo data or a web build; `settings` adds or overrides environment settings. */
export async function buildBenchApp(database: Database, dataDir: string, settings: Record<string, string> = {}) {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    DEMO_DATA: '0',
    WEB_DIST: path.join(dataDir, 'no-web-dist'),
    ...settings,
  });
  return buildApp({ config, database });
}

/** Listens on 127.0.0.1 on a free port; returns the base URL. */
export async function listen(server: FastifyInstance): Promise<string> {
  await server.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(server.server.address() as { port: number }).port}`;
}

// ---- load ---------------------------------------------------------------------------------------

/** What `load-generator.ts` is given (as JSON, its one argument) and what it prints. */
export interface LoadOptions {
  url: string;
  connections: number;
  /** Seconds (with `amount`, only the child's time-out is sized by it). */
  duration: number;
  /** This many requests instead of a duration: a smoke run's few. */
  amount?: number;
  headers?: Record<string, string>;
}

export interface LoadResult {
  /** Of every 2xx response, in ms. */
  latencies: number[];
  /** Non-2xx responses, errors and timeouts. */
  failures: number;
  seconds: number;
}

export interface LoadFigures {
  /** 2xx responses per second. */
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  requests: number;
  failures: number;
  /** CPU time of the bench process (the servers and, on PGlite, the database) per request. */
  cpuPerRequestUs: number;
}

/** The p-th percentile (nearest rank) of ascending values. */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
const generator = fileURLToPath(new URL('./load-generator.ts', import.meta.url));

/**
 * Loads `url` with autocannon from a child process (`load-generator.ts`), so the load shares neither the servers'
 * event loop nor their CPU accounting: the CPU this process uses meanwhile is the servers' own. Every response's
 * latency comes back, so the percentiles are exact (autocannon's own summary has p97.5, not p95).
 */
export async function load(options: LoadOptions): Promise<LoadFigures> {
  const args = [...process.execArgv, generator, JSON.stringify(options)];
  const cpuBefore = process.cpuUsage();
  const stdout = await new Promise<string>((resolve, reject) => {
    execFile(process.execPath, args, { timeout: (options.duration + 30) * 1000, maxBuffer: 64 * 1024 * 1024 }, (error, out, err) =>
      error ? reject(new Error(`load generator failed: ${error.message}\n${err}`)) : resolve(out),
    );
  });
  const cpu = process.cpuUsage(cpuBefore);
  const result = JSON.parse(stdout) as LoadResult;
  const sorted = [...result.latencies].sort((a, b) => a - b);
  const requests = sorted.length + result.failures;
  return {
    rps: sorted.length / result.seconds,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    requests,
    failures: result.failures,
    cpuPerRequestUs: (cpu.user + cpu.system) / Math.max(1, requests),
  };
}

/**
 * `rounds` × (app, baseline), alternating, each run printed (`prefix`, then the percentiles asked for); a run with
 * failed requests marks the bench failed. Keeps each side's best run by `better`.
 */
export async function bestOfRounds(options: {
  urls: { app: string; baseline: string };
  rounds: number;
  run: (url: string) => Promise<LoadFigures>;
  better: (a: LoadFigures, than: LoadFigures) => boolean;
  prefix?: string;
  percentiles: readonly (50 | 95 | 99)[];
  digits: number;
}): Promise<{ app: LoadFigures; baseline: LoadFigures }> {
  const best: { app?: LoadFigures; baseline?: LoadFigures } = {};
  for (let round = 0; round < options.rounds; round++) {
    for (const name of ['app', 'baseline'] as const) {
      const figures = await options.run(options.urls[name]);
      const latencies = options.percentiles.map((p) => `p${p} ${format(figures[`p${p}`], options.digits)} ms`).join(', ');
      console.log(
        `  ${options.prefix ?? ''}${name.padEnd(8)} round ${round + 1}: ${format(figures.rps, 0)} req/s, ${latencies}, ${format(figures.cpuPerRequestUs, 0)} µs CPU/req`,
      );
      if (figures.failures > 0) {
        markFailed();
        console.error(`  ${name}: ${figures.failures} failed requests (non-2xx, errors or timeouts)`);
      }
      const previous = best[name];
      if (!previous || options.better(figures, previous)) best[name] = figures;
    }
  }
  return { app: best.app!, baseline: best.baseline! };
}

// ---- output -------------------------------------------------------------------------------------

/** A table with a rule under the header; the `leftAligned` columns are padded on the right, the others on the left. */
export function printTable(header: string[], rows: string[][], leftAligned: readonly number[]): void {
  const lines = [header, ...rows];
  const widths = header.map((_, i) => Math.max(...lines.map((line) => line[i]!.length)));
  const render = (line: string[]) =>
    line.map((cell, i) => (leftAligned.includes(i) ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  console.log(`\n${render(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const line of rows) console.log(render(line));
  console.log('');
}
