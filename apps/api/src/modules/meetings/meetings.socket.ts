import type { Server, Socket } from 'socket.io';
import {
  SIGNAL_MAX_CHARS,
  SIGNAL_RATE_MAX,
  SIGNAL_RATE_WINDOW_MS,
  meetingEvents,
  meetingJoinSchema,
  meetingLeaveSchema,
  meetingSignalSchema,
  meetingStateSchema,
  userRoom,
  type MeetingJoinAck,
  type MeetingPeerEvent,
  type RelayedSignal,
} from '@rozmova/contracts';
import type { AccountRow } from '../../db/rows.ts';
import type { SocketMeeting } from '../../realtime/presence.ts';
import type { Consultation } from '../appointments/appointments.meetings.ts';
import { meetingRoom, type MeetingsService, type SignallingCounters } from './meetings.service.ts';

type Dropped = keyof SignallingCounters['dropped'];

interface MeetingSocketData {
  userId: string;
  account: AccountRow;
  meeting?: SocketMeeting & { consultation: Consultation };
}

/** At most SIGNAL_RATE_MAX meeting messages per connection in a sliding window; the rest are dropped. */
function rateGate(now: () => number) {
  const times: number[] = [];
  return () => {
    const at = now();
    while (times.length > 0 && times[0]! <= at - SIGNAL_RATE_WINDOW_MS) times.shift();
    if (times.length >= SIGNAL_RATE_MAX) return false;
    times.push(at);
    return true;
  };
}

const sizeOf = (payload: unknown) => {
  try {
    return JSON.stringify(payload)?.length ?? 0;
  } catch {
    return Infinity;
  }
};

/**
 * The meeting room's events on the signed-in Socket.IO connection. Every message is size- and rate-checked, then
 * validated with the contracts' schema, and must name the room the connection joined; a signal goes only to the
 * other participant's connections in that room. Anything else is dropped and counted.
 */
export function registerMeetingSocket(io: Server, meetings: MeetingsService): void {
  const { counters } = meetings;

  io.on('connection', (socket: Socket) => {
    const data = socket.data as MeetingSocketData;
    const allowed = rateGate(Date.now);
    const drop = (reason: Dropped) => {
      counters.dropped[reason] += 1;
    };

    /** Checks size and rate, then the schema; answers the parsed message or undefined (dropped). */
    function accept<T>(schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } }, payload: unknown) {
      if (sizeOf(payload) > SIGNAL_MAX_CHARS) return drop('oversized');
      if (!allowed()) return drop('rate');
      const parsed = schema.safeParse(payload);
      if (!parsed.success) return drop('malformed');
      return parsed.data;
    }

    /** The room the connection is in, when the message names it; otherwise a foreign message. */
    function joinedRoom(roomId: string) {
      if (data.meeting?.roomId === roomId) return data.meeting;
      drop('foreign');
      return undefined;
    }

    /** To the other participant's connections only: never back to the sender's own, never outside the room. */
    const toOther = (m: SocketMeeting & { consultation: Consultation }) => {
      const self = m.role === 'patient' ? m.consultation.patientUserId : m.consultation.doctorUserId;
      return socket.to(meetingRoom(m.appointmentId)).except(userRoom(self));
    };

    async function leaveCurrent(how: 'leave' | 'disconnect') {
      const m = data.meeting;
      if (!m) return;
      data.meeting = undefined;
      await socket.leave(meetingRoom(m.appointmentId));
      const event: MeetingPeerEvent = { role: m.role, state: how === 'leave' ? 'left' : 'disconnected' };
      toOther(m).emit(meetingEvents.peer, event);
      await meetings.left(data.account, m.consultation, m.role, how);
    }

    socket.on(meetingEvents.join, (payload: unknown, ack: unknown) => {
      const reply = typeof ack === 'function' ? (ack as (answer: MeetingJoinAck) => void) : () => undefined;
      const join = accept(meetingJoinSchema, payload);
      if (!join) return reply({ ok: false, code: 'VALIDATION_FAILED' });
      void (async () => {
        if (data.meeting && data.meeting.roomId !== join.roomId) await leaveCurrent('leave');
        const answer = await meetings.join(data.account, join.roomId, join.deviceCheck);
        if (!answer.ok || !answer.consultation) return reply(answer.ok ? { ok: false, code: 'NOT_FOUND' } : answer);
        const { consultation, ...ack } = answer;
        data.meeting = { appointmentId: consultation.appointmentId, roomId: join.roomId, role: ack.role, consultation };
        await socket.join(meetingRoom(consultation.appointmentId));
        const event: MeetingPeerEvent = { role: ack.role, state: 'joined' };
        toOther(data.meeting).emit(meetingEvents.peer, event);
        reply(ack);
      })().catch(() => reply({ ok: false, code: 'NOT_FOUND' }));
    });

    socket.on(meetingEvents.signal, (payload: unknown) => {
      const signal = accept(meetingSignalSchema, payload);
      const m = signal && joinedRoom(signal.roomId);
      if (!signal || !m) return;
      const { roomId: _room, ...rest } = signal;
      const relayed: RelayedSignal = { ...rest, from: m.role };
      counters.relayed += 1;
      toOther(m).emit(meetingEvents.signal, relayed);
    });

    socket.on(meetingEvents.state, (payload: unknown) => {
      const state = accept(meetingStateSchema, payload);
      const m = state && joinedRoom(state.roomId);
      if (!state || !m) return;
      const event: MeetingPeerEvent = { role: m.role, state: state.state };
      toOther(m).emit(meetingEvents.peer, event);
    });

    socket.on(meetingEvents.leave, (payload: unknown) => {
      const leave = accept(meetingLeaveSchema, payload);
      if (!leave || !joinedRoom(leave.roomId)) return;
      void leaveCurrent('leave').catch(() => undefined);
    });

    socket.on('disconnect', () => {
      void leaveCurrent('disconnect').catch(() => undefined);
    });
  });
}
