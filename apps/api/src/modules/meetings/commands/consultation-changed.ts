import { meetingEvents } from '@rozmova/contracts';
import type { Consultation } from '../../appointments/appointments.meetings.ts';
import { insertCallEvent } from '../meetings.repository.ts';
import { isClosed } from '../meetings.rules.ts';
import { closeOut, type MeetingsContext } from './context.ts';

/**
 * Moved, cancelled or completed: the room follows at once. A closed room's end goes into the record and both
 * screens are told; everyone who no longer belongs is taken out; the doctors' waiting lists change.
 */
export function followConsultationChange(ctx: MeetingsContext, c: Consultation, previousDoctorUserId?: string): void {
  const { db, clock, realtime } = ctx;
  ctx.consultations.forget(c.appointmentId);
  if (isClosed(c)) {
    const status = c.status === 'completed' ? 'completed' : 'canceled';
    const end = { appointmentId: c.appointmentId, userId: c.doctorUserId, role: 'doctor' as const, kind: 'end' as const };
    void insertCallEvent(db, { ...end, details: { status }, at: clock.now() }).catch(() => undefined);
    for (const userId of [c.patientUserId, c.doctorUserId]) realtime.toUser(userId, meetingEvents.ended, { roomId: c.roomId, status });
  }
  void closeOut(ctx, c.appointmentId, c.roomId, c).catch(() => undefined);
  ctx.waitingChanged(c);
  if (previousDoctorUserId) ctx.waitingChanged(c, undefined, previousDoctorUserId);
}
