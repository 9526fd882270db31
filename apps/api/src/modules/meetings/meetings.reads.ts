import type { CallRecord, WaitingPatient } from '@rozmova/contracts';
import type { AccountRow } from '../../db/rows.ts';
import { forbidden, notFound } from '../../lib/app-error.ts';
import { meetingRoom } from '../../realtime/presence.ts';
import type { Consultation } from '../appointments/appointments.meetings.ts';
import { summariseCall } from './call-record.ts';
import type { MeetingsContext } from './commands/context.ts';
import { latestDeviceChecks, listCallEvents } from './meetings.repository.ts';

/** A device check's mode, or an end's status, as one short word for the record. */
function detailOf(details: unknown): string | null {
  if (details && typeof details === 'object') {
    const value = (details as { mode?: unknown; status?: unknown }).mode ?? (details as { status?: unknown }).status;
    if (typeof value === 'string') return value;
  }
  return null;
}

/** Reading meetings: a doctor's waiting list and a consultation's call record. */
export function createMeetingReads(ctx: Pick<MeetingsContext, 'db' | 'clock' | 'appointments' | 'audit' | 'presence'>) {
  const { db, clock, presence } = ctx;
  return {
    /** `GET /v1/meetings/waiting`: patients now in the rooms of the doctor's consultations while the doctor is not. */
    async waiting(actor: AccountRow, doctorId: string | undefined): Promise<{ waiting: WaitingPatient[] }> {
      const id = actor.user.role === 'admin' ? (doctorId ?? actor.user.id) : actor.user.id;
      if (actor.user.role !== 'admin' && doctorId !== undefined && doctorId !== id) throw forbidden('A doctor sees only its own rooms');
      const consultations = await ctx.appointments.pendingConsultationsOfDoctor(id);
      const waitingOnes: Consultation[] = [];
      for (const c of consultations) {
        const members = await presence.membersOf(meetingRoom(c.appointmentId));
        if (members.some((m) => m.role === 'patient') && !members.some((m) => m.role === 'doctor')) waitingOnes.push(c);
      }
      const checks = await latestDeviceChecks(
        db,
        waitingOnes.map((c) => c.appointmentId),
      );
      return {
        waiting: waitingOnes.map((c) => {
          const check = checks.get(c.appointmentId);
          return {
            appointmentId: c.appointmentId,
            roomId: c.roomId,
            patientName: c.patientName,
            since: (check?.at ?? clock.now()).toISOString(),
            deviceCheck: check?.check ?? null,
          };
        }),
      };
    },

    /** `GET /v1/appointments/:id/call-record`: the consultation's doctor and admins; audited (it tells of a patient). */
    async callRecord(actor: AccountRow, appointmentId: string): Promise<CallRecord> {
      const c = await ctx.appointments.consultationById(appointmentId);
      const allowed = c && (actor.user.role === 'admin' || (actor.user.role === 'doctor' && actor.user.id === c.doctorUserId));
      if (!c || !allowed) throw notFound('Appointment');
      await ctx.audit.record([
        { actorId: actor.user.id, action: 'read', resource: 'call_record', resourceId: c.appointmentId, patientId: c.patientId },
      ]);
      const rows = await listCallEvents(db, appointmentId);
      const events = rows.map((row) => ({ kind: row.kind, role: row.role, at: row.at, detail: detailOf(row.details) }));
      return summariseCall(appointmentId, events, c.status === 'canceled');
    },
  };
}
