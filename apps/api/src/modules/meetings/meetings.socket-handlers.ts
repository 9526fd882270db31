import { meetingEvents, type MeetingPeerEvent, type RelayedSignal } from '@rozmova/contracts';
import { ackReply } from '../../realtime/outgoing.ts';
import { meetingPersonRoom, meetingRoom } from '../../realtime/presence.ts';
import type { MeetingConnection } from './meetings.socket-connection.ts';

/** `meeting-join`: within the person's budget of joins; a connection in another room leaves it first. */
export function onJoin(conn: MeetingConnection, payload: unknown, ack: unknown): void {
  const { socket, data, meetings, current } = conn;
  const reply = ackReply(meetingEvents.join, ack);
  const join = conn.parse(meetingEvents.join, payload)?.message;
  if (!join) return reply({ ok: false, code: 'VALIDATION_FAILED' });
  if (!meetings.takeJoin(data.userId)) {
    conn.drop('rate');
    return reply({ ok: false, code: 'TOO_MANY_REQUESTS' });
  }
  conn.inOrder(
    async () => {
      const before = current();
      if (before && before.roomId !== join.roomId) await conn.leaveRoom(before, 'leave');
      const answer = await meetings.join(data.account, join.roomId, join.deviceCheck);
      if (!answer.ok) {
        // Refused in the room it is in: the consultation changed meanwhile; it is out now.
        if (before?.roomId === join.roomId) conn.leaveRooms(before);
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
}

/** `meeting-signal`: relayed to the other person's connections only. */
export function onSignal(conn: MeetingConnection, payload: unknown): void {
  const got = conn.inRoom(meetingEvents.signal, payload);
  if (!got) return;
  conn.inOrder(async () => {
    const c = await conn.belonging(got.m);
    if (!c) return;
    const { roomId: _room, ...rest } = got.message;
    const relayed: RelayedSignal = { ...rest, from: got.m.role };
    conn.meetings.counters.relayed += 1;
    conn.meetings.toOther(c, got.m.role, meetingEvents.signal, relayed);
  });
}

/** `meeting-state`: the other person hears the sender's state as a peer event. */
export function onState(conn: MeetingConnection, payload: unknown): void {
  const got = conn.inRoom(meetingEvents.state, payload);
  if (!got) return;
  conn.inOrder(async () => {
    const c = await conn.belonging(got.m);
    const event: MeetingPeerEvent = { role: got.m.role, state: got.message.state };
    if (c) conn.meetings.toOther(c, got.m.role, meetingEvents.peer, event);
  });
}

/** `meeting-leave`: out of the room on purpose. */
export function onLeave(conn: MeetingConnection, payload: unknown): void {
  const got = conn.inRoom(meetingEvents.leave, payload);
  if (got) conn.inOrder(() => conn.leaveRoom(got.m, 'leave'));
}

/** While it is still in its rooms: after `disconnect` a connection has none. */
export function onDisconnecting(conn: MeetingConnection): void {
  const m = conn.current();
  if (m) conn.inOrder(() => conn.leaveRoom(m, 'disconnect'));
}
