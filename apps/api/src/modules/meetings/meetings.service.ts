import type { DeviceCheck, MeetingReportBody } from '@rozmova/contracts';
import type { AccountRow } from '../../db/rows.ts';
import type { SocketMeeting } from '../../realtime/presence.ts';
import { followConsultationChange } from './commands/consultation-changed.ts';
import { createMeetingsContext, type MeetingsDeps } from './commands/context.ts';
import { getIceServers } from './commands/ice-servers.ts';
import { joinRoom, takeJoin } from './commands/join.ts';
import { announceLeaving } from './commands/leave.ts';
import { reportProblem } from './commands/report.ts';
import { checkBelonging, takeSignal } from './commands/signal.ts';
import { createMeetingReads } from './meetings.reads.ts';

export type { MeetingsDeps, SignallingCounters } from './commands/context.ts';

/**
 * The video room of a consultation: who may enter (its patient and its doctor; to anyone else it does not exist), ICE
 * servers with TURN credentials that end with the room, presence (who is in the room, who waits), the call record,
 * problem reports, and what signalling may send. Signalling itself is relayed by `meetings.socket.ts`; this module
 * takes people out of a room when its consultation changes. Each use case is a command in `commands/`, the rule of who
 * may be in a room is in `meetings.rules.ts`, the reads are in `meetings.reads.ts`; this file wires them.
 */
export function createMeetingsService(deps: MeetingsDeps) {
  const ctx = createMeetingsContext(deps);
  deps.appointments.onConsultationChanged((c, previousDoctorUserId) => followConsultationChange(ctx, c, previousDoctorUserId));

  return {
    counters: ctx.counters,
    ...createMeetingReads(ctx),
    iceServers: (actor: AccountRow, roomId: string) => getIceServers(ctx, actor, roomId),
    takeSignal: (userId: string, appointmentId: string, size: number) => takeSignal(ctx, userId, appointmentId, size),
    takeJoin: (userId: string) => takeJoin(ctx, userId),
    belonging: (userId: string, meeting: SocketMeeting) => checkBelonging(ctx, userId, meeting),
    toOther: ctx.toOther,
    join: (actor: AccountRow, roomId: string, deviceCheck: DeviceCheck | undefined) => joinRoom(ctx, actor, roomId, deviceCheck),
    left: (userId: string, meeting: SocketMeeting, how: 'leave' | 'disconnect') => announceLeaving(ctx, userId, meeting, how),
    report: (actor: AccountRow, roomId: string, body: MeetingReportBody) => reportProblem(ctx, actor, roomId, body),
  };
}

export type MeetingsService = ReturnType<typeof createMeetingsService>;
