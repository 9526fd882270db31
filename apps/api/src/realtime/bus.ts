import type { Server } from 'socket.io';
import {
  SESSION_REVOKED_EVENT,
  userRoom,
  type AckedServerEventName,
  type ServerEventName,
  type ServerEventPayload,
} from '@rozmova/contracts';
import { checkedPayload, emitEvent } from './outgoing.ts';

/**
 * How services reach connected clients; with the Redis adapter it reaches every API instance. Only the events of the
 * contracts' `serverEventSchemas` go through it, each with its payload's type.
 */
export interface RealtimeBus {
  toUser<N extends ServerEventName>(userId: string, event: N, payload: ServerEventPayload<N>): void;
  /** To every connection in a room, e.g. a group channel (`groupChannels.operators`), except those also in `exceptRoom`. */
  toRoom<N extends ServerEventName>(room: string, event: N, payload: ServerEventPayload<N>, exceptRoom?: string): void;
  /**
   * One event to several rooms: the connections of `fanout.ackRoom` are each asked to acknowledge within `timeoutMs`,
   * those of `fanout.also` only see it. One message between instances carries it all: each instance sends it to its own
   * connections and calls its own {@link onAcknowledged} handler once one of them has acknowledged, so no
   * acknowledgement crosses between instances (through the adapter, each would be a Redis entry every instance reads).
   * These copies are not replayed to a recovered connection; clients catch up from the database.
   */
  toRoomsAcknowledged<N extends AckedServerEventName>(event: N, payload: ServerEventPayload<N>, fanout: Fanout, timeoutMs: number): void;
  /** What this instance does with a payload of `event` that one of its own connections acknowledged. */
  onAcknowledged<N extends AckedServerEventName>(event: N, handler: (payload: ServerEventPayload<N>) => void): void;
  /** The user id of each connection in a room, on every instance (a user with two tabs is there twice). */
  userIdsIn(room: string): Promise<string[]>;
  /** Tells every connection of a user that its session ended and closes it, except those of `keepSessionId`. */
  disconnectUser(userId: string, keepSessionId?: string): void;
  /** The same for the connections of one session (logout). */
  disconnectSession(sessionId: string): void;
}

/** Where one event goes: a room asked to acknowledge it and rooms (less their `except` room) that only see it. */
export interface Fanout {
  ackRoom: string;
  also: { room: string; except?: string }[];
}

/** Every connection joins the room of the session it authenticated with. */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/** socket.io-parser's packet type of an event. */
const EVENT_PACKET = 2;

/** The instances' own event asking each to send an acknowledged event to its connections. */
const SEND_LOCALLY = 'rozmova:send-acknowledged';

/** `clustered`: other instances share the rooms through the adapter (Redis). */
export function createRealtimeBus(io: Server, options: { clustered: boolean }): RealtimeBus {
  const handlers = new Map<string, (payload: never) => void>();

  /**
   * This instance's part of {@link RealtimeBus.toRoomsAcknowledged}, with the adapter's own broadcast: the packet is
   * encoded once for all the room's connections (Socket.IO's `io.local` would wait for the other instances' counts
   * until the timeout).
   */
  function sendLocally(event: AckedServerEventName, payload: unknown, fanout: Fanout, timeoutMs: number): void {
    for (const { room, except } of fanout.also) (except ? io.local.to(room).except(except) : io.local.to(room)).emit(event, payload);
    const handler = handlers.get(event);
    const until = performance.now() + timeoutMs;
    let heard = false;
    const packet = { type: EVENT_PACKET, data: [event, payload], nsp: '/' };
    const options = { rooms: new Set([fanout.ackRoom]), except: new Set<string>(), flags: { local: true } };
    io.of('/').adapter.broadcastWithAck(
      packet,
      options,
      () => undefined,
      () => {
        if (heard || performance.now() > until) return;
        heard = true;
        handler?.(payload as never);
      },
    );
  }
  if (options.clustered) io.on(SEND_LOCALLY, sendLocally);

  return {
    toUser: (userId, event, payload) => emitEvent(io.to(userRoom(userId)), event, payload),
    toRoom: (room, event, payload, exceptRoom) => emitEvent(exceptRoom ? io.to(room).except(exceptRoom) : io.to(room), event, payload),
    toRoomsAcknowledged: (event, payload, fanout, timeoutMs) => {
      const checked = checkedPayload(event, payload);
      if (options.clustered) io.serverSideEmit(SEND_LOCALLY, event, checked, fanout, timeoutMs);
      sendLocally(event, checked, fanout, timeoutMs);
    },
    onAcknowledged: (event, handler) => void handlers.set(event, handler as (payload: never) => void),
    userIdsIn: async (room) => (await io.in(room).fetchSockets()).map((socket) => String((socket.data as { userId?: unknown }).userId)),
    disconnectUser: (userId, keepSessionId) => {
      const sockets = keepSessionId ? io.in(userRoom(userId)).except(sessionRoom(keepSessionId)) : io.in(userRoom(userId));
      emitEvent(sockets, SESSION_REVOKED_EVENT, {});
      sockets.disconnectSockets(true);
    },
    disconnectSession: (sessionId) => {
      emitEvent(io.to(sessionRoom(sessionId)), SESSION_REVOKED_EVENT, {});
      io.in(sessionRoom(sessionId)).disconnectSockets(true);
    },
  };
}
