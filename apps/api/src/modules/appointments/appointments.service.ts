import { randomUUID } from 'node:crypto';
import {
  JOIN_OPENS_MINUTES,
  PATIENT_CHANGE_LIMIT_MINUTES,
  PATIENT_REFUND_LIMIT_HOURS,
  PAYMENT_HOLD_MINUTES,
  REMINDER_OFFSETS_MINUTES,
  idSchema,
  pendingAppointmentStatuses,
  realtimeEvents,
  type Appointment,
  type AppointmentStatus,
  type CancellationReason,
  type CreateAppointmentBody,
  type CreateAppointmentFromLandingBody,
  type ListAppointmentsQuery,
  type Locale,
  type NotificationKind,
  type PaymentStatus,
  type PaymentType,
  type Specialisation,
  type UpdateAppointmentBody,
} from '@rozmova/contracts';
import type { Db } from '../../db/client.ts';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { formatInZone } from '../../lib/zoned-time.ts';
import type { RealtimeBus } from '../../realtime/bus.ts';
import type { AccountRow, UserRow } from '../accounts/accounts.repository.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { DoctorBookingProfile, DoctorsService } from '../doctors/doctors.service.ts';
import type { JobsService } from '../jobs/jobs.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { PatientsService } from '../patients/patients.service.ts';
import type { AfterCommit, PayableAppointment, PaymentsService } from '../payments/payments.service.ts';
import type { RateLimitService } from '../rate-limit/rate-limit.service.ts';
import { renderCalendar } from './appointments.ics.ts';
import {
  findAppointment,
  findAppointmentView,
  findAppointmentViewByRoom,
  findPatientIdOfUser,
  findPatientUser,
  insertAppointment,
  isDoctorOfPatient,
  listAppointmentViews,
  listAppointmentViewsOfPatient,
  lockAllPendingOfPatient,
  lockAppointment,
  lockPatientBookings,
  lockPendingOfPatient,
  patientIdsOfDoctor,
  updateAppointment,
  type AppointmentRow,
  type AppointmentView,
  type NewAppointment,
} from './appointments.repository.ts';
import { appointmentTexts, type AppointmentFacts, type NotificationTexts } from './appointments.texts.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** SPEC.md §5, word for word. */
export const CREATE_REQUIRES_IDS = 'Required all params doctorId, patientId on createAppointment';
export const BY_PATIENT_REQUIRES_ID = 'Undefined patientId on getByPatientId';
export const MODIFY_REQUIRES_ID = 'Undefined patientId on modifyAppointment';

export const HOLD_JOB = 'appointment.payment-hold';
export const REMINDER_JOB = 'appointment.reminder';
export const holdKey = (id: string) => `appointment-hold:${id}`;
export const reminderKey = (id: string, minutes: number) => `appointment-reminder-${minutes}m:${id}`;
export const CLOSE_JOB = 'appointment.close';
export const NOTICE_JOB = 'appointment.notice';
export const closeKey = (id: string) => `appointment-close:${id}`;
/** A pending appointment is closed this long after its end: the doctor has time to complete it with a note first. */
export const CLOSE_AFTER_END_MS = 2 * 60 * 60_000;

const PATIENT_LIST_LIMIT = 200;

type Actor = AccountRow;
type Role = Actor['user']['role'];

const isStaff = (role: Role) => role === 'operator' || role === 'admin';
const isPendingStatus = (status: AppointmentStatus) => (pendingAppointmentStatuses as readonly string[]).includes(status);
const validationError = (path: string, message: string) => new AppError('VALIDATION_FAILED', 'Validation failed', [{ path, message }]);

function pgErrorCode(error: unknown): string | undefined {
  const e = error as { code?: unknown; cause?: { code?: unknown } } | undefined;
  const code = e?.code ?? e?.cause?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The database refused the time: another scheduled or running appointment of the doctor overlaps (`appointments_doctor_time_free`). */
const slotTaken = () => new AppError('APPOINTMENT_SLOT_TAKEN', 'This time has just been booked by someone else; choose another');

/** One answer for every account, so it tells nothing of its password or verification. */
const emailHasAccount = () =>
  new AppError(
    'EMAIL_TAKEN',
    'An account with this e-mail exists: sign in to book, or set a new password with "Forgot password?" (a code goes to this e-mail)',
  );

async function refusingOverlaps<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (pgErrorCode(error) === '23P01') throw slotTaken();
    throw error;
  }
}

export function toAppointment({ appointment: a, doctor, patient }: AppointmentView): Appointment {
  const zone = doctor.timeZone;
  return {
    id: a.id,
    appointment_status: a.status,
    appointment_paymentType: a.paymentType,
    appointment_paymentStatus: a.paymentStatus,
    appointment_price: a.price,
    appointment_doctorId: a.doctorId,
    appointment_patientId: a.patientId,
    appointment_date: formatInZone(a.startsAt, zone),
    appointment_endDate: formatInZone(a.endsAt, zone),
    appointment_roomId: a.roomId,
    appointment_reason: a.reason,
    appointment_phone: a.phone,
    appointment_note: a.note,
    appointment_holdExpiresAt: a.holdExpiresAt ? formatInZone(a.holdExpiresAt, zone) : null,
    appointment_cancelledBy: a.cancelledBy,
    doctor: { user_name: doctor.userName, photo_url: doctor.photoUrl, specialisations: doctor.specialisations as Specialisation[] },
    patient: { user_name: patient.userName },
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
}

const factsOf = (view: AppointmentView): AppointmentFacts => ({
  doctorName: view.doctor.userName,
  patientName: view.patient.userName,
  start: view.appointment.startsAt,
});

/** What a booking or a change decided about money. */
interface PaymentTerms {
  paymentType: PaymentType;
  paymentStatus: PaymentStatus;
  price: number;
  holdExpiresAt: Date | null;
}

export interface AppointmentsDeps {
  db: Db;
  clock: Clock;
  doctors: Pick<DoctorsService, 'getBookingProfile' | 'checkBookable'>;
  patients: Pick<PatientsService, 'takeFreeConsultation' | 'giveBackFreeConsultation'>;
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

/** What from-landing needs of the accounts module (created after this one, so the route passes it in). */
export type LandingAccounts = Pick<AccountsService, 'findByEmail' | 'createAccount'>;

/**
 * Appointments: booking (one pending per patient; the database refuses overlapping times of a doctor), changes with
 * their time rules, payment holds and reminders through the job queue, notifications to both people.
 */
export function createAppointmentsService(deps: AppointmentsDeps) {
  const { db, clock, doctors, patients, payments, jobs, notifications, realtime } = deps;
  const now = () => clock.now();

  // ---- reading ---------------------------------------------------------------------------------

  async function view(id: string, tx: Db = db): Promise<AppointmentView> {
    const found = await findAppointmentView(tx, id);
    if (!found) throw notFound('Appointment');
    return found;
  }

  /** The patient of it, its doctor, operators and admins see an appointment; anyone else is told it does not exist. */
  function canSee(actor: Actor, v: AppointmentView): boolean {
    const role = actor.user.role;
    if (isStaff(role)) return true;
    if (role === 'doctor') return v.appointment.doctorId === actor.user.id;
    return actor.patientId !== null && v.appointment.patientId === actor.patientId;
  }

  async function visible(actor: Actor, id: string): Promise<AppointmentView> {
    const found = await findAppointmentView(db, id);
    if (!found || !canSee(actor, found)) throw notFound('Appointment');
    return found;
  }

  /** Reads by staff and doctors (reason and note are health data) go to the audit log, one entry per appointment. */
  async function shown(actor: Actor, action: 'read' | 'list', views: AppointmentView[]): Promise<Appointment[]> {
    if ((isStaff(actor.user.role) || actor.user.role === 'doctor') && views.length > 0) {
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
    return views.map(toAppointment);
  }

  const isPatientOf = (actor: Actor, row: AppointmentRow) => actor.patientId !== null && row.patientId === actor.patientId;
  const isDoctorOf = (actor: Actor, row: AppointmentRow) => actor.user.role === 'doctor' && row.doctorId === actor.user.id;

  // ---- notifications: one job each, added in the transaction of the change (the job queue is the outbox) -------

  interface Notice {
    appointmentId: string;
    userId: string;
    kind: NotificationKind;
    message: NotificationTexts['message'];
    email: NotificationTexts['email'];
    event?: string;
  }

  /**
   * Tells people of one change of `v`. `change` names the change (a repeated run of a job passes its own id), so each
   * notification's job key is its own and a notification already queued or delivered is not queued again.
   */
  function noticesOf(tx: Db, v: AppointmentView, change: string = randomUUID()) {
    return (userId: string, kind: NotificationKind, texts: NotificationTexts, event?: string) => {
      const payload: Notice = { appointmentId: v.appointment.id, userId, kind, message: texts.message, email: texts.email, event };
      return jobs.enqueue({ kind: NOTICE_JOB, key: `appointment-notice:${change}:${userId}`, runAt: now(), payload }, tx);
    };
  }

  /** A realtime event only (no notification): screens of both people refresh. */
  function signal(v: AppointmentView, event: string): void {
    const payload = toAppointment(v);
    realtime.toUser(v.patient.userId, event, payload);
    realtime.toUser(v.doctor.userId, event, payload);
  }

  async function announceCreated(tx: Db, v: AppointmentView, fromLanding: boolean): Promise<void> {
    const f = factsOf(v);
    const tell = noticesOf(tx, v);
    const payBy = v.appointment.holdExpiresAt ?? undefined;
    await tell(
      v.patient.userId,
      'appointment-created',
      appointmentTexts.createdForPatient(f, { payBy, setPassword: fromLanding }),
      realtimeEvents.appointmentCreated,
    );
    await tell(v.doctor.userId, 'appointment-created', appointmentTexts.createdForDoctor(f), realtimeEvents.appointmentCreated);
  }

  async function announceMoved(tx: Db, v: AppointmentView, previousDoctorId: string): Promise<void> {
    const f = factsOf(v);
    const tell = noticesOf(tx, v);
    await tell(v.patient.userId, 'appointment-modified', appointmentTexts.movedForPatient(f), realtimeEvents.appointmentModified);
    if (previousDoctorId !== v.doctor.userId) {
      // The first doctor loses the consultation, the new one gains it.
      await tell(previousDoctorId, 'appointment-cancelled', appointmentTexts.cancelledForDoctor(f), realtimeEvents.appointmentCancelled);
      await tell(v.doctor.userId, 'appointment-created', appointmentTexts.createdForDoctor(f), realtimeEvents.appointmentCreated);
    } else {
      await tell(v.doctor.userId, 'appointment-modified', appointmentTexts.movedForDoctor(f), realtimeEvents.appointmentModified);
    }
  }

  async function announceCancelled(tx: Db, v: AppointmentView, options: { patient: boolean; refund: boolean }): Promise<void> {
    const f = factsOf(v);
    const tell = noticesOf(tx, v);
    const why = v.appointment.cancelledBy === 'payment-timeout' ? 'payment-timeout' : 'other';
    if (options.patient) {
      await tell(
        v.patient.userId,
        'appointment-cancelled',
        appointmentTexts.cancelledForPatient(f, why, options.refund),
        realtimeEvents.appointmentCancelled,
      );
    }
    await tell(v.doctor.userId, 'appointment-cancelled', appointmentTexts.cancelledForDoctor(f), realtimeEvents.appointmentCancelled);
  }

  // Delivers one notification (the event carries the appointment as it is by then). A repeated run adds no second
  // in-app notification: the job key is its delivery key. A mail server that did not take the e-mail fails the run,
  // and the queue retries it.
  jobs.register(NOTICE_JOB, async (n: Notice, job) => {
    const v = n.event ? await findAppointmentView(db, n.appointmentId) : undefined;
    const event = v && n.event ? { name: n.event, payload: toAppointment(v) } : undefined;
    await notifications.notify(job.key, n.userId, {
      kind: n.kind,
      appointmentId: n.appointmentId,
      message: n.message,
      email: n.email,
      event,
    });
  });

  // ---- timed work ----------------------------------------------------------------------------------

  /**
   * Reminders 24 hours and 15 minutes before the start (one already past is dropped), and closing the appointment
   * after its end when nobody completed it.
   */
  async function planTimedWork(tx: Db, row: AppointmentRow): Promise<void> {
    for (const minutes of REMINDER_OFFSETS_MINUTES) {
      const runAt = new Date(row.startsAt.getTime() - minutes * MINUTE);
      if (runAt <= now()) {
        await jobs.cancel(reminderKey(row.id, minutes), tx);
        continue;
      }
      await jobs.schedule(
        {
          kind: REMINDER_JOB,
          key: reminderKey(row.id, minutes),
          runAt,
          payload: { appointmentId: row.id, startsAt: row.startsAt.toISOString(), minutes },
        },
        tx,
      );
    }
    const closeAt = new Date(row.endsAt.getTime() + CLOSE_AFTER_END_MS);
    await jobs.schedule({ kind: CLOSE_JOB, key: closeKey(row.id), runAt: closeAt, payload: { appointmentId: row.id } }, tx);
  }

  async function dropTimedWork(tx: Db, id: string): Promise<void> {
    await jobs.cancel(holdKey(id), tx);
    for (const minutes of REMINDER_OFFSETS_MINUTES) await jobs.cancel(reminderKey(id, minutes), tx);
    await jobs.cancel(closeKey(id), tx);
  }

  const planHold = (tx: Db, row: AppointmentRow) =>
    jobs.schedule({ kind: HOLD_JOB, key: holdKey(row.id), runAt: row.holdExpiresAt!, payload: { appointmentId: row.id } }, tx);

  // ---- state changes (inside a transaction that locked the row) -------------------------------------

  /** Decides who pays for a new booking; a free consultation is used up here, in the booking's transaction. */
  async function termsOfNewBooking(
    tx: Db,
    actor: Actor,
    patientId: string,
    profile: DoctorBookingProfile,
    requested: PaymentType | undefined,
  ): Promise<PaymentTerms> {
    if (isStaff(actor.user.role) && requested === 'Other') {
      return { paymentType: 'Other', paymentStatus: 'not_required', price: profile.price, holdExpiresAt: null };
    }
    if (isStaff(actor.user.role) && requested === 'None') {
      return { paymentType: 'None', paymentStatus: 'not_required', price: 0, holdExpiresAt: null };
    }
    if (await patients.takeFreeConsultation(patientId, tx)) {
      return { paymentType: 'ADRA', paymentStatus: 'not_required', price: 0, holdExpiresAt: null };
    }
    if (profile.price === 0) return { paymentType: 'None', paymentStatus: 'not_required', price: 0, holdExpiresAt: null };
    return {
      paymentType: 'Patient',
      paymentStatus: 'pending',
      price: profile.price,
      holdExpiresAt: new Date(now().getTime() + PAYMENT_HOLD_MINUTES * MINUTE),
    };
  }

  /**
   * A new doctor keeps the payment type. A paid consultation moves only to a doctor of the same price; an unpaid one
   * takes the new price (a payment started for the old amount is refunded when it arrives); Other is invoiced at the
   * new price; ADRA stays free. A patient moving a price-0 (None) booking to a paid doctor pays, with a new hold.
   */
  function termsAfterDoctorChange(actor: Actor, row: AppointmentRow, profile: DoctorBookingProfile): PaymentTerms {
    const current: PaymentTerms = {
      paymentType: row.paymentType,
      paymentStatus: row.paymentStatus,
      price: row.price,
      holdExpiresAt: row.holdExpiresAt,
    };
    switch (row.paymentType) {
      case 'ADRA':
        return current;
      case 'Other':
        return { ...current, price: profile.price };
      case 'None':
        if (actor.user.role === 'patient' && profile.price > 0) {
          return {
            paymentType: 'Patient',
            paymentStatus: 'pending',
            price: profile.price,
            holdExpiresAt: new Date(now().getTime() + PAYMENT_HOLD_MINUTES * MINUTE),
          };
        }
        return current;
      case 'Patient':
        if (row.paymentStatus === 'paid' || row.paymentStatus === 'refunded') {
          if (profile.price !== row.price) {
            throw validationError(
              'body.appointment_doctorId',
              'A paid consultation moves only to a specialist with the same price; cancel it and book again',
            );
          }
          return current;
        }
        return { ...current, price: profile.price };
    }
  }

  function assertOpen(row: AppointmentRow): void {
    if (!isPendingStatus(row.status))
      throw new AppError('APPOINTMENT_CLOSED', 'This appointment is completed or cancelled and cannot change');
  }

  /** Patients change or cancel until 2 hours before the start; operators and admins at any time. */
  function assertPatientInTime(actor: Actor, row: AppointmentRow): void {
    if (isStaff(actor.user.role)) return;
    if (row.status === 'running' || now().getTime() > row.startsAt.getTime() - PATIENT_CHANGE_LIMIT_MINUTES * MINUTE) {
      throw new AppError(
        'APPOINTMENT_CHANGE_TOO_LATE',
        `Appointments can be changed until ${PATIENT_CHANGE_LIMIT_MINUTES / 60} hours before the start; ask an operator`,
      );
    }
  }

  interface Move {
    start?: Date;
    doctorId?: string;
    reason?: string;
    phone?: string;
  }

  /** Moves (and/or edits) a pending appointment; the caller locked it. Answers whether the time or doctor changed. */
  async function moveInTx(
    tx: Db,
    actor: Actor,
    row: AppointmentRow,
    move: Move,
  ): Promise<{ moved: boolean; previousDoctorId: string; row: AppointmentRow }> {
    assertOpen(row);
    const doctorId = move.doctorId ?? row.doctorId;
    const start = move.start ?? row.startsAt;
    const moved = doctorId !== row.doctorId || start.getTime() !== row.startsAt.getTime();
    const changes: Partial<NewAppointment> = {};
    if (move.reason !== undefined) changes.reason = move.reason === '' ? null : move.reason;
    if (move.phone !== undefined) changes.phone = move.phone;
    if (moved) {
      assertPatientInTime(actor, row);
      if (row.status === 'running') throw new AppError('APPOINTMENT_CHANGE_TOO_LATE', 'A consultation under way cannot be moved');
      const profile = await doctors.getBookingProfile(doctorId, tx);
      const { endsAt, blockedUntil } = doctors.checkBookable(profile, start);
      const terms = doctorId !== row.doctorId ? termsAfterDoctorChange(actor, row, profile) : undefined;
      Object.assign(changes, { doctorId, startsAt: start, endsAt, blockedUntil }, terms ?? {});
    }
    const updated = await updateAppointment(tx, row.id, changes, now());
    if (moved) {
      await planTimedWork(tx, updated);
      if (updated.holdExpiresAt && !row.holdExpiresAt) await planHold(tx, updated);
    }
    return { moved, previousDoctorId: row.doctorId, row: updated };
  }

  /**
   * Cancels a pending appointment the caller locked: the hold and reminders go, a free consultation comes back, and a
   * paid one is refunded when the rules say so (anyone but the patient cancelling: always; the patient: more than 24
   * hours ahead). Answers whether money goes back.
   */
  async function cancelInTx(tx: Db, row: AppointmentRow, by: CancellationReason): Promise<{ refund: boolean; row: AppointmentRow }> {
    const at = now();
    const updated = await updateAppointment(tx, row.id, { status: 'canceled', cancelledBy: by, cancelledAt: at, holdExpiresAt: null }, at);
    await dropTimedWork(tx, row.id);
    if (row.paymentType === 'ADRA') await patients.giveBackFreeConsultation(row.patientId, tx);
    const byPatient = by === 'patient' || by === 'account-removed';
    const earlyEnough = row.startsAt.getTime() - at.getTime() > PATIENT_REFUND_LIMIT_HOURS * HOUR;
    let refund = false;
    if (row.paymentStatus === 'paid' && (!byPatient || earlyEnough)) {
      refund = (await payments.refundAppointment(row.id, tx)) > 0;
    }
    return { refund, row: updated };
  }

  /**
   * A patient's pending appointment whose end has passed without being completed no longer blocks a new booking: one
   * under way is completed, one nobody joined is cancelled (no refund: the time was held).
   */
  async function closeIfOver(tx: Db, row: AppointmentRow): Promise<boolean> {
    if (row.endsAt > now()) return false;
    const at = now();
    if (row.status === 'running') {
      await updateAppointment(tx, row.id, { status: 'completed' }, at);
    } else {
      await updateAppointment(tx, row.id, { status: 'canceled', cancelledAt: at, holdExpiresAt: null }, at);
      if (row.paymentType === 'ADRA') await patients.giveBackFreeConsultation(row.patientId, tx);
    }
    await dropTimedWork(tx, row.id);
    return true;
  }

  // ---- booking --------------------------------------------------------------------------------------

  interface Booked {
    id: string;
    created: boolean;
    previousDoctorId?: string;
    moved: boolean;
  }

  /**
   * Books for a patient, or modifies the patient's pending appointment (SPEC.md §4), in the caller's transaction,
   * which also queues the notifications.
   */
  async function bookInTx(
    tx: Db,
    actor: Actor,
    patientId: string,
    body: CreateAppointmentBody,
    profile: DoctorBookingProfile,
    start: Date,
    fromLanding = false,
  ): Promise<Booked> {
    const booked = await placeInTx(tx, actor, patientId, body, profile, start);
    if (booked.created) await announceCreated(tx, await view(booked.id, tx), fromLanding);
    else if (booked.moved) await announceMoved(tx, await view(booked.id, tx), booked.previousDoctorId!);
    return booked;
  }

  async function placeInTx(
    tx: Db,
    actor: Actor,
    patientId: string,
    body: CreateAppointmentBody,
    profile: DoctorBookingProfile,
    start: Date,
  ): Promise<Booked> {
    await lockPatientBookings(tx, patientId);
    const existing = await lockPendingOfPatient(tx, patientId);
    if (existing && !(await closeIfOver(tx, existing))) {
      const { moved, previousDoctorId } = await moveInTx(tx, actor, existing, {
        start,
        doctorId: profile.userId,
        reason: body.appointment_reason,
        phone: body.appointment_phone,
      });
      return { id: existing.id, created: false, moved, previousDoctorId };
    }
    const { endsAt, blockedUntil } = doctors.checkBookable(profile, start);
    const terms = await termsOfNewBooking(tx, actor, patientId, profile, body.appointment_paymentType);
    const row = await insertAppointment(tx, {
      doctorId: profile.userId,
      patientId,
      status: 'scheduled',
      startsAt: start,
      endsAt,
      blockedUntil,
      reason: body.appointment_reason || null,
      phone: body.appointment_phone ?? null,
      createdAt: now(),
      updatedAt: now(),
      ...terms,
    });
    if (row.holdExpiresAt) await planHold(tx, row);
    await planTimedWork(tx, row);
    return { id: row.id, created: true, moved: false };
  }

  /** Checks that do not need the transaction: ids given, who books for whom, the doctor and the time. */
  async function prepareBooking(
    actor: Actor,
    body: CreateAppointmentBody,
  ): Promise<{ patientId: string; profile: DoctorBookingProfile; start: Date }> {
    if (!body.appointment_doctorId || !body.appointment_patientId) throw new AppError('VALIDATION_FAILED', CREATE_REQUIRES_IDS);
    const role = actor.user.role;
    if (!isStaff(role) && body.appointment_patientId !== actor.patientId) throw forbidden('A patient books only for itself');
    if (
      body.appointment_paymentType !== undefined &&
      isStaff(role) &&
      body.appointment_paymentType !== 'Other' &&
      body.appointment_paymentType !== 'None'
    ) {
      throw validationError('body.appointment_paymentType', 'Staff may choose Other or None; leave it out to apply the usual rules');
    }
    const patient = await findPatientUser(db, body.appointment_patientId);
    if (!patient || !patient.active) throw notFound('Patient');
    const profile = await doctors.getBookingProfile(body.appointment_doctorId);
    const start = new Date(body.appointment_date);
    doctors.checkBookable(profile, start);
    // Patients do not choose how they pay: the rules decide (free consultations, the doctor's price).
    return { patientId: body.appointment_patientId, profile, start };
  }

  /** After a commit that queued notifications: they go out now rather than at the next poll. */
  async function committed(id: string): Promise<Appointment> {
    jobs.runSoon();
    return toAppointment(await view(id));
  }

  // ---- the payments module's view of appointments ----------------------------------------------------

  const payable = (v: AppointmentView): PayableAppointment => ({
    id: v.appointment.id,
    patientId: v.appointment.patientId,
    patientUserId: v.patient.userId,
    doctorUserId: v.doctor.userId,
    doctorName: v.doctor.userName,
    status: v.appointment.status,
    paymentType: v.appointment.paymentType,
    paymentStatus: v.appointment.paymentStatus,
    price: v.appointment.price,
    holdExpiresAt: v.appointment.holdExpiresAt,
    startsAt: v.appointment.startsAt,
  });

  payments.bindAppointments({
    async get(id, tx = db, lock = false) {
      if (lock && !(await lockAppointment(tx, id))) return undefined;
      const found = await findAppointmentView(tx, id);
      return found ? payable(found) : undefined;
    },
    async markPaid(id, tx) {
      await updateAppointment(tx, id, { paymentStatus: 'paid', holdExpiresAt: null }, now());
      await jobs.cancel(holdKey(id), tx);
      const v = await view(id, tx);
      await noticesOf(tx, v)(v.patient.userId, 'payment', appointmentTexts.paid(factsOf(v)), realtimeEvents.appointmentModified);
      return async () => {
        jobs.runSoon();
        realtime.toUser(v.doctor.userId, realtimeEvents.appointmentModified, toAppointment(await view(id)));
      };
    },
    async markPaymentStatus(id, status, tx) {
      await updateAppointment(tx, id, { paymentStatus: status }, now());
      const v = await view(id, tx);
      if (status === 'refunded')
        await noticesOf(tx, v)(v.patient.userId, 'payment', appointmentTexts.refunded(factsOf(v)), realtimeEvents.appointmentModified);
      return async () => {
        if (status === 'refunded') jobs.runSoon();
        else realtime.toUser(v.patient.userId, realtimeEvents.appointmentModified, toAppointment(await view(id)));
      };
    },
  });

  // ---- jobs --------------------------------------------------------------------------------------------

  // An unpaid booking whose hold ran out is cancelled, which frees the doctor's time. Idempotent: it checks the state.
  jobs.register(HOLD_JOB, async (payload: { appointmentId: string }) => {
    await db.transaction(async (tx) => {
      const row = await lockAppointment(tx, payload.appointmentId);
      const unpaid = row?.paymentType === 'Patient' && (row.paymentStatus === 'pending' || row.paymentStatus === 'failed');
      if (!row || row.status !== 'scheduled' || !unpaid || !row.holdExpiresAt || row.holdExpiresAt > now()) return;
      await cancelInTx(tx, row, 'payment-timeout');
      await announceCancelled(tx, await view(row.id, tx), { patient: true, refund: false });
    });
    jobs.runSoon();
  });

  // A reminder goes only if the appointment is still scheduled at the time it was planned for. Its notifications are
  // named by this job's id: a repeated run queues none again.
  jobs.register(REMINDER_JOB, async (payload: { appointmentId: string; startsAt: string; minutes: number }, job) => {
    const v = await findAppointmentView(db, payload.appointmentId);
    if (!v || v.appointment.status !== 'scheduled' || v.appointment.startsAt.toISOString() !== payload.startsAt) return;
    if (v.appointment.paymentType === 'Patient' && v.appointment.paymentStatus !== 'paid') return;
    const f = factsOf(v);
    const tell = noticesOf(db, v, job.id);
    await tell(v.patient.userId, 'appointment-reminder', appointmentTexts.reminder(f, payload.minutes, false));
    await tell(v.doctor.userId, 'appointment-reminder', appointmentTexts.reminder(f, payload.minutes, true));
    jobs.runSoon();
  });

  // A pending appointment nobody completed is closed after its end (as a new booking of the patient would close it),
  // so it stops being the patient's current appointment; both screens refresh.
  jobs.register(CLOSE_JOB, async (payload: { appointmentId: string }) => {
    let closed = false;
    await db.transaction(async (tx) => {
      const row = await lockAppointment(tx, payload.appointmentId);
      if (!row || !isPendingStatus(row.status) || row.endsAt.getTime() + CLOSE_AFTER_END_MS > now().getTime()) return;
      closed = await closeIfOver(tx, row);
    });
    if (closed) signal(await view(payload.appointmentId), realtimeEvents.appointmentModified);
  });

  // ---- the calls ------------------------------------------------------------------------------------------

  return {
    /** `POST /v1/appointments`: books, or modifies the patient's pending appointment (`created: false`). */
    async create(actor: Actor, body: CreateAppointmentBody): Promise<{ appointment: Appointment; created: boolean }> {
      const { patientId, profile, start } = await prepareBooking(actor, body);
      const booked = await refusingOverlaps(() => db.transaction((tx) => bookInTx(tx, actor, patientId, body, profile, start)));
      return { appointment: await committed(booked.id), created: booked.created };
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
      accounts: LandingAccounts,
      clientAddress: string,
    ): Promise<{ user: UserRow; appointment: Appointment }> {
      const dto = body.appointmentDto;
      if (!dto.appointment_doctorId) throw new AppError('VALIDATION_FAILED', CREATE_REQUIRES_IDS);
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
        return { user, appointment: await committed(booked.id) };
      } catch (error) {
        // Asking about e-mails that have accounts stays counted; the account may also have been made meanwhile.
        if (error instanceof AppError && error.code === 'EMAIL_TAKEN') throw emailHasAccount();
        await attempt.release();
        throw error;
      }
    },

    get: async (actor: Actor, id: string): Promise<Appointment> => (await shown(actor, 'read', [await visible(actor, id)]))[0]!,

    async getByRoomId(actor: Actor, roomId: string): Promise<Appointment> {
      const found = await findAppointmentViewByRoom(db, roomId);
      if (!found || !canSee(actor, found)) throw notFound('Appointment');
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
      const role = actor.user.role;
      const status = body.appointment_status;
      const moves = body.appointment_date !== undefined || body.appointment_doctorId !== undefined;
      const edits = body.appointment_reason !== undefined || body.appointment_phone !== undefined;
      if (status && (moves || edits))
        throw validationError('body.appointment_status', 'Change the status alone (with a note when completing)');
      if (body.appointment_note !== undefined && status !== 'completed')
        throw validationError('body.appointment_note', 'A note is written when completing');

      if (status === 'canceled') {
        const by: CancellationReason =
          role === 'admin' ? 'admin' : role === 'operator' ? 'operator' : role === 'doctor' ? 'doctor' : 'patient';
        await db.transaction(async (tx) => {
          const row = (await lockAppointment(tx, id))!;
          assertOpen(row);
          if (by === 'patient') assertPatientInTime(actor, row);
          const { refund } = await cancelInTx(tx, row, by);
          await announceCancelled(tx, await view(id, tx), { patient: true, refund });
        });
        return committed(id);
      }

      if (status === 'completed') {
        if (!isDoctorOf(actor, current.appointment) && role !== 'admin') throw forbidden('Only the doctor of the appointment completes it');
        await db.transaction(async (tx) => {
          const row = (await lockAppointment(tx, id))!;
          assertOpen(row);
          if (now() < row.startsAt) throw new AppError('MEETING_NOT_OPEN', 'A consultation is completed once it has started');
          await updateAppointment(tx, id, { status: 'completed', note: body.appointment_note || row.note, holdExpiresAt: null }, now());
          await dropTimedWork(tx, id);
        });
        const v = await view(id);
        signal(v, realtimeEvents.appointmentModified);
        return toAppointment(v);
      }

      // Moving and editing: the patient of it or staff; a doctor only cancels or completes.
      if (role === 'doctor') throw forbidden('A doctor may cancel or complete its appointments, not move or edit them');
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
          if (moved.moved) await announceMoved(tx, await view(id, tx), moved.previousDoctorId);
          return moved;
        }),
      );
      if (result.moved) return committed(id);
      const v = await view(id);
      signal(v, realtimeEvents.appointmentModified);
      return toAppointment(v);
    },

    /** `POST /v1/appointments/join-meeting/:id`: the patient or the doctor, from 10 minutes before the start to the end. */
    async joinMeeting(actor: Actor, id: string): Promise<Appointment> {
      const current = await visible(actor, id);
      if (!isPatientOf(actor, current.appointment) && !isDoctorOf(actor, current.appointment)) {
        throw forbidden('Only the patient and the doctor of the appointment join its meeting');
      }
      const started = await db.transaction(async (tx) => {
        const row = (await lockAppointment(tx, id))!;
        assertOpen(row);
        const at = now().getTime();
        if (at < row.startsAt.getTime() - JOIN_OPENS_MINUTES * MINUTE || at >= row.endsAt.getTime()) {
          throw new AppError('MEETING_NOT_OPEN', `The meeting opens ${JOIN_OPENS_MINUTES} minutes before the start and closes at the end`);
        }
        if (row.paymentType === 'Patient' && row.paymentStatus !== 'paid') {
          throw new AppError('MEETING_NOT_OPEN', 'The meeting opens once the consultation is paid');
        }
        if (row.status === 'running') return false;
        await updateAppointment(tx, id, { status: 'running' }, now());
        return true;
      });
      const v = await view(id);
      if (started) signal(v, realtimeEvents.appointmentModified);
      return toAppointment(v);
    },

    /** `GET /v1/appointments/:id/calendar.ics`: one event in the caller's language; never the reason for the visit. */
    async calendar(actor: Actor, id: string): Promise<{ fileName: string; body: string }> {
      const v = await visible(actor, id);
      const locale: Locale = actor.user.locale;
      const forDoctor = actor.user.id === v.doctor.userId;
      const other = forDoctor ? v.patient.userName : v.doctor.userName;
      const summary = locale === 'uk' ? `Онлайн-консультація: ${other}` : `Online consultation: ${other}`;
      const join = `${deps.publicUrl}/meet/${v.appointment.roomId}`;
      const description =
        locale === 'uk'
          ? `Приєднатися можна за ${JOIN_OPENS_MINUTES} хвилин до початку: ${join}`
          : `You can join from ${JOIN_OPENS_MINUTES} minutes before the start: ${join}`;
      const a = v.appointment;
      const body = renderCalendar(
        {
          uid: `${a.id}@${new URL(deps.publicUrl).hostname}`,
          stamp: now(),
          start: a.startsAt,
          end: a.endsAt,
          summary,
          description,
          url: join,
          cancelled: a.status === 'canceled',
          sequence: Math.max(0, Math.floor((a.updatedAt.getTime() - a.createdAt.getTime()) / 1000)),
        },
        locale,
      );
      return { fileName: `rozmova-${a.startsAt.toISOString().slice(0, 10)}.ics`, body };
    },

    /**
     * Account removal: cancels the patient's pending appointments in the removal's transaction (refunds as for a
     * patient's own cancellation), which also queues the doctors' notifications.
     */
    async cancelAllOfPatient(patientId: string, tx: Db): Promise<AfterCommit> {
      const rows = await lockAllPendingOfPatient(tx, patientId);
      for (const row of rows) {
        await cancelInTx(tx, row, 'account-removed');
        // Texts are written now: the removal anonymises the patient's name afterwards.
        await announceCancelled(tx, await view(row.id, tx), { patient: false, refund: false });
      }
      return async () => jobs.runSoon();
    },

    /** Patients and documents: a doctor's own patients have a scheduled, running or completed consultation with it. */
    isDoctorOfPatient: (doctorId: string, patientId: string) => isDoctorOfPatient(db, doctorId, patientId),
    patientIdsOfDoctor: (doctorId: string) => patientIdsOfDoctor(db, doctorId),

    /** Feedback: the patient's own appointment (its doctor and status); undefined for anyone else's. */
    async consultationOfPatient(patientId: string, appointmentId: string) {
      const row = await findAppointment(db, appointmentId);
      return row?.patientId === patientId ? { doctorId: row.doctorId, status: row.status } : undefined;
    },
  };
}

export type AppointmentsService = ReturnType<typeof createAppointmentsService>;
