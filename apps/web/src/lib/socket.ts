import { realtimeEvents, SESSION_REVOKED_EVENT, TOO_MANY_CONNECTIONS } from '@rozmova/contracts';
import { io, type Socket } from 'socket.io-client';
import { setCurrentRealtime, type RealtimeConnection } from './realtime-connection.ts';
import { runtimeConfig } from './runtime-config.ts';

/**
 * The Socket.IO connection of a signed-in person (docs/architecture.md "Realtime"): the session token goes in
 * `auth.token` of the handshake, exactly like the bearer header of the HTTP API. Only app/realtime.tsx, a lazy
 * chunk loaded once a user is signed in, imports this module, so socket.io-client is never in the landing
 * page's first download. The connection it opens becomes the tab's current one (`lib/realtime-connection.ts`),
 * which the meeting room and the doctor console use too: one connection per tab.
 */
export interface RealtimeOptions {
  /** The server ended the session (logout elsewhere, deactivation, password change): `session-revoked`. */
  onRevoked: () => void;
  /** Where the server is; by default {@link realtimeOrigin} of the configured `api_base`. */
  origin?: string;
  /** After a refusal for too many open connections (other tabs), the next try comes this much later. */
  refusedRetryMs?: number;
}

const REFUSED_RETRY_MS = 15_000;

/** The Socket.IO server shares the API's origin: that of an absolute `api_base`, else the page's own. */
export function realtimeOrigin(apiBase: string, pageOrigin: string): string {
  try {
    return new URL(apiBase || '/', pageOrigin).origin;
  } catch {
    return pageOrigin;
  }
}

export function openRealtime(token: string, options: RealtimeOptions): RealtimeConnection {
  const socket: Socket = io(options.origin ?? realtimeOrigin(runtimeConfig.api_base, window.location.origin), {
    path: '/socket.io',
    auth: { token },
  });
  const reconnectHandlers = new Set<() => void>();
  const changeHandlers = new Set<(connected: boolean) => void>();
  let connectedBefore = false;
  socket.on('connect', () => {
    for (const handler of changeHandlers) handler(true);
    if (connectedBefore) for (const handler of reconnectHandlers) handler();
    connectedBefore = true;
  });
  socket.on('disconnect', () => {
    for (const handler of changeHandlers) handler(false);
  });
  socket.on(SESSION_REVOKED_EVENT, () => options.onRevoked());
  // Socket.IO does not try again after the server refused a connection; one refused for the number of connections may
  // get in once another tab has closed.
  let retry: ReturnType<typeof setTimeout> | undefined;
  socket.on('connect_error', (error: Error) => {
    if (error.message === TOO_MANY_CONNECTIONS) retry = setTimeout(() => socket.connect(), options.refusedRetryMs ?? REFUSED_RETRY_MS);
  });
  // A message is Delivered once the recipient's client acknowledges its event (docs/product.md §3): this client has it now. Only
  // a recipient's copy asks (its last argument is then the acknowledgement); the writer's own copies do not.
  socket.on(realtimeEvents.chatMessageCreated, (...args: unknown[]) => {
    const ack = args.at(-1);
    if (typeof ack === 'function') ack();
  });
  const connection: RealtimeConnection = {
    token,
    get connected() {
      return socket.connected;
    },
    on(event, handler) {
      // The wire is untyped: the payload is the contract's, which the API's tests hold the server to.
      const name: string = event;
      socket.on(name, handler);
      return () => void socket.off(name, handler);
    },
    onReconnect(handler) {
      reconnectHandlers.add(handler);
      return () => void reconnectHandlers.delete(handler);
    },
    onConnectionChange(handler) {
      changeHandlers.add(handler);
      return () => void changeHandlers.delete(handler);
    },
    emit(event, payload) {
      if (socket.connected) socket.emit(event, payload);
    },
    emitWithAck(event, payload, timeoutMs) {
      return socket.timeout(timeoutMs).emitWithAck(event, payload);
    },
    close() {
      clearTimeout(retry);
      reconnectHandlers.clear();
      changeHandlers.clear();
      socket.removeAllListeners();
      socket.disconnect();
      setCurrentRealtime(null, connection);
    },
  };
  setCurrentRealtime(connection);
  return connection;
}
