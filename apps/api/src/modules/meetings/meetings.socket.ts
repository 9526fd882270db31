import type { Server, Socket } from 'socket.io';
import { meetingEvents } from '@rozmova/contracts';
import { createMeetingConnection } from './meetings.socket-connection.ts';
import { onDisconnecting, onJoin, onLeave, onSignal, onState } from './meetings.socket-handlers.ts';
import type { MeetingsService } from './meetings.service.ts';

/**
 * The meeting room's events on the signed-in Socket.IO connection. Every message is measured and validated with the
 * contracts' schema; a message in a room must name the room the connection is in, and counts against its person's
 * budget for that room (over all the person's connections on this instance); a join against the person's budget of
 * joins. A connection handles its messages one after another, each checked against the consultation as it is now;
 * a signal goes only to the other person's connections. Anything else is dropped and counted.
 */
export function registerMeetingSocket(io: Server, meetings: MeetingsService): void {
  io.on('connection', (socket: Socket) => {
    const conn = createMeetingConnection(socket, meetings);
    // A recovered connection gets its rooms back; it enters a meeting again only by joining, checked as it is now.
    if (socket.recovered) {
      for (const room of socket.rooms) if (room.startsWith('meeting:')) void socket.leave(room);
      conn.data.meeting = undefined;
    }
    socket.on(meetingEvents.join, (payload: unknown, ack: unknown) => onJoin(conn, payload, ack));
    socket.on(meetingEvents.signal, (payload: unknown) => onSignal(conn, payload));
    socket.on(meetingEvents.state, (payload: unknown) => onState(conn, payload));
    socket.on(meetingEvents.leave, (payload: unknown) => onLeave(conn, payload));
    socket.on('disconnecting', () => onDisconnecting(conn));
  });
}
