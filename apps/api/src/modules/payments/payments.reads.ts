import { paymentPaths, type AppointmentPayment, type Locale, type Receipt } from '@rozmova/contracts';
import type { AccountRow } from '../../db/rows.ts';
import { notFound } from '../../lib/app-error.ts';
import type { PayableAppointment } from '../appointments/appointments.mapping.ts';
import type { PaymentsContext } from './commands/context.ts';
import { findPayment, latestPaymentOfAppointment, paidPaymentOfAppointment } from './payments.repository.ts';
import { receivedOf } from './payments.rules.ts';
import { renderSandboxPage } from './payments.sandbox-page.ts';

/** Reading payments: the sandbox's checkout page, an appointment's payment, the receipt. */
export function createPaymentReads(ctx: PaymentsContext) {
  const { db, sandbox } = ctx;

  async function visibleAppointment(actor: AccountRow, appointmentId: string): Promise<PayableAppointment> {
    const appointment = await ctx.appointments.get(appointmentId);
    const role = actor.user.role;
    const visible =
      appointment !== undefined &&
      (appointment.patientId === actor.patientId || appointment.doctorUserId === actor.user.id || role === 'operator' || role === 'admin');
    if (!visible) throw notFound('Appointment');
    return appointment;
  }

  return {
    /** The sandbox's checkout page (HTML) of a payment; 404 unless it is a sandbox payment and the sandbox is configured. */
    async sandboxPage(paymentId: string, locale: Locale): Promise<string> {
      const payment = sandbox ? await findPayment(db, paymentId) : undefined;
      if (!sandbox || !payment || payment.provider !== 'sandbox') throw notFound('Payment');
      const appointment = await ctx.appointments.get(payment.appointmentId);
      if (!appointment) throw notFound('Payment');
      const signed = async (status: 'success' | 'failure') =>
        sandbox.signedCallback({
          orderId: payment.orderId,
          paymentId: payment.id,
          amount: payment.amount,
          description: ctx.description(locale),
          status,
        });
      const open = payment.status === 'pending' || payment.status === 'failure';
      return renderSandboxPage({
        locale,
        amount: payment.amount,
        doctorName: appointment.doctorName,
        startsAt: appointment.startsAt,
        paymentStatus: payment.status,
        resultUrl: ctx.resultPath(appointment.id),
        callbackPath: paymentPaths.callback.replace(':provider', 'sandbox'),
        pay: open ? await signed('success') : undefined,
        decline: open ? await signed('failure') : undefined,
      });
    },

    /** `GET /v1/payments/appointment/:id`: what the payment of an appointment came to (its patient, its doctor, staff). */
    async ofAppointment(actor: AccountRow, appointmentId: string): Promise<AppointmentPayment> {
      const appointment = await visibleAppointment(actor, appointmentId);
      const latest = await latestPaymentOfAppointment(db, appointmentId);
      return {
        appointment_id: appointment.id,
        appointment_status: appointment.status,
        appointment_paymentType: appointment.paymentType,
        appointment_paymentStatus: appointment.paymentStatus,
        amount: appointment.price,
        provider: latest?.provider ?? null,
        hold_expires_at: appointment.holdExpiresAt?.toISOString() ?? null,
      };
    },

    /** `GET /v1/payments/appointment/:id/receipt`: only the patient who paid, only for a payment that stands. */
    async receipt(actor: AccountRow, appointmentId: string): Promise<Receipt> {
      const appointment = await ctx.appointments.get(appointmentId);
      const payment = appointment?.patientId === actor.patientId ? await paidPaymentOfAppointment(db, appointmentId) : undefined;
      if (!appointment || !payment) throw notFound('Receipt');
      const received = receivedOf(payment);
      return {
        payment_id: payment.id,
        appointment_id: appointment.id,
        amount: received.amount,
        currency: received.currency,
        provider: payment.provider,
        paid_at: payment.paidAt!.toISOString(),
        appointment_date: appointment.startsAt.toISOString(),
        doctor_name: appointment.doctorName,
        patient_name: actor.user.userName,
      };
    },
  };
}
