import { describe, expect, it } from 'vitest';
import { cancelTerms, canChange, countdownParts, sessionTiming, tickInterval } from './session.ts';

const MINUTE = 60_000;
const start = Date.parse('2026-03-12T14:00:00+02:00');
const appointment = { appointment_date: '2026-03-12T14:00:00+02:00', appointment_endDate: '2026-03-12T14:50:00+02:00' };

describe('countdown', () => {
  it('splits a span into days, hours, minutes and seconds', () => {
    expect(countdownParts(((2 * 24 + 3) * 60 + 4) * MINUTE + 5000)).toEqual({ days: 2, hours: 3, minutes: 4, seconds: 5 });
    expect(countdownParts(-5000)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
    expect(countdownParts(999)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });

  it('redraws every second in the last hour only', () => {
    expect(tickInterval(60 * MINUTE)).toBe(1000);
    expect(tickInterval(61 * MINUTE)).toBe(30_000);
  });
});

describe('the session block', () => {
  it('opens the join button 10 minutes before the start until the end', () => {
    expect(sessionTiming(appointment, start - 10 * MINUTE - 1).phase).toBe('waiting');
    expect(sessionTiming(appointment, start - 10 * MINUTE).phase).toBe('open');
    expect(sessionTiming(appointment, start + 49 * MINUTE).phase).toBe('open');
    expect(sessionTiming(appointment, start + 50 * MINUTE).phase).toBe('ended');
    expect(sessionTiming(appointment, start - 90 * MINUTE).untilStart).toEqual({ days: 0, hours: 1, minutes: 30, seconds: 0 });
  });
});

describe('cancelling', () => {
  const at = (hoursBefore: number) => start - hoursBefore * 60 * MINUTE;
  const paid = {
    ...appointment,
    appointment_status: 'scheduled',
    appointment_paymentType: 'Patient',
    appointment_paymentStatus: 'paid',
  } as const;

  it('refunds a paid appointment more than 24 hours ahead, not later', () => {
    expect(cancelTerms(paid, at(25))).toBe('refund');
    expect(cancelTerms(paid, at(24))).toBe('no-refund');
    expect(cancelTerms(paid, at(3))).toBe('no-refund');
  });

  it('sends the patient to the service in the last 2 hours', () => {
    expect(cancelTerms(paid, at(2))).toBe('no-refund');
    expect(cancelTerms(paid, at(2) + 1)).toBe('too-late');
    expect(canChange(paid, at(2))).toBe(true);
    expect(canChange(paid, at(1))).toBe(false);
    expect(cancelTerms({ ...paid, appointment_status: 'running' }, at(30))).toBe('too-late');
  });

  it('gives a free consultation back, releases an unpaid hold', () => {
    expect(cancelTerms({ ...paid, appointment_paymentType: 'ADRA', appointment_paymentStatus: 'not_required' }, at(3))).toBe(
      'free-returned',
    );
    expect(cancelTerms({ ...paid, appointment_paymentStatus: 'pending' }, at(30))).toBe('release-hold');
    expect(cancelTerms({ ...paid, appointment_paymentType: 'None', appointment_paymentStatus: 'not_required' }, at(30))).toBe(
      'nothing-paid',
    );
  });
});
