/**
 * The booking storm: 200 patients POST /v1/appointments for the same slot at once, over HTTP, against the real app, on
 * PGlite and on PostgreSQL. Prints the wall time and the outcome counts (must be exactly 1 × 201 and 199 × 409), and
 * a ratio against a baseline run in the same process on the same database: the same 200 conflicting inserts made
 * directly (the repository's transaction, no HTTP, no app). Exits non-zero only when an outcome is wrong.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase, type Database } from '../apps/api/src/db/client.ts';
import { sessions } from '../apps/api/src/db/schema.ts';
import { newToken, sha256 } from '../apps/api/src/lib/crypto.ts';
import { insertAppointment, lockPatientBookings, lockPendingOfPatient } from '../apps/api/src/modules/appointments/appointments.repository.ts';

const number = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};
const PATIENTS = Math.round(number('BENCH_PATIENTS', 200));
const ROUNDS = Math.round(number('BENCH_ROUNDS', 5));
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ONLY = process.env.BENCH_DB; // 'pglite' | 'postgres' | undefined (both)
const TIME_LIMIT_MS = 10 * 60_000;
const HOUR = 3_600_000;

let failed = false;
const cleanups = new Set<() => Promise<unknown>>();

interface Storm {
  wallMs: number;
  outcomes: Record<string, number>;
}

interface Row {
  database: string;
  app: Storm[];
  baseline: Storm[];
  health: Storm[];
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** One keep-alive agent with a socket per patient, so every request of a storm is in flight at once. */
const agent = new http.Agent({ keepAlive: true, maxSockets: PATIENTS * 2 });

function request(url: string, method: string, token?: string, body?: object): Promise<number> {
  const payload = body ? JSON.stringify(body) : undefined;
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method,
        agent,
        headers: {
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

function tally(results: (number | string)[]): Record<string, number> {
  const outcomes: Record<string, number> = {};
  for (const result of results) outcomes[String(result)] = (outcomes[String(result)] ?? 0) + 1;
  return outcomes;
}

/** `count` patients, each with a live session written as the auth service writes one (no argon2: setup stays quick). */
async function newPatients(app: Awaited<ReturnType<typeof buildApp>>, database: Database, count: number) {
  const made: { patientId: string; token: string }[] = [];
  for (let i = 0; i < count; i++) {
    const user = await app.services.accounts.createAccount({
      email: `storm-${randomBytes(6).toString('hex')}@example.com`,
      userName: `Storm ${i}`,
      role: 'patient',
      emailVerified: true,
    });
    const token = newToken();
    const now = new Date();
    await database.db.insert(sessions).values({ userId: user.id, tokenHash: sha256(token), createdAt: now, lastSeenAt: now, expiresAt: new Date(now.getTime() + 30 * 24 * HOUR) });
    made.push({ patientId: (await app.services.accounts.getAccount(user.id)).patientId!, token });
  }
  return made;
}

async function measure(label: string, database: Database, dataDir: string): Promise<Row> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
    DATA_DIR: dataDir,
    DEMO_DATA: '0',
    JOBS_POLL_MS: '0',
    WEB_DIST: path.join(dataDir, 'no-web-dist'),
  });
  const app = await buildApp({ config, database });
  try {
    const doctor = await app.services.accounts.createAccount({
      email: `storm-doctor-${randomBytes(4).toString('hex')}@example.com`,
      userName: 'Storm Doctor',
      role: 'doctor',
      emailVerified: true,
    });
    const doctorAccount = await app.services.accounts.getAccount(doctor.id);
    // Every whole hour of every day is a slot (50 minutes + 10 buffer), free of charge: no payment hold in the way.
    const profile = await app.services.doctors.update(doctorAccount, doctor.id, {
      price: 0,
      weekly_hours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '00:00', end: '24:00' })),
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const bookingProfile = await app.services.doctors.getBookingProfile(profile.id);

    // A fresh slot per storm: whole hours from tomorrow on.
    let slotIndex = 0;
    const nextSlot = () => new Date(Math.ceil(Date.now() / HOUR) * HOUR + (24 + slotIndex++) * HOUR);

    async function appStorm(): Promise<Storm> {
      const patients = await newPatients(app, database, PATIENTS);
      const date = nextSlot().toISOString().replace('.000Z', 'Z');
      const started = performance.now();
      const statuses = await Promise.all(
        patients.map((p) =>
          request(`${base}/v1/appointments`, 'POST', p.token, { appointment_doctorId: doctor.id, appointment_patientId: p.patientId, appointment_date: date }).catch(
            (error: Error) => `error ${error.message}`,
          ),
        ),
      );
      return { wallMs: performance.now() - started, outcomes: tally(statuses) };
    }

    /** The same conflicting inserts without the app: the repository's booking transaction, straight on the database. */
    async function baselineStorm(): Promise<Storm> {
      const patients = await newPatients(app, database, PATIENTS);
      const start = nextSlot();
      const { endsAt, blockedUntil } = app.services.doctors.checkBookable(bookingProfile, start);
      const started = performance.now();
      const results = await Promise.all(
        patients.map((p) =>
          database.db
            .transaction(async (tx) => {
              await lockPatientBookings(tx, p.patientId);
              await lockPendingOfPatient(tx, p.patientId);
              await insertAppointment(tx, {
                doctorId: doctor.id,
                patientId: p.patientId,
                startsAt: start,
                endsAt,
                blockedUntil,
                paymentType: 'None',
                paymentStatus: 'not_required',
              });
              return 'inserted';
            })
            .catch((error: { code?: string; cause?: { code?: string } }) => `refused ${error.code ?? error.cause?.code ?? 'other'}`),
        ),
      );
      return { wallMs: performance.now() - started, outcomes: tally(results) };
    }

    /** For scale: as many concurrent requests that only ping the database. */
    async function healthStorm(): Promise<Storm> {
      const started = performance.now();
      const statuses = await Promise.all(Array.from({ length: PATIENTS }, () => request(`${base}/api/health`, 'GET').catch((error: Error) => `error ${error.message}`)));
      return { wallMs: performance.now() - started, outcomes: tally(statuses) };
    }

    const check = (name: string, storm: Storm, expected: Record<string, number>) => {
      const ok = JSON.stringify(Object.entries(storm.outcomes).sort()) === JSON.stringify(Object.entries(expected).sort());
      if (!ok) failed = true;
      console.log(
        `  ${name.padEnd(8)} ${storm.wallMs.toFixed(0).padStart(6)} ms  ${Object.entries(storm.outcomes)
          .map(([k, v]) => `${v} × ${k}`)
          .join(', ')}${ok ? '' : `  WRONG (expected ${JSON.stringify(expected)})`}`,
      );
      return storm;
    };
    const appExpected = { 201: 1, 409: PATIENTS - 1 };
    const baselineExpected = { inserted: 1, 'refused 23P01': PATIENTS - 1 };

    console.log(`${label}: warm-up, then ${ROUNDS} rounds of app / baseline / health (${PATIENTS} at once each)…`);
    check('app', await appStorm(), appExpected);
    check('baseline', await baselineStorm(), baselineExpected);
    check('health', await healthStorm(), { 200: PATIENTS });
    const row: Row = { database: label, app: [], baseline: [], health: [] };
    for (let round = 0; round < ROUNDS; round++) {
      console.log(` round ${round + 1}`);
      row.app.push(check('app', await appStorm(), appExpected));
      row.baseline.push(check('baseline', await baselineStorm(), baselineExpected));
      row.health.push(check('health', await healthStorm(), { 200: PATIENTS }));
    }
    return row;
  } finally {
    await app.close();
  }
}

async function onPglite(): Promise<Row> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rozmova-storm-'));
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
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rozmova-storm-'));
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

/** Waits for the pool's sockets to go before dropping (a forced drop would surface as a pool error). */
async function dropDatabase(admin: import('pg').Client, name: string) {
  for (let i = 0; i < 50; i++) {
    const { rows } = await admin.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
    if (rows[0]?.n === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await admin.query(`drop database if exists ${name}`).catch(() => admin.query(`drop database if exists ${name} with (force)`));
}

const redact = (url: string) => url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');

function printTable(rows: Row[]) {
  const lines = [['database', 'storm', 'median ms', 'best ms', 'worst ms']];
  for (const row of rows) {
    for (const [name, storms] of [['app', row.app], ['baseline', row.baseline], ['health', row.health]] as const) {
      const walls = storms.map((s) => s.wallMs);
      lines.push([row.database, name, median(walls).toFixed(0), Math.min(...walls).toFixed(0), Math.max(...walls).toFixed(0)]);
    }
  }
  const widths = lines[0]!.map((_, i) => Math.max(...lines.map((line) => line[i]!.length)));
  const render = (line: string[]) => line.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  console.log(`\n${render(lines[0]!)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const line of lines.slice(1)) console.log(render(line));
  console.log('');
  for (const row of rows) {
    const app = median(row.app.map((s) => s.wallMs));
    const baseline = median(row.baseline.map((s) => s.wallMs));
    const health = median(row.health.map((s) => s.wallMs));
    console.log(
      `${row.database.padEnd(10)} app/baseline wall time = ${(app / baseline).toFixed(2)}; app/health = ${(app / health).toFixed(2)}; ` +
        `${(app / PATIENTS).toFixed(2)} ms per booking attempt`,
    );
  }
}

async function main() {
  const watchdog = setTimeout(() => {
    console.error(`booking storm bench: gave up after ${TIME_LIMIT_MS / 1000} s`);
    const deadline = new Promise((resolve) => setTimeout(resolve, 5000).unref());
    void Promise.race([Promise.allSettled([...cleanups].map((cleanup) => cleanup())), deadline]).finally(() => process.exit(2));
  }, TIME_LIMIT_MS);
  watchdog.unref();

  const cpus = os.cpus();
  console.log(`POST /v1/appointments: ${PATIENTS} patients, one slot, at once; median of ${ROUNDS} rounds`);
  console.log(`machine: ${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown cpu'}, node ${process.version}, ${os.platform()} ${os.arch()}\n`);

  const rows: Row[] = [];
  if (ONLY !== 'postgres') rows.push(await onPglite());
  if (ONLY !== 'pglite') {
    const row = await onPostgres();
    if (row) rows.push(row);
  }
  agent.destroy();
  printTable(rows);
  if (failed) {
    console.error('\nAn outcome was wrong: two bookings held one time, or a request failed.');
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error('booking storm bench failed:', error);
  process.exit(1);
});
