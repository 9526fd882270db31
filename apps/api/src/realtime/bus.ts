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
   * To every connection in a room, each asked to acknowledge (a Socket.IO broadcast with acknowledgements, across
   * instances through the adapter); resolves with how many did, once all have or `timeoutMs` passed.
   */
  toRoomWithAck<N extends AckedServerEventName>(room: string, event: N, payload: ServerEventPayload<N>, timeoutMs: number): Promise<number>;
  /** The user id of each connection in a room, on every instance (a user with two tabs is there twice). */
  userIdsIn(room: string): Promise<string[]>;
  /** Tells every connection of a user that its session ended and closes it, except those of `keepSessionId`. */
  disconnectUser(userId: string, keepSessionId?: string): void;
  /** The same for the connections of one session (logout). */
  disconnectSession(sessionId: string): void;
}

/** Every connection joins the room of the session it authenticated with. */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

export function createRealtimeBus(io: Server): RealtimeBus {
  return {
    toUser: (userId, event, payload) => emitEvent(io.to(userRoom(userId)), event, payload),
    toRoom: (room, event, payload, exceptRoom) => emitEvent(exceptRoom ? io.to(room).except(exceptRoom) : io.to(room), event, payload),
    toRoomWithAck: (room, event, payload, timeoutMs) => {
      const checked = checkedPayload(event, payload);
      return new Promise((resolve) => {
        io.to(room)
          .timeout(timeoutMs)
          .emit(event, checked, (_error: unknown, responses: unknown[] | undefined) => resolve(responses?.length ?? 0));
      });
    },
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
