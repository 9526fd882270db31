import { pendingAppointmentStatuses, type AppointmentStatus } from '@rozmova/contracts';
import type { PaymentRow } from './payments.repository.ts';

export const isPending = (status: AppointmentStatus) => (pendingAppointmentStatuses as readonly string[]).includes(status);

/** What the provider reported as received; rows from before it was recorded received what they asked. */
export const receivedOf = (payment: PaymentRow) => ({
  amount: payment.receivedAmount ?? payment.amount,
  currency: payment.receivedCurrency ?? 'UAH',
});
export const isFullPrice = (received: { amount?: number; currency?: string | null }, price: number) =>
  received.amount === price && received.currency === 'UAH';

/**
 * The appointment's payment state, derived from its payments alone so that every order of callbacks ends the same:
 * paid while a payment taken as its payment (`paidAt`) stands; refunded when its price came in and went back;
 * failed after a declined attempt; else pending.
 */
export function appointmentPaymentStatus(price: number, rows: PaymentRow[]): 'paid' | 'refunded' | 'failed' | 'pending' {
  if (rows.some((row) => row.status === 'success' && row.paidAt !== null)) return 'paid';
  if (rows.some((row) => row.status === 'refunded' && isFullPrice(receivedOf(row), price))) return 'refunded';
  if (rows.some((row) => row.status === 'failure')) return 'failed';
  return 'pending';
}
