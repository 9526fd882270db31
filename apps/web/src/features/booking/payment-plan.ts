import type { AppointmentPayment } from '@rozmova/contracts';

/**
 * What step 4 offers (docs/product.md §4): moving the current appointment keeps its payment; a patient with
 * free consultations books free (ADRA); a doctor without a price needs no payment; otherwise the patient pays.
 */
export type PaymentPlan = 'move' | 'free' | 'no-charge' | 'pay';

export function paymentPlan({
  moving,
  freeConsultations,
  price,
}: {
  moving: boolean;
  freeConsultations: number;
  price: number;
}): PaymentPlan {
  if (moving) return 'move';
  if (freeConsultations > 0) return 'free';
  return price > 0 ? 'pay' : 'no-charge';
}

/** How many times a payment the provider has not answered yet is read again, and how often. */
export const PENDING_READS = 6;
export const PENDING_INTERVAL_MS = 2000;

export type PaymentOutcome = 'paid' | 'failed' | 'pending' | 'released' | 'refunded' | 'not-required';

/** What the payment of an appointment came to, as /user/payment-success tells it. */
export function paymentOutcome(payment: AppointmentPayment): PaymentOutcome {
  if (payment.appointment_paymentStatus === 'paid') return 'paid';
  if (payment.appointment_paymentStatus === 'refunded') return 'refunded';
  if (payment.appointment_status === 'canceled') return 'released';
  if (payment.appointment_paymentStatus === 'not_required') return 'not-required';
  return payment.appointment_paymentStatus === 'failed' ? 'failed' : 'pending';
}

/** A failed payment can be tried again while the time is still held. */
export const canRetry = (payment: AppointmentPayment, now: number) =>
  payment.appointment_status === 'scheduled' && (payment.hold_expires_at === null || Date.parse(payment.hold_expires_at) > now);
