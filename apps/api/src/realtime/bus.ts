import type { Server } from 'socket.io';
import { SESSION_REVOKED_EVENT, userRoom } from '@rozmova/contracts';

/** How services reach connected clients; with the Redis adapter it reaches every API instance. */
export interface RealtimeBus {
  toUser(userId: string, event: string, payload: unknown): void;
  /** To every connection in a room, e.g. a group channel (`groupChannels.operators`). */
  toRoom(room: string, event: string, payload: unknown): void;
  /** Tells every connection of a user that its session ended and closes it, except those of `keepSessionId`. */
  disconnectUser(userId: string, keepSessionId?: string): void;
  /** The same for the connections of one session (logout). */
  disconnectSession(sessionId: string): void;
}

/** Every connection joins the room of the session it authenticated with. */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

export function createRealtimeBus(io: Server): RealtimeBus {
  return {
    toUser: (userId, event, payload) => {
      io.to(userRoom(userId)).emit(event, payload);
    },
    toRoom: (room, event, payload) => {
      io.to(room).emit(event, payload);
    },
    disconnectUser: (userId, keepSessionId) => {
      const sockets = keepSessionId ? io.in(userRoom(userId)).except(sessionRoom(keepSessionId)) : io.in(userRoom(userId));
      sockets.emit(SESSION_REVOKED_EVENT, {});
      sockets.disconnectSockets(true);
    },
    disconnectSession: (sessionId) => {
      io.to(sessionRoom(sessionId)).emit(SESSION_REVOKED_EVENT, {});
      io.in(sessionRoom(sessionId)).disconnectSockets(true);
    },
  };
}
