/**
 * GET /v1/auth/profile through the whole app against a bare Fastify route that runs the same two
 * queries (the session, then the profile) on the same database, on PGlite and on PostgreSQL. Prints
 * req/s, p50, p99 and the ratio app/baseline; exits non-zero only when a request fails (non-2xx or
 * socket error) or the two answer different bodies.
 */
import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Database } from '../apps/api/src/db/client.ts';
import { sha256 } from '../apps/api/src/lib/crypto.ts';
import { pushSubscriptions } from '../apps/api/src/db/schema-chat.ts';
import { findProfileRow, findSessionByTokenHash } from '../apps/api/src/modules/auth/auth.repository.ts';
import { toProfile } from '../apps/api/src/modules/auth/auth.service.ts';
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

const DURATION = envNumber('BENCH_DURATION', 8);
const WARMUP = envNumber('BENCH_WARMUP', 2);
const CONNECTIONS = Math.round(envNumber('BENCH_CONNECTIONS', 10, 2));
const ROUNDS = SMOKE ? 1 : 2;
/** A smoke run's requests per run, instead of the durations. */
const SMOKE_REQUESTS = 40;
const TARGET = 0.6;
const PROFILE_PATH = '/v1/auth/profile';
const BASELINE_PATH = '/baseline/profile';

// Setup (migrations, argon2 login) plus the timed runs, per database, with a generous margin.
const TIME_LIMIT_MS = 2 * (60 + 2 * WARMUP + 2 * ROUNDS * (DURATION + 1)) * 1000 + 60_000;

interface Row {
  database: DatabaseLabel;
  app: LoadFigures;
  baseline: LoadFigures;
}

/** Keys sorted, so two JSON texts compare by content (jsonb does not keep key order). */
const canonical = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(canonical)
    : value && typeof value === 'object'
      ? Object.fromEntries(
          Object.entries(value)
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([k, v]) => [k, canonical(v)]),
        )
      : value;
const sameJson = (a: string, b: string) => JSON.stringify(canonical(JSON.parse(a))) === JSON.stringify(canonical(JSON.parse(b)));

/** Fastify with no plugins and no schemas: bearer token → sha256 → the session select → the profile select → JSON. */
async function startBaseline(database: Database): Promise<{ server: FastifyInstance; url: string }> {
  const bare = Fastify({ logger: false });
  bare.get(BASELINE_PATH, async (request, reply) => {
    const match = /^Bearer (.+)$/.exec(request.headers.authorization ?? '');
    const session = match ? await findSessionByTokenHash(database.db, sha256(match[1]!)) : undefined;
    if (!session) return reply.status(401).send({ code: 'UNAUTHORIZED' });
    const row = await findProfileRow(database.db, session.user.id);
    if (!row) return reply.status(404).send({ code: 'NOT_FOUND' });
    return toProfile(row);
  });
  return { server: bare, url: (await listen(bare)) + BASELINE_PATH };
}

async function measure(label: DatabaseLabel, database: Database, dataDir: string): Promise<Row> {
  const app = await buildBenchApp(database, dataDir, { AUTH_RATE_LIMIT_PER_MINUTE: '1000000' });
  let baseline: FastifyInstance | undefined;
  try {
    const email = `bench-${randomBytes(4).toString('hex')}@example.com`;
    const password = 'bench-Password-7342';
    const user = await app.services.accounts.createAccount({
      email,
      userName: 'Bench Patient',
      role: 'patient',
      password,
      emailVerified: true,
    });
    // A saved device, so the profile's push part has a row to read (straight into the table: no endpoint checks needed).
    await database.db.insert(pushSubscriptions).values({
      userId: user.id,
      endpoint: `https://fcm.googleapis.com/fcm/send/bench-${randomBytes(8).toString('hex')}`,
      p256dh: randomBytes(65).toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    });
    const login = await app.inject({ method: 'POST', url: '/v1/auth/login', payload: { email, password } });
    if (login.statusCode !== 200) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
    const { token } = login.json<{ token: string }>();

    const appUrl = (await listen(app)) + PROFILE_PATH;
    const bare = await startBaseline(database);
    baseline = bare.server;
    const baselineUrl = bare.url;

    // Both answer the same profile, so they do the same work.
    const headers = { authorization: `Bearer ${token}` };
    const [fromApp, fromBaseline] = await Promise.all([fetch(appUrl, { headers }), fetch(baselineUrl, { headers })]);
    if (fromApp.status !== 200 || fromBaseline.status !== 200) {
      throw new Error(`sanity check: app ${fromApp.status}, baseline ${fromBaseline.status}`);
    }
    const [appBody, baselineBody] = [await fromApp.text(), await fromBaseline.text()];
    if (!sameJson(appBody, baselineBody)) {
      throw new Error(`sanity check: the bodies differ\n    app:      ${appBody}\n    baseline: ${baselineBody}`);
    }

    console.log(
      SMOKE
        ? `${label}: ${SMOKE_REQUESTS} requests each, twice, alternating app / baseline…`
        : `${label}: warm-up ${WARMUP} s each, then ${ROUNDS} × ${DURATION} s alternating app / baseline…`,
    );
    const amount = SMOKE ? SMOKE_REQUESTS : undefined;
    const run = (url: string, duration: number) => load({ url, connections: CONNECTIONS, duration, amount, headers });
    await run(appUrl, WARMUP);
    await run(baselineUrl, WARMUP);
    const best = await bestOfRounds({
      urls: { app: appUrl, baseline: baselineUrl },
      rounds: ROUNDS,
      run: (url) => run(url, DURATION),
      better: (a, than) => a.rps > than.rps,
      percentiles: [50, 99],
      digits: 0,
    });
    return { database: label, ...best };
  } finally {
    await baseline?.close();
    await app.close();
  }
}

function printResults(rows: Row[]) {
  const table = rows.flatMap((row) =>
    (['app', 'baseline'] as const).map((name) => {
      const f = row[name];
      return [row.database, name, format(f.rps, 0), format(f.p50, 0), format(f.p99, 0), String(f.requests), format(f.cpuPerRequestUs, 0)];
    }),
  );
  printTable(['database', 'server', 'req/s', 'p50 ms', 'p99 ms', 'requests', 'CPU µs/req'], table, [0, 1]);
  for (const row of rows) {
    const ratio = row.app.rps / row.baseline.rps;
    console.log(`${row.database.padEnd(10)} app/baseline req/s = ${ratio.toFixed(2)}  (target ≥ ${TARGET})  ${verdict(ratio >= TARGET)}`);
  }
}

runBench('profile', { timeLimitMs: TIME_LIMIT_MS, failureMessage: 'Some requests failed: the figures are not valid.' }, async () => {
  const runs = SMOKE ? `${SMOKE_REQUESTS} requests` : `best of ${ROUNDS} × ${DURATION} s`;
  printHeader(`GET ${PROFILE_PATH}: app vs bare Fastify + same queries, ${CONNECTIONS} connections, ${runs}`);
  printResults(await onEachDatabase(measure));
});
