import type { AppointmentStatus } from '@rozmova/contracts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { closesAt, HOUR, whyMeetingClosed } from './appointments.policy.ts';
import {
  findAppointmentView,
  findAppointmentViewByRoom,
  listAppointmentViews,
  type AppointmentRow,
  type AppointmentView,
} from './appointments.repository.ts';

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
  /**
   * Until when its room is open, if it is open at the time it was read (else null): a scheduled one (paid, when the
   * patient pays) from 10 minutes before the start until its end; a running one past its end too, until the server
   * closes it.
   */
  openUntil: Date | null;
}

/**
 * Told after a consultation was moved, cancelled or completed (after the commit), with the consultation as it is now
 * and, when it moved to another doctor, the one it had.
 */
export type ConsultationChangedHook = (consultation: Consultation, previousDoctorUserId?: string) => void;

function roomOpenUntil(a: AppointmentRow, now: Date): Date | null {
  if (a.status === 'running') return closesAt(a) > now ? closesAt(a) : null;
  return a.status === 'scheduled' && !whyMeetingClosed(a, now) ? a.endsAt : null;
}

const toConsultation = ({ appointment: a, patient, doctor }: AppointmentView, now: Date): Consultation => ({
  appointmentId: a.id,
  roomId: a.roomId,
  status: a.status,
  startsAt: a.startsAt,
  endsAt: a.endsAt,
  patientId: a.patientId,
  patientUserId: patient.userId,
  patientName: patient.userName,
  doctorUserId: doctor.userId,
  openUntil: roomOpenUntil(a, now),
});

/**
 * The meetings module's port: read-only lookups of consultations by room or id with until when their rooms are open,
 * the doctor's consultations around now, and a hook told of every change that may take someone out of a room. Access
 * rules are the meetings module's own.
 */
export function createMeetingPort(deps: { db: Db; clock: Clock }) {
  const { db } = deps;
  const now = () => deps.clock.now();
  const changedHooks: ConsultationChangedHook[] = [];
  /** The service calls this after it moved, cancelled or completed a consultation. */
  const changed = (v: AppointmentView, previousDoctorUserId?: string) => {
    const before = previousDoctorUserId !== v.doctor.userId ? previousDoctorUserId : undefined;
    for (const hook of changedHooks) hook(toConsultation(v, now()), before);
  };
  const port = {
    onConsultationChanged(hook: ConsultationChangedHook): void {
      changedHooks.push(hook);
    },
    async consultationByRoom(roomId: string): Promise<Consultation | undefined> {
      const found = await findAppointmentViewByRoom(db, roomId);
      return found ? toConsultation(found, now()) : undefined;
    },
    async consultationById(id: string): Promise<Consultation | undefined> {
      const found = await findAppointmentView(db, id);
      return found ? toConsultation(found, now()) : undefined;
    },
    /** The doctor's scheduled and running consultations that start within 12 hours either side of now. */
    async pendingConsultationsOfDoctor(doctorId: string): Promise<Consultation[]> {
      const at = now().getTime();
      const range = { doctorId, from: new Date(at - 12 * HOUR), to: new Date(at + 12 * HOUR) };
      const views = await listAppointmentViews(db, range, 200);
      const pending = views.filter((v) => v.appointment.status === 'scheduled' || v.appointment.status === 'running');
      return pending.map((v) => toConsultation(v, now()));
    },
  };
  return { port, changed };
}

export type MeetingPort = ReturnType<typeof createMeetingPort>['port'];
