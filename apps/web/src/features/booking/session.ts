import { JOIN_OPENS_MINUTES, PATIENT_CHANGE_LIMIT_MINUTES, PATIENT_REFUND_LIMIT_HOURS, type Appointment } from '@rozmova/contracts';

const MINUTE = 60_000;

export interface Countdown {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** Whole days, hours, minutes and seconds in a span (never negative). */
export function countdownParts(ms: number): Countdown {
  const total = Math.max(0, Math.floor(ms / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

export type SessionPhase = 'waiting' | 'open' | 'ended';

export interface SessionTiming {
  phase: SessionPhase;
  /** Time left until the start (0 once started). */
  untilStart: Countdown;
  /** When the join button opens (JOIN_OPENS_MINUTES before the start). */
  opensAt: number;
}

/** The session block: the join button is enabled from 10 minutes before the start until the end. */
export function sessionTiming(appointment: Pick<Appointment, 'appointment_date' | 'appointment_endDate'>, now: number): SessionTiming {
  const start = Date.parse(appointment.appointment_date);
  const end = Date.parse(appointment.appointment_endDate);
  const opensAt = start - JOIN_OPENS_MINUTES * MINUTE;
  const phase: SessionPhase = now >= end ? 'ended' : now >= opensAt ? 'open' : 'waiting';
  return { phase, untilStart: countdownParts(start - now), opensAt };
}

/** How often the countdown should redraw: every second in the last hour, else every 30 seconds. */
export const tickInterval = (msToStart: number) => (msToStart <= 60 * MINUTE ? 1000 : 30_000);

/**
 * What cancelling means now (docs/product.md): patients change an appointment until 2 hours before it (later they
 * contact the service); a paid appointment cancelled more than 24 hours ahead is refunded; a free consultation
 * is given back; an unpaid hold is simply released.
 */
export type CancelTerms = 'too-late' | 'refund' | 'no-refund' | 'free-returned' | 'release-hold' | 'nothing-paid';

export function cancelTerms(
  appointment: Pick<Appointment, 'appointment_date' | 'appointment_status' | 'appointment_paymentType' | 'appointment_paymentStatus'>,
  now: number,
): CancelTerms {
  const start = Date.parse(appointment.appointment_date);
  if (appointment.appointment_status !== 'scheduled' || start - now < PATIENT_CHANGE_LIMIT_MINUTES * MINUTE) return 'too-late';
  if (appointment.appointment_paymentType === 'ADRA') return 'free-returned';
  if (appointment.appointment_paymentStatus === 'paid') {
    return start - now > PATIENT_REFUND_LIMIT_HOURS * 60 * MINUTE ? 'refund' : 'no-refund';
  }
  if (appointment.appointment_paymentStatus === 'pending') return 'release-hold';
  return 'nothing-paid';
}

/** A patient may reschedule until the same 2-hour limit. */
export const canChange = (appointment: Pick<Appointment, 'appointment_date' | 'appointment_status'>, now: number) =>
  appointment.appointment_status === 'scheduled' && Date.parse(appointment.appointment_date) - now >= PATIENT_CHANGE_LIMIT_MINUTES * MINUTE;
