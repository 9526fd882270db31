import type { AppointmentPayment } from '@rozmova/contracts';
import { describe, expect, it } from 'vitest';
import { canRetry, paymentOutcome, paymentPlan } from './payment-plan.ts';

describe('paymentPlan (step 4)', () => {
  it('keeps the payment of a moved appointment', () => {
    expect(paymentPlan({ moving: true, freeConsultations: 2, price: 100_000 })).toBe('move');
  });

  it('books free with free consultations left (ADRA), else by the price', () => {
    expect(paymentPlan({ moving: false, freeConsultations: 1, price: 100_000 })).toBe('free');
    expect(paymentPlan({ moving: false, freeConsultations: 0, price: 100_000 })).toBe('pay');
    expect(paymentPlan({ moving: false, freeConsultations: 0, price: 0 })).toBe('no-charge');
  });
});

const payment = (patch: Partial<AppointmentPayment>): AppointmentPayment => ({
  appointment_id: 'a',
  appointment_status: 'scheduled',
  appointment_paymentType: 'Patient',
  appointment_paymentStatus: 'pending',
  amount: 100_000,
  provider: 'sandbox',
  hold_expires_at: '2026-03-12T12:15:00Z',
  ...patch,
});

describe('the payment result', () => {
  it('tells paid, failed, pending, released and refunded apart', () => {
    expect(paymentOutcome(payment({ appointment_paymentStatus: 'paid' }))).toBe('paid');
    expect(paymentOutcome(payment({ appointment_paymentStatus: 'failed' }))).toBe('failed');
    expect(paymentOutcome(payment({}))).toBe('pending');
    expect(paymentOutcome(payment({ appointment_status: 'canceled' }))).toBe('released');
    expect(paymentOutcome(payment({ appointment_status: 'canceled', appointment_paymentStatus: 'failed' }))).toBe('released');
    expect(paymentOutcome(payment({ appointment_status: 'canceled', appointment_paymentStatus: 'refunded' }))).toBe('refunded');
    expect(paymentOutcome(payment({ appointment_paymentStatus: 'not_required', appointment_paymentType: 'ADRA' }))).toBe('not-required');
  });

  it('offers to try again while the hold lasts', () => {
    const failed = payment({ appointment_paymentStatus: 'failed' });
    expect(canRetry(failed, Date.parse('2026-03-12T12:14:59Z'))).toBe(true);
    expect(canRetry(failed, Date.parse('2026-03-12T12:15:00Z'))).toBe(false);
    expect(canRetry({ ...failed, appointment_status: 'canceled' }, Date.parse('2026-03-12T12:00:00Z'))).toBe(false);
  });
});
