import type { PaymentCallbackBody, PaymentProvider } from '@rozmova/contracts';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import { sha256 } from '../../../lib/crypto.ts';
import type { AfterCommit } from '../../accounts/accounts.service.ts';
import { lockPaymentByOrder, recordCallback, updatePayment, type PaymentRow } from '../payments.repository.ts';
import { isFullPrice, isPending } from '../payments.rules.ts';
import type { ProviderCallback } from '../providers/provider.ts';
import type { PaymentsContext } from './context.ts';
import { scheduleRefund } from './refund.ts';

/**
 * Applies a verified callback of a known payment in the callback's transaction. A payment only moves forward
 * (pending → failure → success → refunded), so a late or repeated callback cannot undo a later one.
 */
async function settle(ctx: PaymentsContext, tx: Db, payment: PaymentRow, callback: ProviderCallback): Promise<AfterCommit[]> {
  const now = ctx.clock.now();
  const appointment = await ctx.appointments.get(payment.appointmentId, tx, true);
  const received = callback.amount === undefined ? {} : { receivedAmount: callback.amount, receivedCurrency: callback.currency ?? null };
  switch (callback.outcome) {
    case 'success': {
      if (payment.status !== 'pending' && payment.status !== 'failure') return [];
      // Taken as the appointment's payment only when it is still awaited and this is its price in UAH; otherwise
      // (too late, paid twice, another amount or currency) the money goes back.
      const taken =
        appointment !== undefined &&
        isPending(appointment.status) &&
        appointment.paymentType === 'Patient' &&
        (appointment.paymentStatus === 'pending' || appointment.paymentStatus === 'failed') &&
        isFullPrice({ amount: callback.amount, currency: callback.currency }, appointment.price);
      const providerPaymentId = callback.providerPaymentId ?? null;
      await updatePayment(tx, payment.id, { status: 'success', paidAt: taken ? now : null, providerPaymentId, ...received }, now);
      if (!taken) await scheduleRefund(ctx, payment.id, tx);
      break;
    }
    case 'failure':
      if (payment.status !== 'pending') return [];
      await updatePayment(tx, payment.id, { status: 'failure' }, now);
      break;
    case 'reversed':
      // The provider gave the money back (our refund, or one made in its cabinet), even before we heard of the
      // success; what the success reported as received stays.
      if (payment.status === 'refunded') return [];
      await updatePayment(
        tx,
        payment.id,
        { status: 'refunded', refundedAt: now, ...(payment.receivedAmount === null ? received : {}) },
        now,
      );
      break;
    default:
      return [];
  }
  return appointment ? ctx.follow(tx, appointment) : [];
}

/**
 * A provider's server callback. Only a valid signature is acted on (else 400 PAYMENT_SIGNATURE_INVALID, nothing
 * changes); the same data twice is a replay and changes nothing either.
 */
export async function handleCallback(
  ctx: PaymentsContext,
  providerName: PaymentProvider,
  body: PaymentCallbackBody,
): Promise<{ result: 'accepted' | 'replayed' | 'ignored'; appointmentId: string | null }> {
  const provider = ctx.providerOf(providerName);
  if (!(await provider.verify(body.data, body.signature))) {
    throw new AppError('PAYMENT_SIGNATURE_INVALID', 'The payment callback is not signed by the provider');
  }
  const callback = provider.parse(body.data);
  if (!callback) return { result: 'ignored', appointmentId: null };
  let afters: AfterCommit[] = [];
  const outcome = await ctx.db.transaction(async (tx) => {
    const payment = await lockPaymentByOrder(tx, providerName, callback.orderId);
    const fresh = await recordCallback(tx, {
      provider: providerName,
      dataHash: sha256(`${providerName}:${body.data}`),
      paymentId: payment?.id ?? null,
      providerStatus: callback.status,
    });
    if (!payment) return { result: 'ignored' as const, appointmentId: null };
    if (!fresh) return { result: 'replayed' as const, appointmentId: payment.appointmentId };
    afters = await settle(ctx, tx, payment, callback);
    return { result: 'accepted' as const, appointmentId: payment.appointmentId };
  });
  await ctx.runAfter(afters);
  return outcome;
}
