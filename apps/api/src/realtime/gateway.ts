import type { Server as HttpServer } from 'node:http';
import type { Duplex } from 'node:stream';
import { Server, type Socket } from 'socket.io';
import { groupChannels, type Role } from '@rozmova/contracts';
import type { Authenticator } from '../http/auth-context.ts';
import type { Clock } from '../lib/clock.ts';
import { admitWithinCaps, tooManyConnections } from './connection-caps.ts';
import { watchSession } from './session-watch.ts';

const groupOf: Partial<Record<Role, string>> = {
  patient: groupChannels.patients,
  operator: groupChannels.operators,
  // Admins work the support inbox too, so they hear what operators hear.
  admin: groupChannels.operators,
  doctor: groupChannels.doctors,
};

/** How long a dropped connection's rooms and the events it missed are kept for it (connection state recovery). */
export const RECOVERY_WINDOW_MS = 2 * 60_000;
/** Entries the Redis stream keeps: about the recovery window's events at 200 messages a second. */
export const STREAM_MAX_LEN = 50_000;

export interface Gateway {
  io: Server;
  /** Other instances share the rooms through Redis (`REDIS_URL`). */
  clustered: boolean;
  /**
   * Authenticates every connection, a recovered one too, with the same bearer token as the HTTP API, and refuses one
   * over its session's or person's cap of connections (`connection-caps.ts`).
   */
  useAuth(auth: Authenticator): void;
  /**
   * Ends every connection: before the HTTP server closes, which waits for each connection it accepted, upgraded ones
   * included, to end (one whose WebSocket closing handshake never completes would keep it waiting).
   */
  disconnectAll(): void;
  /** Closes the adapter and Redis, once no request can emit any more. */
  close(): Promise<void>;
}

interface GatewayLog {
  warn(details: object, message: string): void;
  info(message: string): void;
}

/**
 * The Redis client the adapter publishes with; the adapter makes its own reading clients from it. Redis is loaded only
 * by a service that runs several instances (`REDIS_URL`): one instance starts without it.
 */
async function connectRedis(url: string, log: GatewayLog) {
  const { createClient } = await import('redis');
  const client = createClient({ url });
  let down = false;
  // Without a listener an error would end the process. The client reconnects by itself (and queues commands meanwhile).
  client.on('error', (error: Error) => {
    if (!down) log.warn({ error: error.message }, 'Redis connection lost; events between instances wait for it');
    down = true;
  });
  client.on('ready', () => {
    if (down) log.info('Redis connection back');
    down = false;
  });
  await client.connect();
  return client;
}

/**
 * A recovered connection's missed events wait until the middleware has checked its token again: Socket.IO itself would
 * write them before any middleware runs. Keyed by the socket id a recovered connection takes back.
 */
function holdMissedEvents(io: Server) {
  const held = new Map<string, unknown[][]>();
  const adapter = io.of('/').adapter;
  const restore = adapter.restoreSession.bind(adapter);
  adapter.restoreSession = async (pid, offset) => {
    const session = await restore(pid, offset);
    if (!session) return session;
    held.set(session.sid, session.missedPackets);
    return { ...session, missedPackets: [] };
  };
  return (socket: Socket) => {
    const missed = held.get(socket.id) ?? [];
    held.delete(socket.id);
    return missed;
  };
}

export async function createGateway(server: HttpServer, options: { redisUrl?: string; clock: Clock; log: GatewayLog }): Promise<Gateway> {
  const redis = options.redisUrl ? await connectRedis(options.redisUrl, options.log) : undefined;
  const adapter = redis && (await import('@socket.io/redis-streams-adapter')).createAdapter(redis, { maxLen: STREAM_MAX_LEN });
  const io = new Server(server, {
    path: '/socket.io',
    serveClient: false,
    // Middlewares run on a recovered connection too: its session may have ended while it was away.
    connectionStateRecovery: { maxDisconnectionDuration: RECOVERY_WINDOW_MS, skipMiddlewares: false },
    ...(adapter ? { adapter } : {}),
  });
  const takeMissed = holdMissedEvents(io);
  const upgraded = new Set<Duplex>();
  server.on('upgrade', (_request, socket: Duplex) => {
    upgraded.add(socket);
    socket.once('close', () => upgraded.delete(socket));
  });

  return {
    io,
    clustered: redis !== undefined,
    useAuth(auth) {
      const admitted = new WeakMap<Socket, { token: string; expiresAt: Date; missed: unknown[][] }>();
      io.use((socket, next) => {
        const missed = socket.recovered ? takeMissed(socket) : [];
        const token: unknown = socket.handshake.auth?.token;
        if (typeof token !== 'string' || token.length > 512) return next(new Error('Unauthorized'));
        auth
          .authenticate(token)
          .then(async (context) => {
            // A recovered connection comes back only with the session it had.
            if (!context || (socket.recovered && socket.data.sessionId !== context.sessionId)) return next(new Error('Unauthorized'));
            const { user } = context.account;
            socket.data.userId = user.id;
            socket.data.sessionId = context.sessionId;
            // Not enumerable: kept out of what the adapter stores in Redis (recovery sessions, fetchSockets answers).
            Object.defineProperty(socket.data, 'account', {
              value: context.account,
              enumerable: false,
              writable: true,
              configurable: true,
            });
            if (!(await admitWithinCaps(io, socket, { userId: user.id, sessionId: context.sessionId }, redis !== undefined))) {
              return next(tooManyConnections());
            }
            const group = groupOf[user.role];
            if (group) void socket.join(group);
            admitted.set(socket, { token, expiresAt: context.expiresAt, missed });
            next();
          })
          .catch(() => next(new Error('Unauthorized')));
      });
      io.on('connection', (socket) => {
        const admission = admitted.get(socket);
        if (!admission) return;
        admitted.delete(socket);
        for (const packet of admission.missed) socket.emit(...(packet as [string, ...unknown[]]));
        watchSession(socket, { auth, clock: options.clock, token: admission.token, expiresAt: admission.expiresAt });
      });
    },
    // io.close() would also close the HTTP server, which Fastify closes itself.
    disconnectAll() {
      io.disconnectSockets(true);
      io.engine.close();
      for (const socket of upgraded) socket.destroy();
    },
    async close() {
      await io.of('/').adapter.close();
      // Commands queued while Redis is away would keep a graceful close waiting for it.
      if (redis?.isReady) await redis.close();
      else redis?.destroy();
    },
  };
}
