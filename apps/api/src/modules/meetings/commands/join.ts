import type { DeviceCheck, DoctorPresence, MeetingJoinAck, MeetingRole } from '@rozmova/contracts';
import type { AccountRow } from '../../../db/rows.ts';
import { meetingRoom } from '../../../realtime/presence.ts';
import type { Consultation } from '../../appointments/appointments.meetings.ts';
import { MEETING_JOINS_MAX } from '../meetings.limits.ts';
import { entry, type MeetingsContext } from './context.ts';

type JoinAnswer = (MeetingJoinAck & { ok: false }) | (MeetingJoinAck & { ok: true; consultation: Consultation });

/** One join of a person, over all its connections and rooms; false when over its budget. */
export const takeJoin = (ctx: Pick<MeetingsContext, 'budget'>, userId: string) =>
  ctx.budget.take(`join:${userId}`, MEETING_JOINS_MAX) === undefined;

async function doctorPresence(ctx: MeetingsContext, c: Consultation): Promise<DoctorPresence> {
  const meetings = await ctx.presence.meetingsOf(c.doctorUserId);
  if (meetings.includes(c.appointmentId)) return 'in-room';
  return meetings.length > 0 ? 'in-other-consultation' : 'not-yet';
}

/**
 * A socket enters the room: the consultation must be the caller's and open for it. The join is recorded (a
 * reconnect when the person had not left), and the doctor is told when the patient now waits for it.
 */
export async function joinRoom(
  ctx: MeetingsContext,
  actor: AccountRow,
  roomId: string,
  deviceCheck: DeviceCheck | undefined,
): Promise<JoinAnswer> {
  const found = await entry(ctx, actor, roomId);
  if ('refused' in found) return { ok: false, code: found.refused };
  const { c, role } = found;
  await ctx.record(c, actor.user.id, role, 'join', role === 'patient' ? (deviceCheck ?? null) : null);
  const members = await ctx.presence.membersOf(meetingRoom(c.appointmentId));
  const other: MeetingRole = role === 'patient' ? 'doctor' : 'patient';
  const peerPresent = members.some((m) => m.role === other);
  const doctorNow = role === 'doctor' ? 'in-room' : await doctorPresence(ctx, c);
  if (role === 'patient' && doctorNow !== 'in-room') {
    ctx.waitingChanged(c, {
      appointmentId: c.appointmentId,
      roomId: c.roomId,
      patientName: c.patientName,
      since: ctx.clock.now().toISOString(),
      deviceCheck: deviceCheck ?? null,
    });
  } else if (role === 'doctor') {
    ctx.waitingChanged(c);
  }
  return { ok: true, role, appointmentId: c.appointmentId, peerPresent, doctorPresence: doctorNow, consultation: c };
}
