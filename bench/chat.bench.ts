/**
 * The chat at scale. Two API instances (child processes, as `npm start` runs one) on one PostgreSQL database and a
 * Redis of their own; 2,000 patients and 20 operators connected over Socket.IO, half on each instance (no proxy);
 * `POST /v1/messages` at 200 a second for 20 s, and the time from each send to `chat-message-created` at each
 * recipient's connection. Memory per 1,000 connections: each instance's RSS and heap after a full GC, before and after
 * connecting. Baseline in the same run: two bare Socket.IO servers with the same adapter and settings
 * (`chat-baseline-server.ts`: no database, no rules), the same connections and sends. Then the history: pages of
 * `GET /v1/messages` in a conversation of 100,000 messages, against the same query straight on the database.
 * First, what each kind of send costs the database (`chat-cost.ts`), against its budget. Exits non-zero only when
 * something failed (a send, a missing event) or a send went over its budget, never because a timing target was missed.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { groupChannels, userRoom } from '@rozmova/contracts';
import { openDatabase, type Database } from '../apps/api/src/db/client.ts';
import { messages } from '../apps/api/src/db/schema-chat.ts';
import { selectMessagesPage } from '../apps/api/src/modules/messages/messages.repository.ts';
import { startApiInstance, startNodeServer, startRedis, type NodeServer } from '../apps/api/src/test/cluster.ts';
import { createPostgresDatabase } from '../apps/api/src/test/harness.ts';
import { checkSendCost } from './chat-cost.ts';
import { connectAll, cpuMsOf, makePeople, memoryOf, runChat, type ChatFigures, type ChatTarget, type Person } from './chat-load.ts';
import { buildBenchApp, envNumber, format, markFailed, percentile, printHeader, printTable, runBench, SMOKE, verdict } from './support.ts';

const PATIENTS = Math.round(envNumber('BENCH_CHAT_PATIENTS', 2_000, 20));
const OPERATORS = Math.round(envNumber('BENCH_CHAT_OPERATORS', 20, 2));
const RATE = envNumber('BENCH_CHAT_RATE', 200, 20);
const SECONDS = envNumber('BENCH_CHAT_SECONDS', 20, 1);
/** Sent first at the same rate and not measured: the first seconds after start (JIT, pools, the stream) are slower. */
const WARMUP_SECONDS = envNumber('BENCH_CHAT_WARMUP', 5, 1);
const HISTORY = Math.round(envNumber('BENCH_CHAT_HISTORY', 100_000, 1_000));
const PAGES = Math.round(envNumber('BENCH_CHAT_PAGES', 400, 10));
const REDIS_SERVER = process.env.REDIS_SERVER_PATH ?? '/usr/bin/redis-server';
const TARGETS = { p99: 50, historyP95: 100 } as const;
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const here = path.dirname(fileURLToPath(import.meta.url));
const MEMORY_PROBE = ['--expose-gc', '--import', path.join(here, 'chat-memory-probe.ts')];

const appTarget: ChatTarget = {
  auth: (person) => ({ token: person.token }),
  send: (url, from, to, clientMessageId) =>
    fetch(`${url}/v1/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${from.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        message_text: 'Добрий день, коли можна записатися?',
        client_message_id: clientMessageId,
        ...(to === 'operators'
          ? { message_recipientType: 'operator' }
          : { message_recipientType: 'patient', message_patientId: to.patientId }),
      }),
    }),
};

const baselineTarget: ChatTarget = {
  auth: (person, role) => ({ userId: person.userId, group: role === 'operator' ? groupChannels.operators : groupChannels.patients }),
  send: (url, _from, to, clientMessageId) =>
    fetch(`${url}/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        room: to === 'operators' ? groupChannels.operators : userRoom(to.userId),
        message: { client_message_id: clientMessageId, message_text: 'Добрий день, коли можна записатися?' },
      }),
    }),
};

interface SideResult {
  chat: ChatFigures;
  /** Per 1,000 connections, in MB: the mean of the two processes. */
  rssPer1k: number;
  heapPer1k: number;
  rssBefore: number;
  /** Both servers' CPU time per message sent while measured, in ms. */
  cpuPerMessage: number;
}

const MB = 1024 * 1024;

/** Memory before and after connecting everyone, then the chat load, then every connection closed. */
async function measureSide(label: string, servers: NodeServer[], patients: Person[], operators: Person[], target: ChatTarget) {
  const before = await Promise.all(servers.map(memoryOf));
  const patientSockets = await connectAll(servers, patients, 'patient', target);
  const operatorSockets = await connectAll(servers, operators, 'operator', target);
  const after = await Promise.all(servers.map(memoryOf));
  const perServer = (patients.length + operators.length) / servers.length / 1000;
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  console.log(
    `  ${label}: ${patientSockets.length + operatorSockets.length} connected; sending ${RATE}/s, ${WARMUP_SECONDS} s warm-up, then ${SECONDS} s`,
  );
  const load = { servers, patients, operators, patientSockets, operatorSockets, target, rate: RATE };
  const warmup = await runChat({ ...load, seconds: WARMUP_SECONDS });
  const cpuBefore = servers.map(cpuMsOf);
  const measured = await runChat({ ...load, seconds: SECONDS });
  const cpuMs = servers.reduce((sum, server, i) => sum + cpuMsOf(server) - cpuBefore[i]!, 0);
  const chat = { ...measured, missing: measured.missing + warmup.missing, failedSends: measured.failedSends + warmup.failedSends };
  for (const socket of [...patientSockets, ...operatorSockets]) socket.close();
  if (chat.failedSends > 0 || chat.missing > 0) {
    markFailed();
    console.error(`  ${label}: ${chat.failedSends} sends failed, ${chat.missing} events never arrived`);
  }
  return {
    chat,
    rssPer1k: mean(after.map((m, i) => (m.rss - before[i]!.rss) / perServer)) / MB,
    heapPer1k: mean(after.map((m, i) => (m.heapUsed - before[i]!.heapUsed) / perServer)) / MB,
    rssBefore: mean(before.map((m) => m.rss)) / MB,
    cpuPerMessage: cpuMs / measured.sent,
  } satisfies SideResult;
}

/**
 * 100,000 messages in one support conversation, written straight to the database, a second apart, alternating sides;
 * answers 200 of their ids at random (page anchors).
 */
async function longConversation(database: Database, patient: Person, operator: Person): Promise<string[]> {
  const start = Date.now() - HISTORY * 1000;
  const anchors: string[] = [];
  for (let i = 0; i < HISTORY; i += 5_000) {
    await database.db.insert(messages).values(
      Array.from({ length: Math.min(5_000, HISTORY - i) }, (_, j) => {
        const fromPatient = (i + j) % 2 === 0;
        const id = randomUUID();
        if (Math.random() < 200 / HISTORY) anchors.push(id);
        return {
          id,
          patientId: patient.patientId!,
          operatorId: fromPatient ? null : operator.userId,
          senderUserId: fromPatient ? patient.userId : operator.userId,
          senderType: fromPatient ? ('patient' as const) : ('operator' as const),
          recipientType: fromPatient ? ('operator' as const) : ('patient' as const),
          text: `Повідомлення ${i + j}`,
          clientMessageId: randomUUID(),
          createdAt: new Date(start + (i + j) * 1000),
        };
      }),
    );
  }
  // As autovacuum would soon after such a load: the planner needs the conversation's size.
  await database.db.execute(sql`analyze messages`);
  return anchors;
}

/** Pages one after another, newest and at random depths: the app over HTTP (as an operator: audited), the query alone. */
async function measureHistory(database: Database, server: NodeServer, patient: Person, operator: Person, anchors: string[]) {
  const app: number[] = [];
  const query: number[] = [];
  const conversation = { kind: 'support', patientId: patient.patientId! } as const;
  for (let i = -20; i < PAGES; i++) {
    const anchor = i % 2 === 0 ? undefined : anchors[Math.abs(i) % anchors.length];
    const url = `${server.url}/v1/messages?patientId=${patient.patientId}&limit=20${anchor ? `&lastMessageId=${anchor}` : ''}`;
    let at = performance.now();
    const response = await fetch(url, { headers: { authorization: `Bearer ${operator.token}` } });
    const body = (await response.json()) as { messages?: unknown[] };
    const appMs = performance.now() - at;
    at = performance.now();
    const rows = await selectMessagesPage(database.db, conversation, 20, anchor ? { before: anchor } : undefined);
    const queryMs = performance.now() - at;
    if (response.status !== 200 || body.messages?.length !== rows.length) {
      markFailed();
      console.error(`  history: ${response.status}, ${body.messages?.length} messages where the query has ${rows.length}`);
    }
    if (i < 0) continue;
    app.push(appMs);
    query.push(queryMs);
  }
  return { app: app.sort((a, b) => a - b), query: query.sort((a, b) => a - b) };
}

const ms = (value: number) => format(value, 1);

function printChat(sides: Record<'app' | 'baseline', SideResult>): void {
  const rows = (['app', 'baseline'] as const).flatMap((side) => {
    const { chat } = sides[side];
    return (
      [
        ['each operator', chat.toOperators],
        ['the patient', chat.toPatient],
        ['send answer', chat.rest],
      ] as const
    ).map(([what, list]) => [side, what, format(list.length, 0), ms(percentile(list, 50)), ms(percentile(list, 99)), ms(list.at(-1) ?? 0)]);
  });
  printTable(['side', 'send → event at', 'events', 'p50 ms', 'p99 ms', 'max ms'], rows, [0, 1]);
  for (const side of ['app', 'baseline'] as const) {
    const { chat } = sides[side];
    console.log(
      `${side}: ${chat.sent} messages in ${format(chat.seconds, 1)} s, ${chat.missing} events missing, ` +
        `bench process event-loop delay p99 ${ms(chat.loopDelayP99)} ms`,
    );
  }
  const app = sides.app.chat;
  const worstP99 = Math.max(percentile(app.toOperators, 99), percentile(app.toPatient, 99));
  const ratio = percentile(app.toOperators, 99) / percentile(sides.baseline.chat.toOperators, 99);
  console.log(
    `app p99 to operators ${ms(percentile(app.toOperators, 99))} ms, to the patient ${ms(percentile(app.toPatient, 99))} ms ` +
      `(target < ${TARGETS.p99} ms)  ${verdict(worstP99 < TARGETS.p99, 'MISS')}; app/baseline p99 to operators = ${format(ratio, 2)}`,
  );
  console.log(
    `servers' CPU per message: app ${format(sides.app.cpuPerMessage, 2)} ms, baseline ${format(sides.baseline.cpuPerMessage, 2)} ms; ` +
      `app/baseline = ${format(sides.app.cpuPerMessage / sides.baseline.cpuPerMessage, 1)}`,
  );
  printTable(
    ['side', 'RSS MB per 1,000', 'heap MB per 1,000', 'RSS before MB'],
    (['app', 'baseline'] as const).map((side) => [side, ms(sides[side].rssPer1k), ms(sides[side].heapPer1k), ms(sides[side].rssBefore)]),
    [0],
  );
}

function printHistory(history: { app: number[]; query: number[] }): void {
  printTable(
    ['history page', 'pages', 'p50 ms', 'p95 ms', 'p99 ms'],
    [
      [
        'app (HTTP)',
        String(history.app.length),
        ms(percentile(history.app, 50)),
        ms(percentile(history.app, 95)),
        ms(percentile(history.app, 99)),
      ],
      [
        'query alone',
        String(history.query.length),
        ms(percentile(history.query, 50)),
        ms(percentile(history.query, 95)),
        ms(percentile(history.query, 99)),
      ],
    ],
    [0],
  );
  const p95 = percentile(history.app, 95);
  console.log(
    `history app/query p95 = ${format(p95 / percentile(history.query, 95), 2)}  app p95 ${ms(p95)} ms ` +
      `(target < ${TARGETS.historyP95} ms)  ${verdict(p95 < TARGETS.historyP95, 'MISS')}`,
  );
}

runBench(
  'chat',
  {
    timeLimitMs: 15 * 60_000,
    failureMessage: 'chat bench: some sends or events failed, or a send went over its budget; figures above are not valid',
  },
  async () => {
    printHeader(
      `chat: 2 API instances + Redis, ${PATIENTS} patients and ${OPERATORS} operators connected, ${RATE} messages/s for ${SECONDS} s; ` +
        `history of ${HISTORY} messages`,
    );
    const load = () =>
      os
        .loadavg()
        .map((value) => format(value, 2))
        .join(', ');
    console.log(`load average at the start: ${load()} (other work on the machine shows in every figure)`);
    const created = await createPostgresDatabase(ADMIN_URL).catch((error: Error) => {
      console.log(
        `PostgreSQL at ${new URL(ADMIN_URL).host} is unreachable (${error.message}): the chat bench needs it, skipped. Set BENCH_DATABASE_URL.`,
      );
      return undefined;
    });
    if (!created) return;
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rozmova-bench-chat-'));
    const stops: (() => Promise<unknown>)[] = [];
    try {
      const database = await openDatabase({ url: created.url });
      stops.push(() => database.close());
      const factory = await buildBenchApp(database, dataDir, { JOBS_POLL_MS: '0' });
      stops.push(() => factory.close());
      let at = performance.now();
      const patients = await makePeople(factory, database, 'patient', PATIENTS);
      const operators = await makePeople(factory, database, 'operator', OPERATORS);
      console.log(`  ${PATIENTS + OPERATORS} accounts with sessions in ${format((performance.now() - at) / 1000, 1)} s`);
      await checkSendCost(factory, database);
      // npm test runs the smoke run: without Redis (as without PostgreSQL, above) the rest is skipped with a note.
      if (SMOKE && !existsSync(REDIS_SERVER)) {
        console.log(`${REDIS_SERVER} is missing (apt-get install redis-server): the rest of the chat bench is skipped.`);
        return;
      }
      const redis = await startRedis();
      stops.push(() => redis.stop());

      const instances: NodeServer[] = [];
      for (let i = 0; i < 2; i++)
        instances.push(await startApiInstance({ databaseUrl: created.url, redisUrl: redis.url, nodeArgs: MEMORY_PROBE }));
      stops.push(() => Promise.all(instances.map((instance) => instance.stop())));
      const app = await measureSide('app', instances, patients, operators, appTarget);

      at = performance.now();
      const [reader] = await makePeople(factory, database, 'patient', 1);
      const anchors = await longConversation(database, reader!, operators[0]!);
      console.log(`  ${HISTORY} messages written in ${format((performance.now() - at) / 1000, 1)} s; reading ${PAGES} pages`);
      const history = await measureHistory(database, instances[0]!, reader!, operators[0]!, anchors);
      await Promise.all(instances.map((instance) => instance.stop()));

      const baselineServers: NodeServer[] = [];
      for (let i = 0; i < 2; i++) {
        baselineServers.push(
          await startNodeServer({
            script: 'chat-baseline-server.ts',
            cwd: here,
            readyText: 'baseline listening at',
            env: { REDIS_URL: redis.url },
            nodeArgs: ['--expose-gc'],
          }),
        );
      }
      stops.push(() => Promise.all(baselineServers.map((server) => server.stop())));
      const baseline = await measureSide('baseline', baselineServers, patients, operators, baselineTarget);

      printChat({ app, baseline });
      printHistory(history);
    } finally {
      for (const stop of stops.reverse()) await stop().catch(() => undefined);
      await created.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
);
