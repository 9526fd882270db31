/**
 * The booking storm: 200 patients POST /v1/appointments for the same slot at once, over HTTP, against the real app, on
 * PGlite and on PostgreSQL. Prints the wall time and the outcome counts (must be exactly 1 × 201 and 199 × 409), and
 * a ratio against a baseline run in the same process on the same database: the same 200 conflicting inserts made
 * directly (the repository's transaction, no HTTP, no app). Exits non-zero only when an outcome is wrong.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { Database } from '../apps/api/src/db/client.ts';
import { sessions } from '../apps/api/src/db/schema.ts';
import { newToken, sha256 } from '../apps/api/src/lib/crypto.ts';
import {
  insertAppointment,
  lockPatientBookings,
  lockPendingOfPatient,
} from '../apps/api/src/modules/appointments/appointments.repository.ts';
import {
  buildBenchApp,
  envNumber,
  listen,
  markFailed,
  onEachDatabase,
  printHeader,
  printTable,
  runBench,
  type DatabaseLabel,
} from './support.ts';

const PATIENTS = Math.round(envNumber('BENCH_PATIENTS', 200, 10));
const ROUNDS = Math.round(envNumber('BENCH_ROUNDS', 5, 1));
const TIME_LIMIT_MS = 10 * 60_000;
const HOUR = 3_600_000;

interface Storm {
  wallMs: number;
  outcomes: Record<string, number>;
}

interface Row {
  database: DatabaseLabel;
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
async function newPatients(app: Awaited<ReturnType<typeof buildBenchApp>>, database: Database, count: number) {
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
    await database.db.insert(sessions).values({
      userId: user.id,
      tokenHash: sha256(token),
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + 30 * 24 * HOUR),
    });
    made.push({ patientId: (await app.services.accounts.getAccount(user.id)).patientId!, token });
  }
  return made;
}

async function measure(label: DatabaseLabel, database: Database, dataDir: string): Promise<Row> {
  const app = await buildBenchApp(database, dataDir, { AUTH_RATE_LIMIT_PER_MINUTE: '1000000', JOBS_POLL_MS: '0' });
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
      specialisations: ['psychologist'],
      weekly_hours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '00:00', end: '24:00' })),
      published: true,
    });
    const base = await listen(app);
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
          request(`${base}/v1/appointments`, 'POST', p.token, {
            appointment_doctorId: doctor.id,
            appointment_patientId: p.patientId,
            appointment_date: date,
          }).catch((error: Error) => `error ${error.message}`),
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
      const statuses = await Promise.all(
        Array.from({ length: PATIENTS }, () => request(`${base}/api/health`, 'GET').catch((error: Error) => `error ${error.message}`)),
      );
      return { wallMs: performance.now() - started, outcomes: tally(statuses) };
    }

    const check = (name: string, storm: Storm, expected: Record<string, number>) => {
      const ok = JSON.stringify(Object.entries(storm.outcomes).sort()) === JSON.stringify(Object.entries(expected).sort());
      if (!ok) markFailed();
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

function printResults(rows: Row[]) {
  const table = rows.flatMap((row) =>
    (['app', 'baseline', 'health'] as const).map((name) => {
      const walls = row[name].map((s) => s.wallMs);
      return [row.database, name, median(walls).toFixed(0), Math.min(...walls).toFixed(0), Math.max(...walls).toFixed(0)];
    }),
  );
  printTable(['database', 'storm', 'median ms', 'best ms', 'worst ms'], table, [0, 1]);
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

runBench(
  'booking storm',
  { timeLimitMs: TIME_LIMIT_MS, failureMessage: 'An outcome was wrong: two bookings held one time, or a request failed.' },
  async () => {
    printHeader(`POST /v1/appointments: ${PATIENTS} patients, one slot, at once; median of ${ROUNDS} rounds`);
    const rows = await onEachDatabase(measure, { tmpPrefix: 'rozmova-storm-' });
    agent.destroy();
    printResults(rows);
  },
);
