import type { Server } from 'socket.io';
import { SESSION_REVOKED_EVENT, userRoom } from '@rozmova/contracts';

/** How services reach connected clients; with the Redis adapter it reaches every API instance. */
export interface RealtimeBus {
  toUser(userId: string, event: string, payload: unknown): void;
  disconnectUser(userId: string): void;
}

export function createRealtimeBus(io: Server): RealtimeBus {
  return {
    toUser: (userId, event, payload) => {
      io.to(userRoom(userId)).emit(event, payload);
    },
    disconnectUser: (userId) => {
      io.to(userRoom(userId)).emit(SESSION_REVOKED_EVENT, {});
      io.in(userRoom(userId)).disconnectSockets(true);
    },
  };
}
