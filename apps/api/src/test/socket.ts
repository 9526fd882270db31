import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterEach } from 'vitest';
import { userRoom } from '@rozmova/contracts';
import { fileTestApp, type TestContext } from './harness.ts';

/** Starts the app on a free local port (once) and answers its base URL. */
export async function listen(ctx: TestContext): Promise<string> {
  if (!ctx.app.server.listening) await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
}

/** A real Socket.IO client, resolved once connected; rejected with the server's reason when refused. */
export function connectSocket(url: string, token: unknown): Promise<Socket> {
  const socket = connect(url, {
    auth: token === undefined ? {} : { token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

/** The next `event` on the socket (with its payload). */
export function nextEvent<T = unknown>(socket: Socket, event: string, timeoutMs = 5_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`No '${event}' within ${timeoutMs} ms`)), timeoutMs);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

/**
 * Events to one user arrive in the order they were sent: once this marker (a test's own event, sent around the bus,
 * which carries only the contracts' events) has arrived, everything sent to the user before it has too.
 */
export async function everythingArrived(ctx: TestContext, socket: Socket, userId: string, event = 'test-marker'): Promise<void> {
  const marker = nextEvent(socket, event);
  ctx.app.io.to(userRoom(userId)).emit(event, 1);
  await marker;
}

/** `connected(token)`: a real Socket.IO client to the app at `url()`, closed after the test that opened it. */
function socketsOfEachTest(url: () => string): (token: unknown) => Promise<Socket> {
  const open: Socket[] = [];
  afterEach(() => {
    for (const socket of open.splice(0)) socket.close();
  });
  return async (token) => {
    const socket = await connectSocket(url(), token);
    open.push(socket);
    return socket;
  };
}

/**
 * A test file's own app (fileTestApp), listening on a free port, and `connected(token)` (socketsOfEachTest); given
 * `start`, its clock is set there before each test.
 */
export async function fileSocketTestApp(start?: number) {
  const t = await fileTestApp(start);
  const url = await listen(t);
  return { t, url, connected: socketsOfEachTest(() => url) };
}
