/**
 * The rules of appointments as pure functions (no database, no clock of their own: `now` is passed in): who sees
 * one, who pays and how much, who may change, cancel, complete or join it and until when, when money goes back.
 * The service applies them inside its transactions; `appointments.policy.test.ts` checks them without a database.
 */
import {
  JOIN_OPENS_MINUTES,
  PATIENT_CHANGE_LIMIT_MINUTES,
  PATIENT_REFUND_LIMIT_HOURS,
  PAYMENT_HOLD_MINUTES,
  pendingAppointmentStatuses,
  type AppointmentStatus,
  type CancellationReason,
  type CreateAppointmentBody,
  type PaymentStatus,
  type PaymentType,
  type UpdateAppointmentBody,
} from '@rozmova/contracts';
import type { AccountRow } from '../../db/rows.ts';
import { AppError, forbidden } from '../../lib/app-error.ts';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

/** docs/product.md §5, word for word. */
export const CREATE_REQUIRES_IDS = 'Required all params doctorId, patientId on createAppointment';
export const BY_PATIENT_REQUIRES_ID = 'Undefined patientId on getByPatientId';
export const MODIFY_REQUIRES_ID = 'Undefined patientId on modifyAppointment';

/** A pending appointment is closed this long after its end: the doctor has time to complete it with a note first. */
export const CLOSE_AFTER_END_MS = 2 * HOUR;

export type Actor = AccountRow;
type Role = Actor['user']['role'];

/** The parts of an appointment row the rules read. */
export interface AppointmentState {
  doctorId: string;
  patientId: string;
  status: AppointmentStatus;
  startsAt: Date;
  endsAt: Date;
  paymentType: PaymentType;
  paymentStatus: PaymentStatus;
  price: number;
  holdExpiresAt: Date | null;
}

/** What a booking or a change decided about money. */
export interface PaymentTerms {
  paymentType: PaymentType;
  paymentStatus: PaymentStatus;
  price: number;
  holdExpiresAt: Date | null;
}

export const isStaff = (role: Role) => role === 'operator' || role === 'admin';
export const isPendingStatus = (status: AppointmentStatus) => (pendingAppointmentStatuses as readonly string[]).includes(status);
/** A request refused by a booking rule, named on its field; the value is not one the rule allows. */
export const validationError = (path: string, message: string) =>
  new AppError('VALIDATION_FAILED', 'Validation failed', [{ path, code: 'INVALID_VALUE', message }]);

export const isPatientOf = (actor: Actor, a: Pick<AppointmentState, 'patientId'>) =>
  actor.patientId !== null && a.patientId === actor.patientId;
export const isDoctorOf = (actor: Actor, a: Pick<AppointmentState, 'doctorId'>) =>
  actor.user.role === 'doctor' && a.doctorId === actor.user.id;

/** The patient of it, its doctor, operators and admins see an appointment; anyone else is told it does not exist. */
export function canSee(actor: Actor, a: Pick<AppointmentState, 'doctorId' | 'patientId'>): boolean {
  const role = actor.user.role;
  if (isStaff(role)) return true;
  if (role === 'doctor') return a.doctorId === actor.user.id;
  return isPatientOf(actor, a);
}

/** Reads by staff and doctors (reason and note are health data) go to the audit log. */
export const isAuditedReader = (actor: Actor) => isStaff(actor.user.role) || actor.user.role === 'doctor';

// ---- booking ---------------------------------------------------------------------------------------------

/** Checks of a booking request before anything is read: ids given, a patient books for itself, staff's payment type. */
export function assertBookingRequest(actor: Actor, body: CreateAppointmentBody): void {
  if (!body.appointment_doctorId || !body.appointment_patientId) throw new AppError('VALIDATION_FAILED', CREATE_REQUIRES_IDS);
  const role = actor.user.role;
  if (!isStaff(role) && body.appointment_patientId !== actor.patientId) throw forbidden('A patient books only for itself');
  if (body.appointment_urgent && !isStaff(role)) throw forbidden('Only operators and admins book urgent consultations');
  if (
    body.appointment_paymentType !== undefined &&
    isStaff(role) &&
    body.appointment_paymentType !== 'Other' &&
    body.appointment_paymentType !== 'None'
  ) {
    throw validationError('body.appointment_paymentType', 'Staff may choose Other or None; leave it out to apply the usual rules');
  }
}

const holdUntil = (now: Date) => new Date(now.getTime() + PAYMENT_HOLD_MINUTES * MINUTE);

/** How long a booking staff made for a patient waits for the patient to pay by the link mailed to them. */
export const STAFF_BOOKING_HOLD_HOURS = 24;

/**
 * Until when a new booking the patient pays waits for the payment: 15 minutes when the patient books (the checkout
 * follows at once); when staff book it, a day for the patient to pay by the link, but only until an hour before the
 * start, and never less than the 15 minutes.
 */
export function holdOfNewBooking(actor: Actor, start: Date, now: Date): Date {
  if (!isStaff(actor.user.role)) return holdUntil(now);
  const latest = Math.min(now.getTime() + STAFF_BOOKING_HOLD_HOURS * 60 * MINUTE, start.getTime() - 60 * MINUTE);
  return new Date(Math.max(latest, holdUntil(now).getTime()));
}

/** Staff booking for a patient may choose Other (invoiced at the doctor's price) or None; undefined: the usual rules. */
export function staffChosenTerms(actor: Actor, requested: PaymentType | undefined, price: number): PaymentTerms | undefined {
  if (!isStaff(actor.user.role)) return undefined;
  if (requested === 'Other') return { paymentType: 'Other', paymentStatus: 'not_required', price, holdExpiresAt: null };
  if (requested === 'None') return { paymentType: 'None', paymentStatus: 'not_required', price: 0, holdExpiresAt: null };
  return undefined;
}

/** A free (ADRA) consultation the patient's card gave. */
export const freeConsultationTerms: PaymentTerms = { paymentType: 'ADRA', paymentStatus: 'not_required', price: 0, holdExpiresAt: null };

/** Without a free consultation: a doctor of price 0 costs nothing; otherwise the patient pays, holding the time until `hold`. */
export function termsForPrice(price: number, hold: Date): PaymentTerms {
  if (price === 0) return { paymentType: 'None', paymentStatus: 'not_required', price: 0, holdExpiresAt: null };
  return { paymentType: 'Patient', paymentStatus: 'pending', price, holdExpiresAt: hold };
}

/**
 * A new doctor keeps the payment type. A paid consultation moves only to a doctor of the same price; an unpaid one
 * takes the new price (a payment started for the old amount is refunded when it arrives); Other is invoiced at the
 * new price; ADRA stays free. A patient moving a price-0 (None) booking to a paid doctor pays, with a new hold.
 */
export function termsAfterDoctorChange(actor: Actor, row: AppointmentState, price: number, now: Date): PaymentTerms {
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
      return { ...current, price };
    case 'None':
      if (actor.user.role === 'patient' && price > 0) {
        return { paymentType: 'Patient', paymentStatus: 'pending', price, holdExpiresAt: holdUntil(now) };
      }
      return current;
    case 'Patient':
      if (row.paymentStatus === 'paid' || row.paymentStatus === 'refunded') {
        if (price !== row.price) {
          throw validationError(
            'body.appointment_doctorId',
            'A paid consultation moves only to a specialist with the same price; cancel it and book again',
          );
        }
        return current;
      }
      return { ...current, price };
  }
}

// ---- changes ---------------------------------------------------------------------------------------------

export function assertOpen(row: Pick<AppointmentState, 'status'>): void {
  if (!isPendingStatus(row.status))
    throw new AppError('APPOINTMENT_CLOSED', 'This appointment is completed or cancelled and cannot change');
}

/** Patients change or cancel until 2 hours before the start; operators and admins at any time. */
export function assertPatientInTime(actor: Actor, row: Pick<AppointmentState, 'status' | 'startsAt'>, now: Date): void {
  if (isStaff(actor.user.role)) return;
  if (row.status === 'running' || now.getTime() > row.startsAt.getTime() - PATIENT_CHANGE_LIMIT_MINUTES * MINUTE) {
    throw new AppError(
      'APPOINTMENT_CHANGE_TOO_LATE',
      `Appointments can be changed until ${PATIENT_CHANGE_LIMIT_MINUTES / 60} hours before the start; ask an operator`,
    );
  }
}

/** Moving to another time or doctor: in time for the patient, and never a consultation under way. */
export function assertMovable(actor: Actor, row: Pick<AppointmentState, 'status' | 'startsAt'>, now: Date): void {
  assertPatientInTime(actor, row, now);
  if (row.status === 'running') throw new AppError('APPOINTMENT_CHANGE_TOO_LATE', 'A consultation under way cannot be moved');
}

/** A `PUT` changes the status alone (with a note when completing), or moves and edits. */
export function assertModifyRequest(body: UpdateAppointmentBody): void {
  const moves = body.appointment_date !== undefined || body.appointment_doctorId !== undefined;
  const edits = body.appointment_reason !== undefined || body.appointment_phone !== undefined;
  if (body.appointment_status && (moves || edits))
    throw validationError('body.appointment_status', 'Change the status alone (with a note when completing)');
  if (body.appointment_note !== undefined && body.appointment_status !== 'completed')
    throw validationError('body.appointment_note', 'A note is written when completing');
  if (body.appointment_advice !== undefined && body.appointment_status !== 'completed')
    throw validationError('body.appointment_advice', 'Advice is written when completing');
}

/** Who cancelled, as the appointment records it. */
export const cancelledByRole = (role: Role): CancellationReason =>
  role === 'admin' ? 'admin' : role === 'operator' ? 'operator' : role === 'doctor' ? 'doctor' : 'patient';

/**
 * A paid appointment is refunded when anyone but the patient cancels it; when the patient does (or removes the
 * account), only more than 24 hours ahead.
 */
export function refundsOnCancel(row: Pick<AppointmentState, 'paymentStatus' | 'startsAt'>, by: CancellationReason, at: Date): boolean {
  if (row.paymentStatus !== 'paid') return false;
  const byPatient = by === 'patient' || by === 'account-removed';
  const earlyEnough = row.startsAt.getTime() - at.getTime() > PATIENT_REFUND_LIMIT_HOURS * HOUR;
  return !byPatient || earlyEnough;
}

/** Only the doctor of it (or an admin) completes a consultation, once it has started. */
export function assertMayComplete(actor: Actor, row: Pick<AppointmentState, 'doctorId'>): void {
  if (!isDoctorOf(actor, row) && actor.user.role !== 'admin') throw forbidden('Only the doctor of the appointment completes it');
}

export function assertStarted(row: Pick<AppointmentState, 'startsAt'>, now: Date): void {
  if (now < row.startsAt) throw new AppError('MEETING_NOT_OPEN', 'A consultation is completed once it has started');
}

/** A doctor cancels or completes its appointments; moving and editing are for the patient of it and staff. */
export function assertMayMove(actor: Actor): void {
  if (actor.user.role === 'doctor') throw forbidden('A doctor may cancel or complete its appointments, not move or edit them');
}

// ---- the meeting -------------------------------------------------------------------------------------------

export function assertMayJoin(actor: Actor, row: Pick<AppointmentState, 'doctorId' | 'patientId'>): void {
  if (!isPatientOf(actor, row) && !isDoctorOf(actor, row))
    throw forbidden('Only the patient and the doctor of the appointment join its meeting');
}

/** The meeting is open from 10 minutes before the start until the end, and for a Patient-type booking once it is paid. */
export function assertMeetingOpen(row: AppointmentState, now: Date): void {
  assertOpen(row);
  const closed = whyMeetingClosed(row, now);
  if (closed) throw new AppError('MEETING_NOT_OPEN', closed);
}

/** Why a pending consultation's room cannot be entered now; undefined when it can. */
export function whyMeetingClosed(row: AppointmentState, now: Date): string | undefined {
  const at = now.getTime();
  if (at < row.startsAt.getTime() - JOIN_OPENS_MINUTES * MINUTE || at >= row.endsAt.getTime()) {
    return `The meeting opens ${JOIN_OPENS_MINUTES} minutes before the start and closes at the end`;
  }
  if (row.paymentType === 'Patient' && row.paymentStatus !== 'paid') return 'The meeting opens once the consultation is paid';
  return undefined;
}

// ---- timed work ------------------------------------------------------------------------------------------

/** An unpaid Patient-type booking whose hold ran out: the server cancels it. */
export function holdHasRunOut(row: AppointmentState, now: Date): boolean {
  const unpaid = row.paymentType === 'Patient' && (row.paymentStatus === 'pending' || row.paymentStatus === 'failed');
  return row.status === 'scheduled' && unpaid && row.holdExpiresAt !== null && row.holdExpiresAt <= now;
}

/** A reminder goes while the appointment is scheduled at the time it was planned for, and paid when the patient pays. */
export function remindsOf(row: AppointmentState, plannedStart: string): boolean {
  if (row.status !== 'scheduled' || row.startsAt.toISOString() !== plannedStart) return false;
  return !(row.paymentType === 'Patient' && row.paymentStatus !== 'paid');
}

/** When a pending appointment nobody completed is closed. */
export const closesAt = (row: Pick<AppointmentState, 'endsAt'>) => new Date(row.endsAt.getTime() + CLOSE_AFTER_END_MS);
