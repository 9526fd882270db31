import { describe, expect, it } from 'vitest';
import { isBookingPage } from '@rozmova/contracts';
import { redirectFor, stepOfPage } from './steps.ts';

const booked = { appointment_status: 'scheduled', appointment_paymentStatus: 'paid' } as const;
const awaiting = { appointment_status: 'scheduled', appointment_paymentStatus: 'pending' } as const;

describe('booking steps run in order', () => {
  it('shows step 1 always', () => {
    expect(redirectFor(1, {})).toBeNull();
  });

  it('sends each step to the first incomplete one', () => {
    expect(redirectFor(2, {})).toBe(1);
    expect(redirectFor(2, { doctorId: 'd' })).toBeNull();
    expect(redirectFor(3, {})).toBe(1);
    expect(redirectFor(3, { doctorId: 'd' })).toBe(2);
    expect(redirectFor(3, { doctorId: 'd', slot: 's' })).toBeNull();
    expect(redirectFor(4, {})).toBe(1);
    expect(redirectFor(4, { doctorId: 'd' })).toBe(2);
    expect(redirectFor(4, { doctorId: 'd', slot: 's' })).toBeNull();
    expect(redirectFor(5, {})).toBe(1);
    expect(redirectFor(5, { doctorId: 'd' })).toBe(2);
    expect(redirectFor(5, { doctorId: 'd', slot: 's' })).toBe(4);
  });

  it('a time without a doctor is no choice at all', () => {
    expect(redirectFor(3, { slot: 's' })).toBe(1);
  });

  it('step 5 follows the server’s current appointment', () => {
    expect(redirectFor(5, { current: booked })).toBeNull();
    expect(redirectFor(5, { current: awaiting })).toBeNull();
  });

  it('step 4 pays for a booking awaiting payment without a new choice', () => {
    expect(redirectFor(4, { current: awaiting })).toBeNull();
    expect(redirectFor(4, { current: { ...awaiting, appointment_paymentStatus: 'failed' } })).toBeNull();
    expect(redirectFor(4, { current: booked })).toBe(1);
    expect(redirectFor(4, { current: { appointment_status: 'running', appointment_paymentStatus: 'pending' } })).toBe(1);
  });

  it('knows its pages', () => {
    expect(isBookingPage('appointment-step3')).toBe(true);
    expect(isBookingPage('payment-success')).toBe(true);
    expect(isBookingPage('appointment-step6')).toBe(false);
    expect(isBookingPage(undefined)).toBe(false);
    expect(stepOfPage('appointment-step4')).toBe(4);
    expect(stepOfPage('payment-success')).toBeNull();
  });
});
