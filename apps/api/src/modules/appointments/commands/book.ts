import type { Appointment, CreateAppointmentBody } from '@rozmova/contracts';
import type { Db } from '../../../db/client.ts';
import { notFound } from '../../../lib/app-error.ts';
import { refusingOverlaps, type Booking, type Placed } from '../appointments.changes.ts';
import { assertBookingRequest, type Actor } from '../appointments.policy.ts';
import { findPatientUser, type AppointmentView } from '../appointments.repository.ts';
import { answer, viewOf, type AppointmentsContext } from './context.ts';

/** Books for a patient, or modifies its pending appointment (docs/product.md §4), in the caller's transaction with its notices. */
export async function bookInTx(
  ctx: AppointmentsContext,
  tx: Db,
  booking: Booking,
  fromLanding = false,
): Promise<Placed & { view: AppointmentView }> {
  const booked = await ctx.changes.placeInTx(tx, booking);
  const view = await viewOf(tx, booked.id);
  if (booked.created) await ctx.announce.created(tx, view, fromLanding);
  else if (booked.moved) await ctx.announce.moved(tx, view, booked.previousDoctorId!);
  return { ...booked, view };
}

/**
 * `POST /v1/appointments`: books, or modifies the patient's pending appointment (`created: false`). The checks that do
 * not need the transaction come first: ids given, who books for whom, the doctor and the time. Patients do not choose
 * how they pay: the rules decide (free consultations, the doctor's price).
 */
export async function bookAppointment(
  ctx: AppointmentsContext,
  actor: Actor,
  body: CreateAppointmentBody,
): Promise<{ appointment: Appointment; created: boolean }> {
  assertBookingRequest(actor, body);
  const patientId = body.appointment_patientId!;
  const patient = await findPatientUser(ctx.db, patientId);
  if (!patient || !patient.active) throw notFound('Patient');
  const profile = await ctx.doctors.getBookingProfile(body.appointment_doctorId!);
  const start = new Date(body.appointment_date);
  ctx.doctors.checkBookable(profile, start, body.appointment_urgent === true);
  const booked = await refusingOverlaps(() => ctx.db.transaction((tx) => bookInTx(ctx, tx, { actor, patientId, body, profile, start })));
  if (booked.moved) ctx.changed(booked.view, booked.previousDoctorId);
  return { appointment: answer(ctx, booked.view, actor.user.id), created: booked.created };
}
