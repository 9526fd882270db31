import type { CancellationReason, CreateAppointmentBody } from '@rozmova/contracts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { DoctorBookingProfile, DoctorsService } from '../doctors/doctors.service.ts';
import type { PatientsService } from '../patients/patients.service.ts';
import type { DomainEvents } from '../jobs/domain-events.ts';
import type { TimedWork } from './appointments.jobs.ts';
import {
  assertMovable,
  assertOpen,
  freeConsultationTerms,
  holdOfNewBooking,
  isStaff,
  refundsOnCancel,
  staffChosenTerms,
  termsAfterDoctorChange,
  termsForPrice,
  type Actor,
  type PaymentTerms,
} from './appointments.policy.ts';
import {
  insertAppointment,
  lockPatientBookings,
  lockPendingOfPatient,
  updateAppointment,
  type AppointmentRow,
  type NewAppointment,
} from './appointments.repository.ts';

/** The database refused the time: another scheduled or running appointment of the doctor overlaps (`appointments_doctor_time_free`). */
const slotTaken = () => new AppError('APPOINTMENT_SLOT_TAKEN', 'This time has just been booked by someone else; choose another');

function pgErrorCode(error: unknown): string | undefined {
  const e = error as { code?: unknown; cause?: { code?: unknown } } | undefined;
  const code = e?.code ?? e?.cause?.code;
  return typeof code === 'string' ? code : undefined;
}

/** Runs a transaction that may insert or move an appointment; the database's refusal of an overlap becomes a 409. */
export async function refusingOverlaps<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (pgErrorCode(error) === '23P01') throw slotTaken();
    throw error;
  }
}

/** A booking as checked before its transaction: who books for which patient, what, with which doctor, when. */
export interface Booking {
  actor: Actor;
  patientId: string;
  body: CreateAppointmentBody;
  profile: DoctorBookingProfile;
  start: Date;
}

export interface Placed {
  id: string;
  created: boolean;
  previousDoctorId?: string;
  moved: boolean;
}

interface Move {
  start?: Date;
  urgent?: boolean;
  doctorId?: string;
  reason?: string;
  phone?: string;
}

/**
 * The state changes of an appointment, each inside a transaction of the caller that locked what it changes: placing a
 * booking, moving, cancelling, closing one that is over. They apply the policy and keep the timed work in step; the
 * caller decides who hears of it.
 */
export function createAppointmentChanges(deps: {
  clock: Clock;
  doctors: Pick<DoctorsService, 'getBookingProfile' | 'checkBookable'>;
  patients: Pick<PatientsService, 'takeFreeConsultation' | 'giveBackFreeConsultation'>;
  events: Pick<DomainEvents, 'publish'>;
  timed: TimedWork;
}) {
  const { doctors, patients, events, timed } = deps;
  const now = () => deps.clock.now();

  /** Decides who pays for a new booking; a free consultation is used up here, in the booking's transaction. */
  async function termsOfNewBooking(tx: Db, actor: Actor, patientId: string, profile: DoctorBookingProfile, body: CreateAppointmentBody) {
    const chosen = staffChosenTerms(actor, body.appointment_paymentType, profile.price);
    if (chosen) return chosen;
    if (await patients.takeFreeConsultation(patientId, tx)) return freeConsultationTerms;
    return termsForPrice(profile.price, holdOfNewBooking(actor, new Date(body.appointment_date), now()));
  }

  /** Moves (and/or edits) a pending appointment; the caller locked it. Answers whether the time or doctor changed. */
  async function moveInTx(tx: Db, actor: Actor, row: AppointmentRow, move: Move) {
    assertOpen(row);
    const doctorId = move.doctorId ?? row.doctorId;
    const start = move.start ?? row.startsAt;
    const moved = doctorId !== row.doctorId || start.getTime() !== row.startsAt.getTime();
    const changes: Partial<NewAppointment> = {};
    if (move.reason !== undefined) changes.reason = move.reason === '' ? null : move.reason;
    if (move.phone !== undefined) changes.phone = move.phone;
    if (moved) {
      assertMovable(actor, row, now());
      const profile = await doctors.getBookingProfile(doctorId, tx);
      const { endsAt, blockedUntil } = doctors.checkBookable(profile, start, move.urgent);
      if (move.urgent !== undefined) changes.urgent = move.urgent;
      const terms: PaymentTerms | undefined =
        doctorId !== row.doctorId ? termsAfterDoctorChange(actor, row, profile.price, now()) : undefined;
      Object.assign(changes, { doctorId, startsAt: start, endsAt, blockedUntil }, terms ?? {});
    }
    const updated = await updateAppointment(tx, row.id, changes, now());
    if (moved) {
      await timed.plan(tx, updated);
      if (updated.holdExpiresAt && !row.holdExpiresAt) await timed.planHold(tx, updated);
    }
    return { moved, previousDoctorId: row.doctorId, row: updated };
  }

  /**
   * Cancels a pending appointment the caller locked: the hold and reminders go, a free consultation comes back, and
   * `appointment.cancelled` tells payments whether the rules give the money back. Answers whether they do.
   */
  async function cancelInTx(tx: Db, row: AppointmentRow, by: CancellationReason): Promise<{ refund: boolean; row: AppointmentRow }> {
    const at = now();
    const updated = await updateAppointment(tx, row.id, { status: 'canceled', cancelledBy: by, cancelledAt: at, holdExpiresAt: null }, at);
    await timed.drop(tx, row.id);
    if (row.paymentType === 'ADRA') await patients.giveBackFreeConsultation(row.patientId, tx);
    const refund = refundsOnCancel(row, by, at);
    await events.publish(tx, 'appointment.cancelled', row.id, { appointmentId: row.id, refund });
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
      await events.publish(tx, 'appointment.cancelled', row.id, { appointmentId: row.id, refund: false });
    }
    await timed.drop(tx, row.id);
    return true;
  }

  /** Books for a patient, or moves its pending appointment (one per patient, under the patient's lock). */
  async function placeInTx(tx: Db, { actor, patientId, body, profile, start }: Booking): Promise<Placed> {
    await lockPatientBookings(tx, patientId);
    const existing = await lockPendingOfPatient(tx, patientId);
    if (existing && !(await closeIfOver(tx, existing))) {
      const { moved, previousDoctorId } = await moveInTx(tx, actor, existing, {
        start,
        urgent: body.appointment_urgent === true,
        doctorId: profile.userId,
        reason: body.appointment_reason,
        phone: body.appointment_phone,
      });
      return { id: existing.id, created: false, moved, previousDoctorId };
    }
    const urgent = body.appointment_urgent === true;
    const { endsAt, blockedUntil } = doctors.checkBookable(profile, start, urgent);
    const terms = await termsOfNewBooking(tx, actor, patientId, profile, body);
    const row = await insertAppointment(tx, {
      doctorId: profile.userId,
      patientId,
      status: 'scheduled',
      startsAt: start,
      endsAt,
      blockedUntil,
      reason: body.appointment_reason || null,
      phone: body.appointment_phone ?? null,
      urgent,
      bookedBy: isStaff(actor.user.role) ? actor.user.id : null,
      createdAt: now(),
      updatedAt: now(),
      ...terms,
    });
    if (row.holdExpiresAt) await timed.planHold(tx, row);
    await timed.plan(tx, row);
    return { id: row.id, created: true, moved: false };
  }

  return { moveInTx, cancelInTx, closeIfOver, placeInTx };
}

export type AppointmentChanges = ReturnType<typeof createAppointmentChanges>;
