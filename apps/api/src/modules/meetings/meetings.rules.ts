import type { MeetingClosedEvent, MeetingRole } from '@rozmova/contracts';
import type { Consultation } from '../appointments/appointments.meetings.ts';

/** Why a person may not be in a consultation's room. */
export type Refusal = MeetingClosedEvent['code'];

export const roleOf = (userId: string, c: Consultation): MeetingRole | undefined =>
  userId === c.patientUserId ? 'patient' : userId === c.doctorUserId ? 'doctor' : undefined;

export const isClosed = (c: Consultation) => c.status === 'completed' || c.status === 'canceled';

/**
 * Whether a person may be in a consultation's room now: one rule for entering, for ICE servers and for every signal.
 * Only its patient and its doctor, only while it is open for them (the port's `openUntil`).
 */
export function refusalOf(userId: string, c: Consultation | undefined, now: Date): Refusal | undefined {
  if (!c || !roleOf(userId, c)) return 'NOT_FOUND';
  if (isClosed(c)) return 'APPOINTMENT_CLOSED';
  return c.openUntil && c.openUntil > now ? undefined : 'MEETING_NOT_OPEN';
}
