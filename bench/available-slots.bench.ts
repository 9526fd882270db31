/**
 * GET /v1/doctors/:id/available-slots?duration=31 for a doctor with 200 booked appointments, through the whole app
 * against a bare Fastify route that runs the same two queries and the same slot computation, on PGlite and on
 * PostgreSQL. Prints p50/p95/p99 latency, req/s and app/baseline ratios; exits non-zero only when a request fails.
 *
 * The load generator is this file again in a child process (`--load`), running autocannon and keeping every
 * response's latency, so the percentiles (p95 included, which autocannon's summary lacks) are exact.
 */
import { randomBytes } from 'node:crypto';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';

const seconds = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};
const DURATION = seconds('BENCH_DURATION', 5);
const WARMUP = seconds('BENCH_WARMUP', 2);
/**
 * The targets apply to requests one after another (one connection): the latency a user waits for. The second level
 * (BENCH_CONNECTIONS, default 10) shows throughput and queueing; its p95 is mostly waiting for the CPU.
 */
const CONNECTIONS = Math.round(seconds('BENCH_CONNECTIONS', 10));
const ROUNDS = 2;
const DAYS = 31;
const BOOKED = 200;
const TARGET_P95_MS: Record<string, number> = { PGlite: 50, PostgreSQL: 30 };
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ONLY = process.env.BENCH_DB; // 'pglite' | 'postgres' | undefined (both)
const levels = [...new Set([1, CONNECTIONS])];

// Setup (migrations, 200 patients and appointments) plus the timed runs, per database, with a generous margin.
const TIME_LIMIT_MS = 2 * (90 + 2 * WARMUP + levels.length * 2 * ROUNDS * (DURATION + 2)) * 1000 + 60_000;

interface Figures {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  requests: number;
  failures: number;
  /** CPU time of the bench process (the servers and, on PGlite, the database) per request. */
  cpuPerRequestUs: number;
}

interface Row {
  database: string;
  connections: number;
  app: Figures;
  baseline: Figures;
}

// ---- the load generator (child process) -----------------------------------------------------------

interface LoadOptions {
  url: string;
  connections: number;
  duration: number;
}

interface LoadResult {
  latencies: number[];
  failures: number;
  seconds: number;
}

async function runLoad(options: LoadOptions): Promise<void> {
  const { default: autocannon } = await import('autocannon');
  const latencies: number[] = [];
  let failures = 0;
  const started = process.hrtime.bigint();
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.duration,
    setupClient: (client) => {
      client.on('response', (status: number, _bytes: number, ms: number) => {
        if (status === 200) latencies.push(ms);
        else failures++;
      });
    },
  });
  const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
  const output: LoadResult = { latencies, failures: failures + result.errors + result.timeouts, seconds: Math.min(elapsed, result.duration) };
  process.stdout.write(JSON.stringify(output));
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;

/** Runs the load generator in a child process, so it shares neither the servers' event loop nor their CPU accounting. */
async function load(url: string, connections: number, duration: number): Promise<Figures> {
  const self = fileURLToPath(import.meta.url);
  const args = [...process.execArgv, self, '--load', JSON.stringify({ url, connections, duration } satisfies LoadOptions)];
  const cpuBefore = process.cpuUsage();
  const stdout = await new Promise<string>((resolve, reject) => {
    execFile(process.execPath, args, { timeout: (duration + 30) * 1000, maxBuffer: 64 * 1024 * 1024 }, (error, out, err) =>
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

// ---- the servers --------------------------------------------------------------------------------

let failed = false;
const cleanups = new Set<() => Promise<unknown>>();

const MINUTE = 60_000;
const addressOf = (server: FastifyInstance) => `http://127.0.0.1:${(server.server.address() as { port: number }).port}`;

async function measure(label: string, database: import('../apps/api/src/db/client.ts').Database, dataDir: string): Promise<Row[]> {
  const { default: Fastify } = await import('fastify');
  const { buildApp } = await import('../apps/api/src/app.ts');
  const { loadConfig } = await import('../apps/api/src/config.ts');
  const { appointments, patients, users } = await import('../apps/api/src/db/schema.ts');
  const { findBookingProfileRow, findPendingRanges } = await import('../apps/api/src/modules/doctors/doctors.repository.ts');
  const { dayNumber, freeSlots, freeSlotStrings, slotRange } = await import('../apps/api/src/modules/doctors/slots.ts');

  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    DEMO_DATA: '0',
    JOBS_POLL_MS: '0',
    WEB_DIST: path.join(dataDir, 'no-web-dist'),
  });
  const app = await buildApp({ config, database });
  let baseline: FastifyInstance | undefined;
  try {
    // A doctor working every day 08:00–21:00 (13 slots of 50 + 10 minutes a day).
    const doctor = await app.services.accounts.createAccount({
      email: `bench-doctor-${randomBytes(4).toString('hex')}@example.com`,
      userName: 'Bench Doctor',
      role: 'doctor',
      emailVerified: true,
    });
    await app.services.doctors.configure(doctor.id, {
      specialisations: ['psychologist'],
      weekly_hours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '08:00', end: '21:00' })),
    });
    const profile = await app.services.doctors.getBookingProfile(doctor.id);

    // 200 patients (one pending appointment each, as the database requires), booked into two of every three slots.
    const db = database.db;
    const people = await db
      .insert(users)
      .values(Array.from({ length: BOOKED }, (_, i) => ({ email: `bench-patient-${i}-${randomBytes(3).toString('hex')}@example.com`, userName: `Patient ${i}`, role: 'patient' as const })))
      .returning({ id: users.id });
    const records = await db.insert(patients).values(people.map(({ id }) => ({ userId: id }))).returning({ id: patients.id });
    const now = new Date();
    const { firstDay } = slotRange(undefined, now, profile.timeZone);
    const grid = freeSlots(profile, { firstDay, days: DAYS, now });
    const starts = grid.filter((_, i) => i % 3 !== 2).slice(0, BOOKED);
    if (starts.length < BOOKED) throw new Error(`only ${starts.length} slots to book`);
    await db.insert(appointments).values(
      starts.map((start, i) => ({
        doctorId: doctor.id,
        patientId: records[i]!.id,
        status: 'scheduled' as const,
        startsAt: start,
        endsAt: new Date(start.getTime() + profile.consultationMinutes * MINUTE),
        blockedUntil: new Date(start.getTime() + (profile.consultationMinutes + profile.bufferMinutes) * MINUTE),
        paymentType: 'Patient' as const,
        paymentStatus: 'paid' as const,
        price: 80_000,
      })),
    );

    await app.listen({ host: '127.0.0.1', port: 0 });

    // The baseline: Fastify without plugins, hooks or schemas; the same two queries and the same slot maths.
    const bare = Fastify({ logger: false });
    bare.get<{ Params: { id: string } }>('/baseline/:id', async (request, reply) => {
      const row = await findBookingProfileRow(db, request.params.id);
      if (!row) return reply.status(404).send({ code: 'NOT_FOUND' });
      const rules = row;
      const at = new Date();
      const range = slotRange(undefined, at, rules.timeZone);
      const first = dayNumber(range.firstDay);
      const pending = await findPendingRanges(db, {
        doctorId: request.params.id,
        from: at,
        to: new Date(Math.min((first + DAYS) * 86_400_000 + 15 * 3_600_000, at.getTime() + (rules.horizonDays + 1) * 86_400_000)),
      });
      return freeSlotStrings(rules, {
        firstDay: range.firstDay,
        days: DAYS,
        now: at,
        from: range.from,
        busy: pending.doctor,
      });
    });
    await bare.listen({ host: '127.0.0.1', port: 0 });
    baseline = bare;

    const appUrl = `${addressOf(app)}/v1/doctors/${doctor.id}/available-slots?duration=${DAYS}`;
    const baselineUrl = `${addressOf(bare)}/baseline/${doctor.id}`;
    const [fromApp, fromBaseline] = await Promise.all([fetch(appUrl), fetch(baselineUrl)]);
    if (fromApp.status !== 200 || fromBaseline.status !== 200) throw new Error(`sanity check: app ${fromApp.status}, baseline ${fromBaseline.status}`);
    const [appSlots, baselineSlots] = [(await fromApp.json()) as string[], (await fromBaseline.json()) as string[]];
    if (JSON.stringify(appSlots) !== JSON.stringify(baselineSlots)) console.warn('  note: the app and the baseline answer different slots');
    const free = freeSlots(profile, { firstDay, days: DAYS, now: new Date(), busy: [] }).length;
    console.log(`${label}: ${BOOKED} appointments booked; ${free} slots in ${DAYS} days, ${appSlots.length} free (${(JSON.stringify(appSlots).length / 1024).toFixed(1)} KB)`);

    // The slot maths alone, in this process, with the same 200 busy ranges.
    const busy = starts.map((start) => ({ start, end: new Date(start.getTime() + 60 * MINUTE) }));
    for (let i = 0; i < 50; i++) freeSlotStrings(profile, { firstDay, days: DAYS, now, busy });
    const loops = 500;
    const began = performance.now();
    for (let i = 0; i < loops; i++) freeSlotStrings(profile, { firstDay, days: DAYS, now, busy });
    console.log(`  slot computation alone: ${(((performance.now() - began) / loops) * 1000).toFixed(0)} µs per request`);

    console.log(`  warm-up ${WARMUP} s each, then ${ROUNDS} × ${DURATION} s alternating app / baseline at ${levels.join(' and ')} connection(s)…`);
    await load(appUrl, CONNECTIONS, WARMUP);
    await load(baselineUrl, CONNECTIONS, WARMUP);
    const rows: Row[] = [];
    for (const connections of levels) {
      let best: { app?: Figures; baseline?: Figures } = {};
      for (let round = 0; round < ROUNDS; round++) {
        for (const [name, url] of [['app', appUrl], ['baseline', baselineUrl]] as const) {
          const figures = await load(url, connections, DURATION);
          console.log(
            `  c=${String(connections).padEnd(3)} ${name.padEnd(8)} round ${round + 1}: ${format(figures.rps, 0)} req/s, p50 ${format(figures.p50, 1)} ms, p95 ${format(figures.p95, 1)} ms, p99 ${format(figures.p99, 1)} ms, ${format(figures.cpuPerRequestUs, 0)} µs CPU/req`,
          );
          if (figures.failures > 0) {
            failed = true;
            console.error(`  ${name}: ${figures.failures} failed requests (non-200, errors or timeouts)`);
          }
          const previous = best[name];
          if (!previous || figures.p95 < previous.p95) best = { ...best, [name]: figures };
        }
      }
      rows.push({ database: label, connections, app: best.app!, baseline: best.baseline! });
    }
    return rows;
  } finally {
    await baseline?.close();
    await app.close();
  }
}

async function onPglite(): Promise<Row[]> {
  const { openDatabase } = await import('../apps/api/src/db/client.ts');
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

async function onPostgres(): Promise<Row[]> {
  const { default: pg } = await import('pg');
  const { openDatabase } = await import('../apps/api/src/db/client.ts');
  const admin = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 3000 });
  admin.on('error', (error) => console.error('PostgreSQL admin connection:', error.message));
  try {
    await admin.connect();
  } catch (error) {
    console.log(`PostgreSQL: skipped, ${redact(ADMIN_URL)} is unreachable (${(error as Error).message}). Set BENCH_DATABASE_URL.`);
    return [];
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

/** Waits for the pool's sockets to go before dropping (see profile.bench.ts). */
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
  const lines = [['database', 'conns', 'server', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'requests', 'CPU µs/req']];
  for (const row of rows) {
    for (const [name, f] of [['app', row.app], ['baseline', row.baseline]] as const) {
      lines.push([row.database, String(row.connections), name, format(f.rps, 0), format(f.p50, 1), format(f.p95, 1), format(f.p99, 1), String(f.requests), format(f.cpuPerRequestUs, 0)]);
    }
  }
  const widths = lines[0]!.map((_, i) => Math.max(...lines.map((line) => line[i]!.length)));
  const render = (line: string[]) => line.map((cell, i) => (i === 0 || i === 2 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  console.log(`\n${render(lines[0]!)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const line of lines.slice(1)) console.log(render(line));
  console.log('');
  for (const row of rows) {
    const target = TARGET_P95_MS[row.database]!;
    const ratio = `app/baseline p95 = ${(row.app.p95 / row.baseline.p95).toFixed(2)}, req/s = ${(row.app.rps / row.baseline.rps).toFixed(2)}`;
    const verdict = row.connections === 1 ? `  app p95 ${format(row.app.p95, 1)} ms (target < ${target} ms)  ${row.app.p95 < target ? 'PASS' : 'FAIL'}` : '';
    console.log(`${row.database.padEnd(10)} c=${String(row.connections).padEnd(3)} ${ratio}${verdict}`);
  }
}

async function main() {
  const watchdog = setTimeout(() => {
    console.error(`available-slots bench: gave up after ${TIME_LIMIT_MS / 1000} s`);
    const deadline = new Promise((resolve) => setTimeout(resolve, 5000).unref());
    void Promise.race([Promise.allSettled([...cleanups].map((cleanup) => cleanup())), deadline]).finally(() => process.exit(2));
  }, TIME_LIMIT_MS);
  watchdog.unref();

  const cpus = os.cpus();
  console.log(`GET /v1/doctors/:id/available-slots?duration=${DAYS} with ${BOOKED} booked appointments: app vs bare Fastify + same queries and slot maths`);
  console.log(`machine: ${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown cpu'}, node ${process.version}, ${os.platform()} ${os.arch()}\n`);

  const rows: Row[] = [];
  if (ONLY !== 'postgres') rows.push(...(await onPglite()));
  if (ONLY !== 'pglite') rows.push(...(await onPostgres()));
  printTable(rows);
  if (failed) {
    console.error('\nSome requests failed: the figures are not valid.');
    process.exitCode = 1;
  }
}

if (process.argv[2] === '--load') {
  runLoad(JSON.parse(process.argv[3]!) as LoadOptions).catch((error: unknown) => {
    console.error('load generator failed:', error);
    process.exit(1);
  });
} else {
  main().catch((error: unknown) => {
    console.error('available-slots bench failed:', error);
    process.exit(1);
  });
}
