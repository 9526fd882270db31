import type { Server } from 'socket.io';
import { userRoom, type MeetingRole } from '@rozmova/contracts';

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
  /** Every connection leaves the room (the consultation ended). */
  clear(room: string): void;
}

export function createMeetingPresence(io: Server): MeetingPresence {
  const meetingOf = (data: unknown) => (data as { meeting?: SocketMeeting } | undefined)?.meeting;
  return {
    async membersOf(room) {
      const sockets = await io.in(room).fetchSockets();
      return sockets.flatMap((s) => {
        const meeting = meetingOf(s.data);
        return meeting ? [{ userId: String((s.data as { userId?: unknown }).userId), role: meeting.role }] : [];
      });
    },
    async meetingsOf(userId) {
      const sockets = await io.in(userRoom(userId)).fetchSockets();
      return sockets.flatMap((s) => meetingOf(s.data)?.appointmentId ?? []);
    },
    clear(room) {
      io.in(room).socketsLeave(room);
    },
  };
}
