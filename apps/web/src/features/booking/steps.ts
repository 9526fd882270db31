import type { Appointment, BookingPage } from '@rozmova/contracts';
import { appPaths, type BookingStep } from '../../lib/paths.ts';

export const bookingSteps = [1, 2, 3, 4, 5] as const satisfies readonly BookingStep[];
export type { BookingStep };

export const stepPath = (step: BookingStep) => appPaths.bookingStep(step);

export const stepOfPage = (page: BookingPage): BookingStep | null =>
  page === 'payment-success' ? null : (Number(page.slice(-1)) as BookingStep);

export interface StepState {
  /** The doctor chosen in step 1. */
  doctorId?: string;
  /** The start time chosen in step 2. */
  slot?: string;
  /** The server's current appointment (docs/product.md §4), once booked. */
  current?: Pick<Appointment, 'appointment_status' | 'appointment_paymentStatus'>;
}

/** The current appointment waits for its payment (or a failed one can be tried again): step 4 pays for it without a new choice. */
export const awaitsPayment = (current: StepState['current']) =>
  current?.appointment_status === 'scheduled' &&
  (current.appointment_paymentStatus === 'pending' || current.appointment_paymentStatus === 'failed');

/**
 * The steps run in order (docs/product.md §2): a step whose prerequisites are missing sends the patient to the first
 * incomplete step. Returns the step to go to instead, or null when `step` may be shown.
 *   2 needs a doctor; 3 needs a doctor and a time; 4 needs them too, or a booking awaiting payment;
 *   5 needs a booking.
 */
export function redirectFor(step: BookingStep, state: StepState): BookingStep | null {
  const { doctorId, slot, current } = state;
  switch (step) {
    case 1:
      return null;
    case 2:
      return doctorId ? null : 1;
    case 3:
      return !doctorId ? 1 : slot ? null : 2;
    case 4:
      if (doctorId && slot) return null;
      if (awaitsPayment(current)) return null;
      return doctorId ? 2 : 1;
    case 5:
      if (current) return null;
      return !doctorId ? 1 : !slot ? 2 : 4;
  }
}
