/**
 * GET /v1/doctors/:id/available-slots?duration=31 for a doctor with 200 booked appointments, through the whole app
 * against a bare Fastify route that runs the same two queries and the same slot computation, on PGlite and on
 * PostgreSQL. Prints p50/p95/p99 latency, req/s and app/baseline ratios; exits non-zero only when a request fails.
 *
 * The load generator (support.ts, `load`) keeps every response's latency, so the percentiles (p95 included, which
 * autocannon's summary lacks) are exact.
 */
import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Database } from '../apps/api/src/db/client.ts';
import { appointments, patients, users } from '../apps/api/src/db/schema.ts';
import { dayNumber } from '@rozmova/contracts';
import { findBookingProfileRow, findPendingRanges } from '../apps/api/src/modules/doctors/doctors.repository.ts';
import { freeSlots, freeSlotStrings, slotRange } from '../apps/api/src/modules/doctors/slots.ts';
import {
  bestOfRounds,
  buildBenchApp,
  envNumber,
  format,
  listen,
  load,
  onEachDatabase,
  printHeader,
  printTable,
  runBench,
  SMOKE,
  verdict,
  type DatabaseLabel,
  type LoadFigures,
} from './support.ts';

const DURATION = envNumber('BENCH_DURATION', 5);
const WARMUP = envNumber('BENCH_WARMUP', 2);
/**
 * The targets apply to requests one after another (one connection): the latency a user waits for. The second level
 * (BENCH_CONNECTIONS, default 10) shows throughput and queueing; its p95 is mostly waiting for the CPU.
 */
const CONNECTIONS = Math.round(envNumber('BENCH_CONNECTIONS', 10, 2));
const ROUNDS = SMOKE ? 1 : 2;
const DAYS = 31;
const BOOKED = SMOKE ? 20 : 200;
/** A smoke run's requests per run, instead of the durations. */
const SMOKE_REQUESTS = 20;
const amount = SMOKE ? SMOKE_REQUESTS : undefined;
const PRICE = 80_000;
const TARGET_P95_MS: Record<DatabaseLabel, number> = { PGlite: 50, PostgreSQL: 30 };
const levels = [...new Set([1, CONNECTIONS])];

// Setup (migrations, 200 patients and appointments) plus the timed runs, per database, with a generous margin.
const TIME_LIMIT_MS = 2 * (90 + 2 * WARMUP + levels.length * 2 * ROUNDS * (DURATION + 2)) * 1000 + 60_000;

interface Row {
  database: DatabaseLabel;
  connections: number;
  app: LoadFigures;
  baseline: LoadFigures;
}

const MINUTE = 60_000;

async function measure(label: DatabaseLabel, database: Database, dataDir: string): Promise<Row[]> {
  const app = await buildBenchApp(database, dataDir, { JOBS_POLL_MS: '0' });
  let baseline: FastifyInstance | undefined;
  try {
    // A doctor working every day 08:00–21:00 (13 slots of 50 + 10 minutes a day), with a price and published, as the
    // app requires of a doctor it lists and books.
    const doctor = await app.services.accounts.createAccount({
      email: `bench-doctor-${randomBytes(4).toString('hex')}@example.com`,
      userName: 'Bench Doctor',
      role: 'doctor',
      emailVerified: true,
    });
    await app.services.doctors.configure(doctor.id, {
      specialisations: ['psychologist'],
      weekly_hours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '08:00', end: '21:00' })),
      price: PRICE,
      published: true,
    });
    const profile = await app.services.doctors.getBookingProfile(doctor.id);

    // 200 patients (one pending appointment each, as the database requires), booked into two of every three slots.
    const db = database.db;
    const people = await db
      .insert(users)
      .values(
        Array.from({ length: BOOKED }, (_, i) => ({
          email: `bench-patient-${i}-${randomBytes(3).toString('hex')}@example.com`,
          userName: `Patient ${i}`,
          role: 'patient' as const,
        })),
      )
      .returning({ id: users.id });
    const records = await db
      .insert(patients)
      .values(people.map(({ id }) => ({ userId: id })))
      .returning({ id: patients.id });
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
        price: PRICE,
      })),
    );

    const appBase = await listen(app);

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
    baseline = bare;
    const baselineBase = await listen(bare);

    const appUrl = `${appBase}/v1/doctors/${doctor.id}/available-slots?duration=${DAYS}`;
    const baselineUrl = `${baselineBase}/baseline/${doctor.id}`;
    const [fromApp, fromBaseline] = await Promise.all([fetch(appUrl), fetch(baselineUrl)]);
    if (fromApp.status !== 200 || fromBaseline.status !== 200)
      throw new Error(`sanity check: app ${fromApp.status}, baseline ${fromBaseline.status}`);
    const [appSlots, baselineSlots] = [(await fromApp.json()) as string[], (await fromBaseline.json()) as string[]];
    if (JSON.stringify(appSlots) !== JSON.stringify(baselineSlots)) {
      throw new Error(`sanity check: the app answers ${appSlots.length} slots, the baseline ${baselineSlots.length}, not the same`);
    }
    const free = freeSlots(profile, { firstDay, days: DAYS, now: new Date(), busy: [] }).length;
    console.log(
      `${label}: ${BOOKED} appointments booked; ${free} slots in ${DAYS} days, ${appSlots.length} free (${(JSON.stringify(appSlots).length / 1024).toFixed(1)} KB)`,
    );

    // The slot maths alone, in this process, with the same 200 busy ranges.
    const busy = starts.map((start) => ({ start, end: new Date(start.getTime() + 60 * MINUTE) }));
    for (let i = 0; i < (SMOKE ? 1 : 50); i++) freeSlotStrings(profile, { firstDay, days: DAYS, now, busy });
    const loops = SMOKE ? 5 : 500;
    const began = performance.now();
    for (let i = 0; i < loops; i++) freeSlotStrings(profile, { firstDay, days: DAYS, now, busy });
    console.log(`  slot computation alone: ${(((performance.now() - began) / loops) * 1000).toFixed(0)} µs per request`);

    console.log(
      SMOKE
        ? `  ${SMOKE_REQUESTS} requests a run, alternating app / baseline at ${levels.join(' and ')} connection(s)…`
        : `  warm-up ${WARMUP} s each, then ${ROUNDS} × ${DURATION} s alternating app / baseline at ${levels.join(' and ')} connection(s)…`,
    );
    await load({ url: appUrl, connections: CONNECTIONS, duration: WARMUP, amount });
    await load({ url: baselineUrl, connections: CONNECTIONS, duration: WARMUP, amount });
    const rows: Row[] = [];
    for (const connections of levels) {
      const best = await bestOfRounds({
        urls: { app: appUrl, baseline: baselineUrl },
        rounds: ROUNDS,
        run: (url) => load({ url, connections, duration: DURATION, amount }),
        better: (a, than) => a.p95 < than.p95,
        prefix: `c=${String(connections).padEnd(3)} `,
        percentiles: [50, 95, 99],
        digits: 1,
      });
      rows.push({ database: label, connections, ...best });
    }
    return rows;
  } finally {
    await baseline?.close();
    await app.close();
  }
}

function printResults(rows: Row[]) {
  const table = rows.flatMap((row) =>
    (['app', 'baseline'] as const).map((name) => {
      const f = row[name];
      return [
        row.database,
        String(row.connections),
        name,
        format(f.rps, 0),
        format(f.p50, 1),
        format(f.p95, 1),
        format(f.p99, 1),
        String(f.requests),
        format(f.cpuPerRequestUs, 0),
      ];
    }),
  );
  printTable(['database', 'conns', 'server', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'requests', 'CPU µs/req'], table, [0, 2]);
  for (const row of rows) {
    const target = TARGET_P95_MS[row.database];
    const ratio = `app/baseline p95 = ${(row.app.p95 / row.baseline.p95).toFixed(2)}, req/s = ${(row.app.rps / row.baseline.rps).toFixed(2)}`;
    const judged =
      row.connections === 1 ? `  app p95 ${format(row.app.p95, 1)} ms (target < ${target} ms)  ${verdict(row.app.p95 < target)}` : '';
    console.log(`${row.database.padEnd(10)} c=${String(row.connections).padEnd(3)} ${ratio}${judged}`);
  }
}

runBench(
  'available-slots',
  { timeLimitMs: TIME_LIMIT_MS, failureMessage: 'Some requests failed: the figures are not valid.' },
  async () => {
    printHeader(
      `GET /v1/doctors/:id/available-slots?duration=${DAYS} with ${BOOKED} booked appointments: app vs bare Fastify + same queries and slot maths`,
    );
    printResults((await onEachDatabase(measure)).flat());
  },
);
