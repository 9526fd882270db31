import type { Server } from 'socket.io';
import { meetingEvents, userRoom, type MeetingClosedEvent, type MeetingRole } from '@rozmova/contracts';
import { emitEvent } from './outgoing.ts';

/** The Socket.IO room of a consultation's call: only its patient's and doctor's connections are ever in it. */
export const meetingRoom = (appointmentId: string) => `meeting:${appointmentId}`;
/** One person's connections in a consultation's call: signals go to the other person's only. */
export const meetingPersonRoom = (appointmentId: string, userId: string) => `meeting:${appointmentId}:${userId}`;

/** What a connection inside a consultation's room carries (`socket.data.meeting`). */
export interface SocketMeeting {
  appointmentId: string;
  roomId: string;
  role: MeetingRole;
}

/** Who is in which meeting room, read from the connections of every instance (through the adapter). */
export interface MeetingPresence {
  membersOf(room: string): Promise<{ userId: string; role: MeetingRole }[]>;
  /** The consultations whose rooms the user's connections are in. */
  meetingsOf(userId: string): Promise<string[]>;
  /**
   * Takes every connection whose person `closedFor` answers an event for out of the consultation's rooms, on every
   * instance, then tells it why (`meeting-closed`); answers who was taken out (a person with two tabs twice).
   */
  closeOut(
    appointmentId: string,
    closedFor: (userId: string) => MeetingClosedEvent | undefined,
  ): Promise<{ userId: string; role?: MeetingRole }[]>;
}

export function createMeetingPresence(io: Server): MeetingPresence {
  const meetingOf = (data: unknown) => (data as { meeting?: SocketMeeting } | undefined)?.meeting;
  const userOf = (data: unknown) => String((data as { userId?: unknown }).userId);
  return {
    async membersOf(room) {
      const sockets = await io.in(room).fetchSockets();
      return sockets.flatMap((s) => {
        const meeting = meetingOf(s.data);
        return meeting ? [{ userId: userOf(s.data), role: meeting.role }] : [];
      });
    },
    async meetingsOf(userId) {
      const sockets = await io.in(userRoom(userId)).fetchSockets();
      // A connection taken out of a room keeps what it carried until it next sends something.
      return sockets.flatMap((s) => {
        const id = meetingOf(s.data)?.appointmentId;
        return id && s.rooms.has(meetingRoom(id)) ? [id] : [];
      });
    },
    async closeOut(appointmentId, closedFor) {
      const sockets = await io.in(meetingRoom(appointmentId)).fetchSockets();
      const out: { userId: string; role?: MeetingRole }[] = [];
      for (const socket of sockets) {
        const userId = userOf(socket.data);
        const event = closedFor(userId);
        if (!event) continue;
        // Out first: nothing of the room reaches it after it heard why.
        void socket.leave(meetingRoom(appointmentId));
        void socket.leave(meetingPersonRoom(appointmentId, userId));
        emitEvent(socket, meetingEvents.closed, event);
        out.push({ userId, role: meetingOf(socket.data)?.role });
      }
      return out;
    },
  };
}
