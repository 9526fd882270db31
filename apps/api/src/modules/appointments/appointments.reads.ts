import { idSchema, type Appointment, type ListAppointmentsQuery } from '@rozmova/contracts';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import type { AppointmentsDeps } from './commands/context.ts';
import { calendarFileOf } from './appointments.ics.ts';
import { toAppointment } from './appointments.mapping.ts';
import { BY_PATIENT_REQUIRES_ID, canSee, isAuditedReader, isDoctorOf, isPatientOf, type Actor } from './appointments.policy.ts';
import {
  findAppointment,
  findAppointmentView,
  findAppointmentViewByRoom,
  findPatientUser,
  isDoctorOfPatient,
  listAppointmentViews,
  listAppointmentViewsOfPatient,
  type AppointmentView,
} from './appointments.repository.ts';

const PATIENT_LIST_LIMIT = 200;

/** Reading appointments: who sees which, and every read by staff and doctors (reason and note are health data) audited. */
export function createAppointmentReads(deps: Pick<AppointmentsDeps, 'db' | 'clock' | 'audit' | 'publicUrl'>) {
  const { db } = deps;

  async function visible(actor: Actor, id: string): Promise<AppointmentView> {
    const found = await findAppointmentView(db, id);
    if (!found || !canSee(actor, found.appointment)) throw notFound('Appointment');
    return found;
  }

  /** One audit entry per appointment a staff member or doctor was shown. */
  async function shown(actor: Actor, action: 'read' | 'list', views: AppointmentView[]): Promise<Appointment[]> {
    if (isAuditedReader(actor) && views.length > 0) {
      await deps.audit.record(
        views.map((v) => ({
          actorId: actor.user.id,
          action,
          resource: 'appointment' as const,
          resourceId: v.appointment.id,
          patientId: v.appointment.patientId,
        })),
      );
    }
    return views.map((v) => toAppointment(v, actor.user.id));
  }

  return {
    get: async (actor: Actor, id: string): Promise<Appointment> => (await shown(actor, 'read', [await visible(actor, id)]))[0]!,

    /** The room's consultation, for its patient and its doctor only: to anyone else the room does not exist. */
    async getByRoomId(actor: Actor, roomId: string): Promise<Appointment> {
      const found = await findAppointmentViewByRoom(db, roomId);
      if (!found || !(isPatientOf(actor, found.appointment) || isDoctorOf(actor, found.appointment))) throw notFound('Appointment');
      return (await shown(actor, 'read', [found]))[0]!;
    },

    /** A patient its own; operators and admins any patient's; a doctor its own patients' ones with itself. Newest first. */
    async listOfPatient(actor: Actor, patientId: string): Promise<Appointment[]> {
      if (!idSchema.safeParse(patientId).success) throw new AppError('VALIDATION_FAILED', BY_PATIENT_REQUIRES_ID);
      const role = actor.user.role;
      if (role === 'patient' || role === 'none') {
        if (actor.patientId !== patientId) throw notFound('Patient');
      } else if (
        !(await findPatientUser(db, patientId)) ||
        (role === 'doctor' && !(await isDoctorOfPatient(db, actor.user.id, patientId)))
      ) {
        throw notFound('Patient');
      }
      const rows = await listAppointmentViewsOfPatient(db, patientId, role === 'doctor' ? actor.user.id : undefined, PATIENT_LIST_LIMIT);
      return shown(actor, 'list', rows);
    },

    /** The doctor page and the staff consoles: a doctor sees its own; operators and admins any, with filters. Audited. */
    async list(actor: Actor, query: ListAppointmentsQuery): Promise<Appointment[]> {
      const role = actor.user.role;
      if (role === 'doctor' && query.doctorId !== undefined && query.doctorId !== actor.user.id)
        throw forbidden('A doctor sees only its own appointments');
      const rows = await listAppointmentViews(
        db,
        {
          doctorId: role === 'doctor' ? actor.user.id : query.doctorId,
          patientId: query.patientId,
          status: query.status,
          from: query.from ? new Date(query.from) : undefined,
          to: query.to ? new Date(query.to) : undefined,
        },
        query.limit,
      );
      return shown(actor, 'list', rows);
    },

    /** `GET /v1/appointments/:id/calendar.ics`: one event in the caller's language; never the reason for the visit. */
    calendar: async (actor: Actor, id: string) => calendarFileOf(await visible(actor, id), actor.user, deps.publicUrl, deps.clock.now()),

    /** Feedback: the patient's own appointment (its doctor and status); undefined for anyone else's. */
    async consultationOfPatient(patientId: string, appointmentId: string) {
      const row = await findAppointment(db, appointmentId);
      return row?.patientId === patientId ? { doctorId: row.doctorId, status: row.status } : undefined;
    },
  };
}
