import { randomUUID } from 'node:crypto';
import type { Checkout } from '@rozmova/contracts';
import type { AccountRow } from '../../../db/rows.ts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import type { PayableAppointment } from '../../appointments/appointments.mapping.ts';
import { insertPayment, latestPaymentOfAppointment } from '../payments.repository.ts';
import type { PaymentsContext } from './context.ts';

const mayPayFor = (appointment: PayableAppointment, now: Date) =>
  appointment.status === 'scheduled' &&
  appointment.paymentType === 'Patient' &&
  (appointment.paymentStatus === 'pending' || appointment.paymentStatus === 'failed') &&
  appointment.holdExpiresAt !== null &&
  appointment.holdExpiresAt > now;

/** `POST /v1/payments/checkout`: the patient of a held, unpaid appointment starts (or resumes) paying for it. */
export async function startCheckout(ctx: PaymentsContext, actor: AccountRow, appointmentId: string): Promise<Checkout> {
  const active = ctx.active;
  const appointment = await ctx.appointments.get(appointmentId);
  if (!appointment || appointment.patientId !== actor.patientId) throw notFound('Appointment');
  if (!mayPayFor(appointment, ctx.clock.now())) {
    throw new AppError('PAYMENT_NOT_PAYABLE', 'There is nothing to pay for this appointment: it is free, paid already, or no longer held');
  }
  const latest = await latestPaymentOfAppointment(ctx.db, appointmentId);
  const payment =
    latest && latest.status === 'pending' && latest.provider === active && latest.amount === appointment.price
      ? latest
      : await (async () => {
          const id = randomUUID();
          return insertPayment(ctx.db, { id, appointmentId, provider: active, orderId: id, amount: appointment.price });
        })();
  const locale = actor.user.locale;
  const target = ctx.providerOf(active).checkout({
    paymentId: payment.id,
    orderId: payment.orderId,
    amount: payment.amount,
    description: ctx.description(locale),
    resultUrl: ctx.resultUrl(appointmentId),
    serverUrl: `${ctx.publicUrl}/v1/payments/callback/${active}`,
    language: locale,
  });
  return { payment_id: payment.id, provider: active, amount: payment.amount, currency: 'UAH', checkout: target };
}
