import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import { Server } from 'socket.io';
import { groupChannels, userRoom, type Role } from '@rozmova/contracts';
import type { Authenticator } from '../http/auth-context.ts';
import { sessionRoom } from './bus.ts';

const groupOf: Partial<Record<Role, string>> = {
  patient: groupChannels.patients,
  operator: groupChannels.operators,
  doctor: groupChannels.doctors,
};

export interface Gateway {
  io: Server;
  /** Authenticates every connection with the same bearer token as the HTTP API. */
  useAuth(auth: Authenticator): void;
  close(): Promise<void>;
}

export async function createGateway(server: HttpServer, options: { redisUrl?: string }): Promise<Gateway> {
  const io = new Server(server, { path: '/socket.io', serveClient: false });
  const redisClients: { quit(): Promise<unknown> }[] = [];
  if (options.redisUrl) {
    const pub = createClient({ url: options.redisUrl });
    const sub = pub.duplicate();
    await Promise.all([pub.connect(), sub.connect()]);
    redisClients.push(pub, sub);
    io.adapter(createAdapter(pub, sub));
  }
  return {
    io,
    useAuth(auth) {
      io.use((socket, next) => {
        const token: unknown = socket.handshake.auth?.token;
        if (typeof token !== 'string' || token.length > 512) return next(new Error('Unauthorized'));
        auth
          .authenticate(token)
          .then((context) => {
            if (!context) return next(new Error('Unauthorized'));
            const { user } = context.account;
            socket.data.userId = user.id;
            socket.data.sessionId = context.sessionId;
            socket.data.account = context.account;
            void socket.join([userRoom(user.id), sessionRoom(context.sessionId)]);
            const group = groupOf[user.role];
            if (group) void socket.join(group);
            next();
          })
          .catch(() => next(new Error('Unauthorized')));
      });
    },
    // io.close() would also close the HTTP server, which Fastify closes itself.
    async close() {
      io.disconnectSockets(true);
      io.engine.close();
      await Promise.all(redisClients.map((client) => client.quit()));
    },
  };
}
