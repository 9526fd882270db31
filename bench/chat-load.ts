/**
 * The chat bench's load: accounts made fast, a Socket.IO connection per person, and messages sent at a fixed rate while
 * every recipient's connection times the `chat-message-created` that reaches it. Used for the app and the baseline alike.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { io as connect, type Socket } from 'socket.io-client';
import { realtimeEvents } from '@rozmova/contracts';
import type { Database } from '../apps/api/src/db/client.ts';
import { sessions } from '../apps/api/src/db/schema.ts';
import { newToken, sha256 } from '../apps/api/src/lib/crypto.ts';
import type { NodeServer } from '../apps/api/src/test/cluster.ts';
import type { buildBenchApp } from './support.ts';

const DAY = 24 * 60 * 60 * 1000;
/** After the last send, how long the receipts still on their way are waited for; those later count as missing. */
const SETTLE_MS = 10_000;

export interface Person {
  userId: string;
  token: string;
  /** A patient's id (what staff write to); null for an operator. */
  patientId: string | null;
}

/** Accounts through the accounts service (a few at a time), each with a live session written as the auth service writes one. */
export async function makePeople(
  app: Awaited<ReturnType<typeof buildBenchApp>>,
  database: Database,
  role: 'patient' | 'operator',
  count: number,
): Promise<Person[]> {
  const made: Person[] = [];
  let started = 0;
  const worker = async () => {
    while (started < count) {
      started += 1;
      const user = await app.services.accounts.createAccount({
        email: `chat-${role}-${randomBytes(6).toString('hex')}@example.com`,
        userName: `Chat ${role}`,
        role,
        emailVerified: true,
      });
      const { patientId } = await app.services.accounts.getAccount(user.id);
      made.push({ userId: user.id, token: newToken(), patientId });
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  const now = new Date();
  for (let i = 0; i < made.length; i += 1_000) {
    await database.db.insert(sessions).values(
      made.slice(i, i + 1_000).map((person) => ({
        userId: person.userId,
        tokenHash: sha256(person.token),
        createdAt: now,
        lastSeenAt: now,
        expiresAt: new Date(now.getTime() + 30 * DAY),
      })),
    );
  }
  return made;
}

/** A process's RSS and heap after a full GC, as `chat-memory-probe.ts` reports them on SIGUSR2. */
export function memoryOf(server: NodeServer): Promise<{ rss: number; heapUsed: number }> {
  return new Promise((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => reject(new Error('no memory report within 10 s')), 10_000);
    const stop = server.onOutput((chunk) => {
      text += chunk;
      const match = text.match(/bench-memory (\{[^\n]*\})/);
      if (!match) return;
      clearTimeout(timer);
      stop();
      resolve(JSON.parse(match[1]!) as { rss: number; heapUsed: number });
    });
    process.kill(server.pid, 'SIGUSR2');
  });
}

/** Linux's clock ticks per second for a process's CPU times (`getconf CLK_TCK`; 100 on every Linux build we run). */
const TICKS_PER_SECOND = 100;

/**
 * The CPU time (user and system) a server process has used so far, in ms, from /proc; NaN where there is none. Unlike a
 * latency it does not grow when other work on the machine competes for the cores.
 */
export function cpuMsOf(server: NodeServer): number {
  try {
    const stat = readFileSync(`/proc/${server.pid}/stat`, 'utf8');
    const [utime, stime] = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .slice(11, 13)
      .map(Number);
    return ((utime! + stime!) * 1000) / TICKS_PER_SECOND;
  } catch {
    return Number.NaN;
  }
}

/** How a side of the bench reaches its servers: the handshake of a connection and the request that sends a message. */
export interface ChatTarget {
  auth(person: Person, role: 'patient' | 'operator'): Record<string, string>;
  send(serverUrl: string, from: Person, to: Person | 'operators', clientMessageId: string): Promise<Response>;
}

export interface ChatFigures {
  /** Send → `chat-message-created` at each operator's connection (a patient's message), in ms. */
  toOperators: number[];
  /** Send → at the patient's connection (an operator's message), in ms. */
  toPatient: number[];
  /** The send's own answer, in ms. */
  rest: number[];
  missing: number;
  failedSends: number;
  /** The bench process's own event-loop delay p99 during the run (its timings are only as good as that), in ms. */
  loopDelayP99: number;
  sent: number;
  seconds: number;
}

/** Connects everyone, `batch` at a time: person i to server i mod the number of servers. */
export async function connectAll(servers: NodeServer[], people: Person[], role: 'patient' | 'operator', target: ChatTarget) {
  const sockets: Socket[] = [];
  for (let i = 0; i < people.length; i += 50) {
    const batch = people.slice(i, i + 50).map((person, j) => {
      const socket = connect(servers[(i + j) % servers.length]!.url, {
        auth: target.auth(person, role),
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
      });
      return new Promise<Socket>((resolve, reject) => {
        socket.once('connect', () => resolve(socket));
        socket.once('connect_error', (error) => reject(new Error(`${role} could not connect: ${error.message}`)));
      });
    });
    sockets.push(...(await Promise.all(batch)));
  }
  return sockets;
}

/**
 * `rate` messages a second for `seconds`, open loop (each on its time, whatever the answers do): one in 20 from an
 * operator to a patient (20 operators, 30 a minute each at most), the rest from the patients in turn to the operators.
 * Each is sent to the server its sender is connected to.
 */
export async function runChat(options: {
  servers: NodeServer[];
  patients: Person[];
  operators: Person[];
  patientSockets: Socket[];
  operatorSockets: Socket[];
  target: ChatTarget;
  rate: number;
  seconds: number;
}): Promise<ChatFigures> {
  const { servers, patients, operators, target } = options;
  const sentAt = new Map<string, { at: number; fromOperator: boolean }>();
  const figures: ChatFigures = {
    toOperators: [],
    toPatient: [],
    rest: [],
    missing: 0,
    failedSends: 0,
    loopDelayP99: 0,
    sent: 0,
    seconds: 0,
  };
  let expected = 0;
  let received = 0;
  let allReceived: () => void = () => undefined;
  const listener = (side: 'patient' | 'operator') => (message: { client_message_id: string }, ack?: unknown) => {
    if (typeof ack === 'function') ack();
    const at = performance.now();
    const sent = sentAt.get(message.client_message_id);
    // Only the recipients' copies: not the writer's own, nor the other operators' view of an operator's message.
    if (!sent || sent.fromOperator !== (side === 'patient')) return;
    (side === 'patient' ? figures.toPatient : figures.toOperators).push(at - sent.at);
    received += 1;
    if (received === expected) allReceived();
  };
  const listening = [
    ...options.patientSockets.map((socket) => [socket, listener('patient')] as const),
    ...options.operatorSockets.map((socket) => [socket, listener('operator')] as const),
  ];
  for (const [socket, handler] of listening) socket.on(realtimeEvents.chatMessageCreated, handler);

  const total = Math.round(options.rate * options.seconds);
  const interval = 1000 / options.rate;
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const start = performance.now();
  const sends: Promise<void>[] = [];
  for (let k = 0; k < total; k++) {
    const wait = start + k * interval - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const fromOperator = k % 20 === 19;
    const index = fromOperator ? Math.floor(k / 20) : k - Math.floor(k / 20);
    const from = fromOperator ? operators[index % operators.length]! : patients[index % patients.length]!;
    const to = fromOperator ? patients[(index * 7919) % patients.length]! : 'operators';
    const fromIndex = fromOperator ? index % operators.length : index % patients.length;
    const clientMessageId = randomUUID();
    const at = performance.now();
    sentAt.set(clientMessageId, { at, fromOperator });
    expected += fromOperator ? 1 : options.operatorSockets.length;
    sends.push(
      target.send(servers[fromIndex % servers.length]!.url, from, to, clientMessageId).then(
        async (response) => {
          figures.rest.push(performance.now() - at);
          if (response.status !== 201) figures.failedSends += 1;
          await response.arrayBuffer();
        },
        () => void (figures.failedSends += 1),
      ),
    );
  }
  await Promise.all(sends);
  figures.seconds = (performance.now() - start) / 1000;
  figures.sent = total;
  await Promise.race([
    new Promise<void>((resolve) => (received >= expected ? resolve() : (allReceived = resolve))),
    new Promise((resolve) => setTimeout(resolve, SETTLE_MS)),
  ]);
  loop.disable();
  for (const [socket, handler] of listening) socket.off(realtimeEvents.chatMessageCreated, handler);
  figures.loopDelayP99 = loop.percentile(99) / 1e6;
  figures.missing = expected - received;
  for (const list of [figures.toOperators, figures.toPatient, figures.rest]) list.sort((a, b) => a - b);
  return figures;
}
