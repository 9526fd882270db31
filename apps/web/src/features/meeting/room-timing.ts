import { JOIN_OPENS_MINUTES, type Appointment } from '@rozmova/contracts';

const MINUTE = 60_000;

export type JoinWindow = { kind: 'early'; opensAt: number; msLeft: number } | { kind: 'open' } | { kind: 'over' };

/**
 * When the room can be entered (docs/product.md §4): from 10 minutes before the start to the end; a running
 * consultation may go on past its end.
 */
export function joinWindow(
  appointment: Pick<Appointment, 'appointment_status' | 'appointment_date' | 'appointment_endDate'>,
  now: number,
): JoinWindow {
  if (appointment.appointment_status === 'running') return { kind: 'open' };
  const opensAt = Date.parse(appointment.appointment_date) - JOIN_OPENS_MINUTES * MINUTE;
  if (now < opensAt) return { kind: 'early', opensAt, msLeft: opensAt - now };
  return now >= Date.parse(appointment.appointment_endDate) ? { kind: 'over' } : { kind: 'open' };
}

/** "1 h 5 min", "4 min 30 s", "12 s": plain counts, the same in both languages' word order. */
export function durationParts(ms: number): { hours: number; minutes: number; seconds: number } {
  const total = Math.max(0, Math.ceil(ms / 1000));
  return { hours: Math.floor(total / 3600), minutes: Math.floor((total % 3600) / 60), seconds: total % 60 };
}
