// @vitest-environment node
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  realtimeEvents,
  SESSION_REVOKED_EVENT,
  TOO_MANY_CONNECTIONS,
  type ServerEventName,
  type ServerEventPayload,
} from '@rozmova/contracts';
import { Server, type Socket as ServerSocket } from 'socket.io';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentRealtime, subscribeRealtime, type RealtimeConnection } from './realtime-connection.ts';
import { openRealtime, realtimeOrigin } from './socket.ts';

/** A Socket.IO server that, like apps/api's gateway, accepts one token in `auth.token`. */
let http: HttpServer;
let io: Server;
let origin: string;
let connections: RealtimeConnection[] = [];

const nextConnection = () => new Promise<ServerSocket>((resolve) => io.once('connection', resolve));
const nextEvent = <N extends ServerEventName>(connection: RealtimeConnection, event: N) =>
  new Promise<ServerEventPayload<N>>((resolve) => {
    const stop = connection.on(event, (payload) => {
      stop();
      resolve(payload);
    });
  });

beforeEach(async () => {
  http = createServer();
  io = new Server(http, { path: '/socket.io', serveClient: false });
  io.use((socket, next) => (socket.handshake.auth?.token === 'good-token' ? next() : next(new Error('Unauthorized'))));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});

afterEach(async () => {
  for (const connection of connections) connection.close();
  connections = [];
  await io.close();
});

const open = (token: string, onRevoked: () => void = () => undefined) => {
  const connection = openRealtime(token, { origin, onRevoked });
  connections.push(connection);
  return connection;
};

describe('openRealtime', () => {
  it('authenticates with the session token in the handshake and delivers events', async () => {
    const connected = nextConnection();
    const connection = open('good-token');
    const server = await connected;
    expect(server.handshake.auth).toEqual({ token: 'good-token' });
    const read = { patientId: 'p1', appointmentId: null, ids: ['m1'] };
    const received = nextEvent(connection, realtimeEvents.chatMessageRead);
    server.emit(realtimeEvents.chatMessageRead, read);
    expect(await received).toEqual(read);
  });

  it('acknowledges every chat-message-created, so the server marks the message Delivered', async () => {
    const connected = nextConnection();
    open('good-token');
    const server = await connected;
    await expect(server.timeout(2000).emitWithAck(realtimeEvents.chatMessageCreated, { id: 'm1' })).resolves.toBeUndefined();
  });

  it('tries again later after a refusal for too many connections, and gets in once there is room', async () => {
    let refusals = 0;
    io.use((_socket, next) =>
      refusals++ < 2 ? next(Object.assign(new Error(TOO_MANY_CONNECTIONS), { data: { code: TOO_MANY_CONNECTIONS } })) : next(),
    );
    const connected = nextConnection();
    const connection = openRealtime('good-token', { origin, onRevoked: () => undefined, refusedRetryMs: 20 });
    connections.push(connection);
    await connected;
    expect(refusals).toBe(3);
    await vi.waitFor(() => expect(connection.connected).toBe(true));
  });

  it('calls onRevoked on session-revoked', async () => {
    const connected = nextConnection();
    const revoked = new Promise<void>((resolve) => open('good-token', resolve));
    (await connected).emit(SESSION_REVOKED_EVENT, {});
    await expect(revoked).resolves.toBeUndefined();
  });

  it('tells the app after a reconnect (events may have been missed), not after the first connect', async () => {
    let first = nextConnection();
    const connection = open('good-token');
    let reconnects = 0;
    const reconnected = new Promise<void>((resolve) =>
      connection.onReconnect(() => {
        reconnects++;
        resolve();
      }),
    );
    const server = await first;
    expect(reconnects).toBe(0);
    first = nextConnection();
    // A dropped transport, as when the network goes away: the client reconnects by itself.
    server.conn.close();
    await first;
    await reconnected;
    expect(reconnects).toBe(1);
  });

  it("is the tab's current connection until it closes, and tells who listens", async () => {
    let changes = 0;
    const stop = subscribeRealtime(() => changes++);
    const connection = open('good-token');
    expect(currentRealtime()).toBe(connection);
    connection.close();
    expect(currentRealtime()).toBeNull();
    expect(changes).toBe(2);
    stop();
  });

  it('emits with an acknowledgement, and says when it connects and drops', async () => {
    let first = nextConnection();
    const connection = open('good-token');
    const changes: boolean[] = [];
    connection.onConnectionChange((connected) => changes.push(connected));
    const server = await first;
    server.on('meeting-join', (payload: unknown, ack: (answer: unknown) => void) => ack({ ok: true, echo: payload }));
    await vi.waitFor(() => expect(connection.connected).toBe(true));
    await expect(connection.emitWithAck('meeting-join', { roomId: 'r1' }, 2000)).resolves.toEqual({ ok: true, echo: { roomId: 'r1' } });
    first = nextConnection();
    server.conn.close();
    await first;
    await vi.waitFor(() => expect(changes).toEqual([true, false, true]));
  });

  it('drops a plain emit while disconnected instead of sending it after the reconnect', async () => {
    const signal = (n: number) => ({ roomId: `room-${n}`, candidate: null });
    const received: unknown[] = [];
    io.on('connection', (socket) => socket.on('meeting-signal', (payload: unknown) => received.push(payload)));
    const connected = nextConnection();
    const connection = open('good-token');
    const server = await connected;
    await vi.waitFor(() => expect(connection.connected).toBe(true));
    connection.emit('meeting-signal', signal(1));
    await vi.waitFor(() => expect(received).toEqual([signal(1)]));
    const again = nextConnection();
    server.conn.close();
    await vi.waitFor(() => expect(connection.connected).toBe(false));
    connection.emit('meeting-signal', signal(2));
    await again;
    await vi.waitFor(() => expect(connection.connected).toBe(true));
    connection.emit('meeting-signal', signal(3));
    await vi.waitFor(() => expect(received).toEqual([signal(1), signal(3)]));
  });

  it('stops receiving after close', async () => {
    const connected = nextConnection();
    const connection = open('good-token');
    const server = await connected;
    const gone = new Promise<void>((resolve) => server.once('disconnect', () => resolve()));
    connection.close();
    await gone;
    expect(io.of('/').sockets.size).toBe(0);
  });
});

describe('realtimeOrigin', () => {
  it('is the origin of an absolute API base, else the page origin', () => {
    expect(realtimeOrigin('', 'https://rozmova.example')).toBe('https://rozmova.example');
    expect(realtimeOrigin('/api', 'https://rozmova.example')).toBe('https://rozmova.example');
    expect(realtimeOrigin('https://api.rozmova.example/v', 'https://rozmova.example')).toBe('https://api.rozmova.example');
  });
});
