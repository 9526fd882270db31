import type {
  AckedClientEventName,
  ClientEventAck,
  ClientEventName,
  ClientEventPayload,
  ServerEventName,
  ServerEventPayload,
} from '@rozmova/contracts';

/**
 * The tab's one signed-in realtime connection, as the rest of the app sees it. `lib/socket.ts` opens it (from
 * app/realtime.tsx, a lazy chunk) and registers it here; pages that need it (the meeting room, the doctor console)
 * read it from here, so they share that connection and never import socket.io-client themselves.
 */
export interface RealtimeConnection {
  /** The token the connection authenticated with. */
  readonly token: string;
  /** Whether the socket is connected now. */
  readonly connected: boolean;
  /** Events and payloads as the contracts declare them (`serverEventSchemas`). */
  on<N extends ServerEventName>(event: N, handler: (payload: ServerEventPayload<N>) => void): () => void;
  /** After a reconnect: events sent while the connection was down were missed. */
  onReconnect(handler: () => void): () => void;
  /** Every change: `true` on the first connect and on each reconnect, `false` when the connection drops. */
  onConnectionChange(handler: (connected: boolean) => void): () => void;
  /** Sends only while connected (a message sent while down is dropped, not queued for the next connection). */
  emit<N extends ClientEventName>(event: N, payload: ClientEventPayload<N>): void;
  /** Sends and waits for the server's acknowledgement; rejects after `timeoutMs` without one. */
  emitWithAck<N extends AckedClientEventName>(event: N, payload: ClientEventPayload<N>, timeoutMs: number): Promise<ClientEventAck<N>>;
  close(): void;
}

let current: RealtimeConnection | null = null;
const listeners = new Set<() => void>();

/** The open connection of the signed-in person, or null (signed out, or not opened yet). */
export const currentRealtime = (): RealtimeConnection | null => current;

export function subscribeRealtime(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Makes `connection` the tab's current one; closing it passes `null` (only when it is still the current one). */
export function setCurrentRealtime(connection: RealtimeConnection | null, closing?: RealtimeConnection): void {
  if (closing && current !== closing) return;
  current = connection;
  for (const listener of listeners) listener();
}
