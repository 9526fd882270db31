import { SIGNAL_RATE_MAX } from '@rozmova/contracts';
import type { SocketMeeting } from '../../../realtime/presence.ts';
import type { Consultation } from '../../appointments/appointments.meetings.ts';
import { SIGNAL_BYTES_MAX } from '../meetings.limits.ts';
import { refusalOf, roleOf } from '../meetings.rules.ts';
import { closeOut, type MeetingsContext } from './context.ts';

/** One signalling message of a person in a room it is in; answers why it is over the person's budget, if it is. */
export const takeSignal = (ctx: Pick<MeetingsContext, 'budget'>, userId: string, appointmentId: string, size: number) =>
  ctx.budget.take(`signal:${userId}:${appointmentId}`, SIGNAL_RATE_MAX, size, SIGNAL_BYTES_MAX);

/**
 * The consultation as it is now, for a message of a person in its room; undefined when the person no longer
 * belongs there, and then the consultation is read again and whoever no longer belongs is taken out.
 */
export async function checkBelonging(ctx: MeetingsContext, userId: string, meeting: SocketMeeting): Promise<Consultation | undefined> {
  const { consultations, clock } = ctx;
  const c = await consultations.read(meeting.appointmentId);
  if (!refusalOf(userId, c, clock.now()) && roleOf(userId, c!) === meeting.role) return c;
  consultations.forget(meeting.appointmentId);
  const now = await consultations.read(meeting.appointmentId);
  await closeOut(ctx, meeting.appointmentId, meeting.roomId, now);
  return refusalOf(userId, now, clock.now()) ? undefined : now;
}
