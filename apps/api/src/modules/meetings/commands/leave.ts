import { meetingEvents, type MeetingPeerEvent } from '@rozmova/contracts';
import type { SocketMeeting } from '../../../realtime/presence.ts';
import { roleOf } from '../meetings.rules.ts';
import type { MeetingsContext } from './context.ts';

/** Someone left on purpose or its connection dropped: the other side hears it, and the doctor's waiting list may change. */
export async function announceLeaving(
  ctx: MeetingsContext,
  userId: string,
  meeting: SocketMeeting,
  how: 'leave' | 'disconnect',
): Promise<void> {
  const c = await ctx.consultations.read(meeting.appointmentId);
  if (!c || roleOf(userId, c) !== meeting.role) return;
  const event: MeetingPeerEvent = { role: meeting.role, state: how === 'leave' ? 'left' : 'disconnected' };
  ctx.toOther(c, meeting.role, meetingEvents.peer, event);
  await ctx.record(c, userId, meeting.role, how);
  if (meeting.role === 'patient') ctx.waitingChanged(c);
}
