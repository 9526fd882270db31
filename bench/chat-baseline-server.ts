/**
 * The chat bench's baseline server: the least a chat message can cost across two instances. Bare HTTP and Socket.IO with
 * the app's Redis Streams adapter and recovery settings; a connection names its user and group in its handshake (no
 * session look-up) and joins the rooms the app's would; `POST /send` `{ room, message }` emits `chat-message-created`
 * with the message to that room and answers it with 201. No database, no validation, no rules. Prints
 * `baseline listening at <url>` once it listens (on a free port).
 */
import { createServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import { createClient } from 'redis';
import { Server } from 'socket.io';
import { realtimeEvents, userRoom } from '@rozmova/contracts';
import { RECOVERY_WINDOW_MS, STREAM_MAX_LEN } from '../apps/api/src/realtime/gateway.ts';
import './chat-memory-probe.ts';

const redis = createClient({ url: process.env.REDIS_URL });
redis.on('error', (error: Error) => console.error('Redis:', error.message));
await redis.connect();

const server = createServer((request, response) => {
  if (request.method !== 'POST' || request.url !== '/send') return void response.writeHead(404).end();
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString()));
  request.on('end', () => {
    const { room, message } = JSON.parse(body) as { room: string; message: unknown };
    io.to(room).emit(realtimeEvents.chatMessageCreated, message);
    response.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify(message));
  });
});
const io = new Server(server, {
  serveClient: false,
  connectionStateRecovery: { maxDisconnectionDuration: RECOVERY_WINDOW_MS, skipMiddlewares: false },
  adapter: createAdapter(redis, { maxLen: STREAM_MAX_LEN }),
});
io.use((socket, next) => {
  const { userId, group } = socket.handshake.auth as { userId?: unknown; group?: unknown };
  if (typeof userId !== 'string') return next(new Error('Unauthorized'));
  void socket.join(typeof group === 'string' ? [userRoom(userId), group] : [userRoom(userId)]);
  next();
});
server.listen(0, '127.0.0.1', () => {
  console.log(`baseline listening at http://127.0.0.1:${(server.address() as { port: number }).port}`);
});
