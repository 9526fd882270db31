import type { Db } from '../../../db/client.ts';
import type { AfterCommit } from '../../accounts/accounts.service.ts';
import { lockPayment, updatePayment } from '../payments.repository.ts';
import { receivedOf } from '../payments.rules.ts';
import type { PaymentsContext } from './context.ts';

export const PAYMENT_REFUND_JOB = 'payment.refund';
const refundKey = (paymentId: string) => `payment-refund:${paymentId}`;

/** Schedules the refund of one successful payment in the caller's transaction; the job queue runs it. */
export const scheduleRefund = (ctx: Pick<PaymentsContext, 'jobs' | 'clock'>, paymentId: string, tx: Db) =>
  ctx.jobs.schedule({ kind: PAYMENT_REFUND_JOB, key: refundKey(paymentId), runAt: ctx.clock.now(), payload: { paymentId } }, tx);

/**
 * Gives a successful payment back: exactly what the provider received. The payment row stays locked while the
 * provider is asked, so two runs can never refund it twice; a provider failure rolls back and the job queue tries
 * again.
 */
export async function refundPayment(ctx: PaymentsContext, paymentId: string): Promise<void> {
  let afters: AfterCommit[] = [];
  await ctx.db.transaction(async (tx) => {
    const payment = await lockPayment(tx, paymentId);
    if (!payment || payment.status !== 'success') return;
    await ctx.providerOf(payment.provider).refund({ orderId: payment.orderId, amount: receivedOf(payment).amount });
    const now = ctx.clock.now();
    await updatePayment(tx, payment.id, { status: 'refunded', refundedAt: now }, now);
    const appointment = await ctx.appointments.get(payment.appointmentId, tx, true);
    if (appointment) afters = await ctx.follow(tx, appointment);
  });
  await ctx.runAfter(afters);
}
