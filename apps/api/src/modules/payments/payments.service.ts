import type { PaymentCallbackBody, PaymentProvider } from '@rozmova/contracts';
import type { Db } from '../../db/client.ts';
import type { AccountRow } from '../../db/rows.ts';
import { handleCallback } from './commands/callback.ts';
import { startCheckout } from './commands/checkout.ts';
import { createPaymentsContext, type PaymentsDeps } from './commands/context.ts';
import { PAYMENT_REFUND_JOB, refundPayment, scheduleRefund } from './commands/refund.ts';
import { createPaymentReads } from './payments.reads.ts';
import { successfulPaymentsOfAppointment } from './payments.repository.ts';

/** Payments: checkouts with the configured provider, its signed callbacks, refunds through the job queue, receipts. */
export function createPaymentsService(deps: PaymentsDeps) {
  const ctx = createPaymentsContext(deps);
  const refund = (paymentId: string) => refundPayment(ctx, paymentId);
  deps.jobs.register(PAYMENT_REFUND_JOB, async (payload: { paymentId: string }) => refund(payload.paymentId));

  // A cancelled appointment's money goes back when the rules say so: each successful payment is refunded (a run cut
  // short runs again, and a payment refunded already is left alone).
  deps.events.subscribe('appointment.cancelled', 'payments', async ({ appointmentId, refund: refunds }) => {
    if (!refunds) return;
    for (const payment of await successfulPaymentsOfAppointment(deps.db, appointmentId)) await refund(payment.id);
  });

  return {
    /** The provider new checkouts use. */
    provider: ctx.active,
    ...createPaymentReads(ctx),
    startCheckout: (actor: AccountRow, appointmentId: string) => startCheckout(ctx, actor, appointmentId),
    handleCallback: (providerName: PaymentProvider, body: PaymentCallbackBody) => handleCallback(ctx, providerName, body),
    refundPayment: refund,
    scheduleRefund: (paymentId: string, tx: Db) => scheduleRefund(ctx, paymentId, tx),
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
