import type { Server, Socket } from 'socket.io';
import {
  SIGNAL_MAX_CHARS,
  meetingEvents,
  parseClientEvent,
  type ClientEventName,
  type ClientEventPayload,
  type MeetingPeerEvent,
  type RelayedSignal,
} from '@rozmova/contracts';
import type { AccountRow } from '../../db/rows.ts';
import { ackReply } from '../../realtime/outgoing.ts';
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
 * The meeting room's events on the signed-in Socket.IO connection. Every message is measured and validated with the
 * contracts' schema; a message in a room must name the room the connection is in, and counts against its person's
 * budget for that room (over all the person's connections on this instance); a join against the person's budget of
 * joins. A connection handles its messages one after another, each checked against the consultation as it is now;
 * a signal goes only to the other person's connections. Anything else is dropped and counted.
 */
export function registerMeetingSocket(io: Server, meetings: MeetingsService): void {
  const { counters } = meetings;

  io.on('connection', (socket: Socket) => {
    const data = socket.data as MeetingSocketData;
    const drop = (reason: Dropped): undefined => {
      counters.dropped[reason] += 1;
      return undefined;
    };
    let queue: Promise<unknown> = Promise.resolve();
    const inOrder = (work: () => Promise<unknown>, failed: () => void = () => undefined) => {
      queue = queue.then(work).catch(failed);
    };

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

    // A recovered connection gets its rooms back; it enters a meeting again only by joining, checked as it is now.
    if (socket.recovered) {
      for (const room of socket.rooms) if (room.startsWith('meeting:')) void socket.leave(room);
      data.meeting = undefined;
    }

    function parse<N extends ClientEventName>(event: N, payload: unknown): { message: ClientEventPayload<N>; size: number } | undefined {
      const size = sizeOf(payload);
      if (size > SIGNAL_MAX_CHARS) return drop('oversized');
      const message = parseClientEvent(event, payload);
      if (!message) return drop('malformed');
      return { message, size };
    }

    /** A message in the room the connection is in, within its person's budget for that room. */
    function inRoom<N extends InRoomEvent>(event: N, payload: unknown) {
      const got = parse(event, payload);
      if (!got) return undefined;
      const m = current();
      if (!m || m.roomId !== got.message.roomId) return drop('foreign');
      const over = meetings.takeSignal(data.userId, m.appointmentId, got.size);
      if (over) return drop(over);
      return { message: got.message, m };
    }

    /** The consultation as it is now, when this connection still belongs in its room; otherwise the message is dropped. */
    async function belonging(m: SocketMeeting) {
      const c = current() === m ? await meetings.belonging(data.userId, m) : undefined;
      if (!c || current() !== m) return drop('removed');
      return c;
    }

    async function leaveRoom(m: SocketMeeting, how: 'leave' | 'disconnect') {
      leaveRooms(m);
      await meetings.left(data.userId, m, how);
    }

    socket.on(meetingEvents.join, (payload: unknown, ack: unknown) => {
      const reply = ackReply(meetingEvents.join, ack);
      const join = parse(meetingEvents.join, payload)?.message;
      if (!join) return reply({ ok: false, code: 'VALIDATION_FAILED' });
      if (!meetings.takeJoin(data.userId)) {
        drop('rate');
        return reply({ ok: false, code: 'TOO_MANY_REQUESTS' });
      }
      inOrder(
        async () => {
          const before = current();
          if (before && before.roomId !== join.roomId) await leaveRoom(before, 'leave');
          const answer = await meetings.join(data.account, join.roomId, join.deviceCheck);
          if (!answer.ok) {
            // Refused in the room it is in: the consultation changed meanwhile; it is out now.
            if (before?.roomId === join.roomId) leaveRooms(before);
            return reply(answer);
          }
          const { consultation: c, ...ack } = answer;
          data.meeting = { appointmentId: c.appointmentId, roomId: c.roomId, role: ack.role };
          await socket.join([meetingRoom(c.appointmentId), meetingPersonRoom(c.appointmentId, data.userId)]);
          const event: MeetingPeerEvent = { role: ack.role, state: 'joined' };
          meetings.toOther(c, ack.role, meetingEvents.peer, event);
          reply(ack);
        },
        () => reply({ ok: false, code: 'NOT_FOUND' }),
      );
    });

    socket.on(meetingEvents.signal, (payload: unknown) => {
      const got = inRoom(meetingEvents.signal, payload);
      if (!got) return;
      inOrder(async () => {
        const c = await belonging(got.m);
        if (!c) return;
        const { roomId: _room, ...rest } = got.message;
        const relayed: RelayedSignal = { ...rest, from: got.m.role };
        counters.relayed += 1;
        meetings.toOther(c, got.m.role, meetingEvents.signal, relayed);
      });
    });

    socket.on(meetingEvents.state, (payload: unknown) => {
      const got = inRoom(meetingEvents.state, payload);
      if (!got) return;
      inOrder(async () => {
        const c = await belonging(got.m);
        const event: MeetingPeerEvent = { role: got.m.role, state: got.message.state };
        if (c) meetings.toOther(c, got.m.role, meetingEvents.peer, event);
      });
    });

    socket.on(meetingEvents.leave, (payload: unknown) => {
      const got = inRoom(meetingEvents.leave, payload);
      if (got) inOrder(() => leaveRoom(got.m, 'leave'));
    });

    // While it is still in its rooms: after `disconnect` a connection has none.
    socket.on('disconnecting', () => {
      const m = current();
      if (m) inOrder(() => leaveRoom(m, 'disconnect'));
    });
  });
}
