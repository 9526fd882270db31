import type { Server, Socket } from 'socket.io';
import type { AccountRow } from '../../db/rows.ts';
import type { Availability } from './support.availability.ts';

/** The app's logger as services see it. */
interface SocketLog {
  warn(details: object, message: string): void;
}

/** An operator's connections opening and closing drive the availability patients and operators are shown. */
export function registerSupportSocket(io: Server, deps: { availability: Availability; log: SocketLog }): void {
  const failed = (error: unknown) =>
    deps.log.warn({ error: error instanceof Error ? error.name : typeof error }, 'operator availability not updated');

  io.on('connection', (socket: Socket) => {
    const account = (socket.data as { account?: AccountRow }).account;
    if (account?.user.role !== 'operator') return;
    const userId = account.user.id;
    // The disconnect waits for the connect's work, so a short visit cannot leave the operator shown online.
    const opened = deps.availability.connected(userId).catch(failed);
    socket.on('disconnect', () => {
      void opened.then(() => deps.availability.disconnected(userId)).catch(failed);
    });
  });
}
