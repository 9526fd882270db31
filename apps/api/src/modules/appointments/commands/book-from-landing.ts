import type { Appointment, CreateAppointmentFromLandingBody } from '@rozmova/contracts';
import type { UserRow } from '../../../db/rows.ts';
import { AppError, forbidden } from '../../../lib/app-error.ts';
import { refusingOverlaps } from '../appointments.changes.ts';
import { CREATE_REQUIRES_IDS, HOUR, type Actor } from '../appointments.policy.ts';
import { findPatientIdOfUser } from '../appointments.repository.ts';
import { bookInTx } from './book.ts';
import { answer, type AppointmentsContext } from './context.ts';

/** One answer for every account, so it tells nothing of its password or verification. */
const emailHasAccount = () =>
  new AppError(
    'EMAIL_TAKEN',
    'An account with this e-mail exists: sign in to book, or set a new password with "Forgot password?" (a code goes to this e-mail)',
  );

/**
 * `POST /v1/appointments/from-landing`: a visitor books with an e-mail; a new passwordless patient account and the
 * booking are made in one transaction. At most `landingBookingsPerHour` from one client address (counted before
 * anything else, atomically; a booking that failed for another reason than the e-mail is not counted). An e-mail that
 * already has an account is refused with one answer, whatever the account (password or not, e-mail verified or not):
 * its owner signs in, or sets a password through recovery, and books from the cabinet. So nobody gets a session for an
 * account by knowing its e-mail. The caller starts the session.
 */
export async function bookFromLanding(
  ctx: AppointmentsContext,
  body: CreateAppointmentFromLandingBody,
  clientAddress: string,
): Promise<{ user: UserRow; appointment: Appointment }> {
  const { accounts, doctors } = ctx;
  const dto = body.appointmentDto;
  if (!dto.appointment_doctorId) throw new AppError('VALIDATION_FAILED', CREATE_REQUIRES_IDS);
  if (dto.appointment_urgent) throw forbidden('Only operators and admins book urgent consultations');
  const attempt = await ctx.rateLimit.consume(`landing-booking-ip:${clientAddress}`, { max: ctx.landingBookingsPerHour, windowMs: HOUR });
  try {
    if (await accounts.findByEmail(body.email)) throw emailHasAccount();
    const profile = await doctors.getBookingProfile(dto.appointment_doctorId);
    const start = new Date(dto.appointment_date);
    doctors.checkBookable(profile, start);
    const { user, booked } = await refusingOverlaps(() =>
      ctx.db.transaction(async (tx) => {
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
        return { user, booked: await bookInTx(ctx, tx, { actor, patientId, body: booking, profile, start }, true) };
      }),
    );
    return { user, appointment: answer(ctx, booked.view, user.id) };
  } catch (error) {
    // Asking about e-mails that have accounts stays counted; the account may also have been made meanwhile.
    if (error instanceof AppError && error.code === 'EMAIL_TAKEN') throw emailHasAccount();
    await attempt.release();
    throw error;
  }
}
