import {
  idSchema,
  realtimeEvents,
  type Appointment,
  type CreateAppointmentBody,
  type CreateAppointmentFromLandingBody,
  type ListAppointmentsQuery,
  type UpdateAppointmentBody,
} from '@rozmova/contracts';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/rows.ts';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RealtimeBus } from '../../realtime/bus.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { DoctorBookingProfile, DoctorsService } from '../doctors/doctors.service.ts';
import type { JobsService } from '../jobs/jobs.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { PatientsService } from '../patients/patients.service.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import type { RateLimitService } from '../rate-limit/rate-limit.service.ts';
import { createAnnouncements } from './appointments.announcements.ts';
import { createAppointmentChanges, refusingOverlaps, type Placed } from './appointments.changes.ts';
import { calendarFileOf } from './appointments.ics.ts';
import { createTimedWork, registerAppointmentJobs } from './appointments.jobs.ts';
import { toAppointment } from './appointments.mapping.ts';
import { createMeetingPort } from './appointments.meetings.ts';
import {
  assertBookingRequest,
  assertMayComplete,
  assertMayJoin,
  assertMayMove,
  assertMeetingOpen,
  assertModifyRequest,
  assertOpen,
  assertPatientInTime,
  assertStarted,
  BY_PATIENT_REQUIRES_ID,
  canSee,
  isDoctorOf,
  isPatientOf,
  validationError,
  cancelledByRole,
  CREATE_REQUIRES_IDS,
  HOUR,
  isAuditedReader,
  MODIFY_REQUIRES_ID,
  type Actor,
} from './appointments.policy.ts';
import {
  findAppointment,
  findAppointmentView,
  findAppointmentViewByRoom,
  findPatientIdOfUser,
  findPatientUser,
  isDoctorOfPatient,
  listAppointmentViews,
  listAppointmentViewsOfPatient,
  lockAppointment,
  updateAppointment,
  type AppointmentView,
} from './appointments.repository.ts';
import { bindAppointmentPorts } from './appointments.ports.ts';

const PATIENT_LIST_LIMIT = 200;

/** One answer for every account, so it tells nothing of its password or verification. */
const emailHasAccount = () =>
  new AppError(
    'EMAIL_TAKEN',
    'An account with this e-mail exists: sign in to book, or set a new password with "Forgot password?" (a code goes to this e-mail)',
  );

export interface AppointmentsDeps {
  db: Db;
  clock: Clock;
  accounts: Pick<AccountsService, 'findByEmail' | 'createAccount' | 'onAccountRemoved'>;
  doctors: Pick<DoctorsService, 'getBookingProfile' | 'checkBookable'>;
  patients: Pick<PatientsService, 'takeFreeConsultation' | 'giveBackFreeConsultation' | 'bindDoctorsPatients'>;
  payments: Pick<PaymentsService, 'bindAppointments' | 'refundAppointment'>;
  jobs: Pick<JobsService, 'register' | 'schedule' | 'enqueue' | 'cancel' | 'runSoon'>;
  notifications: Pick<NotificationsService, 'notify'>;
  realtime: RealtimeBus;
  audit: Pick<AuditService, 'record'>;
  rateLimit: Pick<RateLimitService, 'consume'>;
  /** Landing bookings one client address may make in an hour (each makes an account and holds a slot). */
  landingBookingsPerHour: number;
  publicUrl: string;
}

/**
 * Appointments: booking (one pending per patient; the database refuses overlapping times of a doctor), changes,
 * meetings and calendar files. The rules are in `appointments.policy.ts`, the state changes in `appointments.changes.ts`,
 * the timed work in `appointments.jobs.ts`, who hears of a change in `appointments.announcements.ts`, the texts in
 * `appointments.texts.ts`, what other modules are given in `appointments.ports.ts`; this file orchestrates them in
 * transactions.
 */
export function createAppointmentsService(deps: AppointmentsDeps) {
  const { db, clock, doctors, jobs } = deps;
  const now = () => clock.now();
  const announce = createAnnouncements(deps);
  const timed = createTimedWork(deps);
  const changes = createAppointmentChanges({ ...deps, timed });
  const { moveInTx, cancelInTx, placeInTx } = changes;

  // ---- reading ---------------------------------------------------------------------------------

  async function view(id: string, tx: Db = db): Promise<AppointmentView> {
    const found = await findAppointmentView(tx, id);
    if (!found) throw notFound('Appointment');
    return found;
  }

  async function visible(actor: Actor, id: string): Promise<AppointmentView> {
    const found = await findAppointmentView(db, id);
    if (!found || !canSee(actor, found.appointment)) throw notFound('Appointment');
    return found;
  }

  /** Reads by staff and doctors (reason and note are health data) go to the audit log, one entry per appointment. */
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

  // ---- state changes (inside a transaction that locked the row) -------------------------------------

  // ---- booking --------------------------------------------------------------------------------------

  /** Books for a patient, or modifies its pending appointment (SPEC.md §4), in the caller's transaction with its notices. */
  async function bookInTx(
    tx: Db,
    actor: Actor,
    patientId: string,
    body: CreateAppointmentBody,
    profile: DoctorBookingProfile,
    start: Date,
    fromLanding = false,
  ): Promise<Placed> {
    const booked = await placeInTx(tx, actor, patientId, body, profile, start);
    if (booked.created) await announce.created(tx, await view(booked.id, tx), fromLanding);
    else if (booked.moved) await announce.moved(tx, await view(booked.id, tx), booked.previousDoctorId!);
    return booked;
  }

  /** Checks that do not need the transaction: ids given, who books for whom, the doctor and the time. */
  async function prepareBooking(actor: Actor, body: CreateAppointmentBody) {
    assertBookingRequest(actor, body);
    const patient = await findPatientUser(db, body.appointment_patientId!);
    if (!patient || !patient.active) throw notFound('Patient');
    const profile = await doctors.getBookingProfile(body.appointment_doctorId!);
    const start = new Date(body.appointment_date);
    doctors.checkBookable(profile, start, body.appointment_urgent === true);
    // Patients do not choose how they pay: the rules decide (free consultations, the doctor's price).
    return { patientId: body.appointment_patientId!, profile, start };
  }

  /** After a commit that queued notifications: they go out now rather than at the next poll. */
  async function committed(id: string, viewerId: string): Promise<Appointment> {
    jobs.runSoon();
    return toAppointment(await view(id), viewerId);
  }

  // ---- what other modules are given ----------------------------------------------------------------

  bindAppointmentPorts({ ...deps, announce, timed, changes, view });
  const { port: meetingPort, changed } = createMeetingPort({ db, clock });
  registerAppointmentJobs({ db, clock, jobs, announce, view, changed, ...changes });

  // ---- the calls ------------------------------------------------------------------------------------------

  return {
    ...meetingPort,

    /** `POST /v1/appointments`: books, or modifies the patient's pending appointment (`created: false`). */
    async create(actor: Actor, body: CreateAppointmentBody): Promise<{ appointment: Appointment; created: boolean }> {
      const { patientId, profile, start } = await prepareBooking(actor, body);
      const booked = await refusingOverlaps(() => db.transaction((tx) => bookInTx(tx, actor, patientId, body, profile, start)));
      if (booked.moved) changed(await view(booked.id), booked.previousDoctorId);
      return { appointment: await committed(booked.id, actor.user.id), created: booked.created };
    },

    /**
     * `POST /v1/appointments/from-landing`: a visitor books with an e-mail; a new passwordless patient account and
     * the booking are made in one transaction. At most `landingBookingsPerHour` from one client address (counted
     * before anything else, atomically; a booking that failed for another reason than the e-mail is not counted). An
     * e-mail that already has an account is refused with one answer, whatever the account (password or not, e-mail
     * verified or not): its owner signs in, or sets a password through recovery, and books from the cabinet. So
     * nobody gets a session for an account by knowing its e-mail. The caller starts the session.
     */
    async bookFromLanding(
      body: CreateAppointmentFromLandingBody,
      clientAddress: string,
    ): Promise<{ user: UserRow; appointment: Appointment }> {
      const { accounts } = deps;
      const dto = body.appointmentDto;
      if (!dto.appointment_doctorId) throw new AppError('VALIDATION_FAILED', CREATE_REQUIRES_IDS);
      if (dto.appointment_urgent) throw forbidden('Only operators and admins book urgent consultations');
      const attempt = await deps.rateLimit.consume(`landing-booking-ip:${clientAddress}`, {
        max: deps.landingBookingsPerHour,
        windowMs: HOUR,
      });
      try {
        if (await accounts.findByEmail(body.email)) throw emailHasAccount();
        const profile = await doctors.getBookingProfile(dto.appointment_doctorId);
        const start = new Date(dto.appointment_date);
        doctors.checkBookable(profile, start);
        const { user, booked } = await refusingOverlaps(() =>
          db.transaction(async (tx) => {
            const user = await accounts.createAccount(
              {
                email: body.email,
                userName: body.user_name,
                phone: body.phone ?? dto.appointment_phone,
                locale: body.locale,
                role: 'patient',
                emailVerified: false,
              },
              tx,
            );
            const patientId = (await findPatientIdOfUser(tx, user.id))!;
            const actor: Actor = { user, patientId, cardId: null };
            // The visitor chooses neither the patient nor how to pay.
            const booking = { ...dto, appointment_patientId: patientId, appointment_paymentType: undefined };
            return { user, booked: await bookInTx(tx, actor, patientId, booking, profile, start, true) };
          }),
        );
        return { user, appointment: await committed(booked.id, user.id) };
      } catch (error) {
        // Asking about e-mails that have accounts stays counted; the account may also have been made meanwhile.
        if (error instanceof AppError && error.code === 'EMAIL_TAKEN') throw emailHasAccount();
        await attempt.release();
        throw error;
      }
    },

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

    /** `PUT /v1/appointments/:id`: cancel, complete with a note, move, or edit the reason and phone. */
    async modify(actor: Actor, id: string, body: UpdateAppointmentBody): Promise<Appointment> {
      if (!idSchema.safeParse(id).success) throw new AppError('VALIDATION_FAILED', MODIFY_REQUIRES_ID);
      const current = await visible(actor, id);
      const status = body.appointment_status;
      assertModifyRequest(body);

      if (status === 'canceled') {
        const by = cancelledByRole(actor.user.role);
        await db.transaction(async (tx) => {
          const row = (await lockAppointment(tx, id))!;
          assertOpen(row);
          if (by === 'patient') assertPatientInTime(actor, row, now());
          const { refund } = await cancelInTx(tx, row, by);
          await announce.cancelled(tx, await view(id, tx), { patient: true, refund });
        });
        changed(await view(id));
        return committed(id, actor.user.id);
      }

      if (status === 'completed') {
        assertMayComplete(actor, current.appointment);
        if (!body.appointment_note) throw validationError('body.appointment_note', 'A note for the record is required when completing');
        await db.transaction(async (tx) => {
          const row = (await lockAppointment(tx, id))!;
          assertOpen(row);
          assertStarted(row, now());
          const { appointment_note: note, appointment_advice: advice } = body;
          await updateAppointment(tx, id, { status: 'completed', note, advice: advice || null, holdExpiresAt: null }, now());
          await timed.drop(tx, id);
        });
        const v = await view(id);
        announce.signal(v, realtimeEvents.appointmentModified);
        changed(v);
        return toAppointment(v, actor.user.id);
      }

      // Moving and editing: the patient of it or staff; a doctor only cancels or completes.
      assertMayMove(actor);
      let start: Date | undefined;
      if (body.appointment_date !== undefined) start = new Date(body.appointment_date);
      const result = await refusingOverlaps(() =>
        db.transaction(async (tx) => {
          const row = (await lockAppointment(tx, id))!;
          const moved = await moveInTx(tx, actor, row, {
            start,
            doctorId: body.appointment_doctorId,
            reason: body.appointment_reason,
            phone: body.appointment_phone,
          });
          if (moved.moved) await announce.moved(tx, await view(id, tx), moved.previousDoctorId);
          return moved;
        }),
      );
      if (result.moved) {
        changed(await view(id), result.previousDoctorId);
        return committed(id, actor.user.id);
      }
      const v = await view(id);
      announce.signal(v, realtimeEvents.appointmentModified);
      return toAppointment(v, actor.user.id);
    },

    /** `POST /v1/appointments/join-meeting/:id`: the patient or the doctor, from 10 minutes before the start to the end. */
    async joinMeeting(actor: Actor, id: string): Promise<Appointment> {
      const current = await visible(actor, id);
      assertMayJoin(actor, current.appointment);
      const started = await db.transaction(async (tx) => {
        const row = (await lockAppointment(tx, id))!;
        assertMeetingOpen(row, now());
        if (row.status === 'running') return false;
        await updateAppointment(tx, id, { status: 'running' }, now());
        return true;
      });
      const v = await view(id);
      if (started) announce.signal(v, realtimeEvents.appointmentModified);
      return toAppointment(v, actor.user.id);
    },

    /** `GET /v1/appointments/:id/calendar.ics`: one event in the caller's language; never the reason for the visit. */
    calendar: async (actor: Actor, id: string) => calendarFileOf(await visible(actor, id), actor.user, deps.publicUrl, now()),

    /** Documents: a doctor's own patients have a scheduled, running or completed consultation with it. */
    isDoctorOfPatient: (doctorId: string, patientId: string) => isDoctorOfPatient(db, doctorId, patientId),

    /** Feedback: the patient's own appointment (its doctor and status); undefined for anyone else's. */
    async consultationOfPatient(patientId: string, appointmentId: string) {
      const row = await findAppointment(db, appointmentId);
      return row?.patientId === patientId ? { doctorId: row.doctorId, status: row.status } : undefined;
    },
  };
}

export type AppointmentsService = ReturnType<typeof createAppointmentsService>;
