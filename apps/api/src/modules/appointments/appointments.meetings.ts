import type { AppointmentStatus } from '@rozmova/contracts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { HOUR, whyMeetingClosed } from './appointments.policy.ts';
import { findAppointmentView, findAppointmentViewByRoom, listAppointmentViews, type AppointmentView } from './appointments.repository.ts';

/** What the meetings module reads of a consultation: its room, its two people and whether the room is open. */
export interface Consultation {
  appointmentId: string;
  roomId: string;
  status: AppointmentStatus;
  startsAt: Date;
  endsAt: Date;
  patientId: string;
  patientUserId: string;
  patientName: string;
  doctorUserId: string;
}

/** Told after a consultation was completed or cancelled (after the commit). */
export type ConsultationClosedHook = (consultation: Consultation) => void;

const toConsultation = ({ appointment: a, patient, doctor }: AppointmentView): Consultation => ({
  appointmentId: a.id,
  roomId: a.roomId,
  status: a.status,
  startsAt: a.startsAt,
  endsAt: a.endsAt,
  patientId: a.patientId,
  patientUserId: patient.userId,
  patientName: patient.userName,
  doctorUserId: doctor.userId,
});

/**
 * The meetings module's port: read-only lookups of consultations by room or id, whether a room is open now (running, or
 * from 10 minutes before the start and paid), and the doctor's consultations around now. Access rules are the
 * meetings module's own.
 */
export function createMeetingPort(deps: { db: Db; clock: Clock }) {
  const { db } = deps;
  const closedHooks: ConsultationClosedHook[] = [];
  /** The service calls this after it completed or cancelled a consultation. */
  const closed = (v: AppointmentView) => {
    for (const hook of closedHooks) hook(toConsultation(v));
  };
  const port = {
    onConsultationClosed(hook: ConsultationClosedHook): void {
      closedHooks.push(hook);
    },
    async consultationByRoom(roomId: string): Promise<{ consultation: Consultation; open: boolean } | undefined> {
      const found = await findAppointmentViewByRoom(db, roomId);
      if (!found) return undefined;
      const { status } = found.appointment;
      const open = status === 'running' || (status === 'scheduled' && !whyMeetingClosed(found.appointment, deps.clock.now()));
      return { consultation: toConsultation(found), open };
    },
    async consultationById(id: string): Promise<Consultation | undefined> {
      const found = await findAppointmentView(db, id);
      return found ? toConsultation(found) : undefined;
    },
    /** The doctor's scheduled and running consultations that start within 12 hours either side of now. */
    async pendingConsultationsOfDoctor(doctorId: string): Promise<Consultation[]> {
      const at = deps.clock.now().getTime();
      const range = { doctorId, from: new Date(at - 12 * HOUR), to: new Date(at + 12 * HOUR) };
      const views = await listAppointmentViews(db, range, 200);
      return views.filter((v) => v.appointment.status === 'scheduled' || v.appointment.status === 'running').map(toConsultation);
    },
  };
  return { port, closed };
}

export type MeetingPort = ReturnType<typeof createMeetingPort>['port'];
