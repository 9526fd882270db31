import type { Socket } from 'socket.io';
import { SIGNAL_MAX_CHARS, meetingEvents, parseClientEvent, type ClientEventName, type ClientEventPayload } from '@rozmova/contracts';
import type { AccountRow } from '../../db/rows.ts';
import { meetingPersonRoom, meetingRoom, type SocketMeeting } from '../../realtime/presence.ts';
import type { MeetingsService, SignallingCounters } from './meetings.service.ts';

type Dropped = keyof SignallingCounters['dropped'];
/** The meeting's events sent from inside its room. */
type InRoomEvent = typeof meetingEvents.signal | typeof meetingEvents.state | typeof meetingEvents.leave;

interface MeetingSocketData {
  userId: string;
  account: AccountRow;
  meeting?: SocketMeeting;
}

const sizeOf = (payload: unknown) => {
  try {
    return JSON.stringify(payload)?.length ?? 0;
  } catch {
    return Infinity;
  }
};

/**
 * One signed-in connection's side of the meeting rooms: the meeting it is in, its messages handled one after another,
 * and the checks every message passes (anything dropped is counted by reason).
 */
export function createMeetingConnection(socket: Socket, meetings: MeetingsService) {
  const data = socket.data as MeetingSocketData;
  const drop = (reason: Dropped): undefined => {
    meetings.counters.dropped[reason] += 1;
    return undefined;
  };
  let queue: Promise<unknown> = Promise.resolve();

  /** The meeting the connection is in: joined, and not taken out since (by a change on any instance). */
  function current(): SocketMeeting | undefined {
    const m = data.meeting;
    if (m && !socket.rooms.has(meetingRoom(m.appointmentId))) data.meeting = undefined;
    return data.meeting;
  }

  function leaveRooms(m: SocketMeeting) {
    if (data.meeting === m) data.meeting = undefined;
    void socket.leave(meetingRoom(m.appointmentId));
    void socket.leave(meetingPersonRoom(m.appointmentId, data.userId));
  }

  function parse<N extends ClientEventName>(event: N, payload: unknown): { message: ClientEventPayload<N>; size: number } | undefined {
    const size = sizeOf(payload);
    if (size > SIGNAL_MAX_CHARS) return drop('oversized');
    const message = parseClientEvent(event, payload);
    if (!message) return drop('malformed');
    return { message, size };
  }

  return {
    socket,
    data,
    meetings,
    drop,
    current,
    leaveRooms,
    parse,
    inOrder(work: () => Promise<unknown>, failed: () => void = () => undefined): void {
      queue = queue.then(work).catch(failed);
    },

    /** A message in the room the connection is in, within its person's budget for that room. */
    inRoom<N extends InRoomEvent>(event: N, payload: unknown) {
      const got = parse(event, payload);
      if (!got) return undefined;
      const m = current();
      if (!m || m.roomId !== got.message.roomId) return drop('foreign');
      const over = meetings.takeSignal(data.userId, m.appointmentId, got.size);
      if (over) return drop(over);
      return { message: got.message, m };
    },

    /** The consultation as it is now, when this connection still belongs in its room; otherwise the message is dropped. */
    async belonging(m: SocketMeeting) {
      const c = current() === m ? await meetings.belonging(data.userId, m) : undefined;
      if (!c || current() !== m) return drop('removed');
      return c;
    },

    async leaveRoom(m: SocketMeeting, how: 'leave' | 'disconnect') {
      leaveRooms(m);
      await meetings.left(data.userId, m, how);
    },
  };
}

export type MeetingConnection = ReturnType<typeof createMeetingConnection>;
