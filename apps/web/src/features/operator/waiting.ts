/** How long a patient has waited, in the largest whole unit: under a minute, minutes, hours, then days. */
type WaitingSpan = { unit: 'moment' } | { unit: 'minutes' | 'hours' | 'days'; n: number };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export function waitingSpan(since: string, now: number): WaitingSpan {
  const waited = now - new Date(since).getTime();
  if (!(waited >= MINUTE)) return { unit: 'moment' };
  if (waited < HOUR) return { unit: 'minutes', n: Math.floor(waited / MINUTE) };
  if (waited < DAY) return { unit: 'hours', n: Math.floor(waited / HOUR) };
  return { unit: 'days', n: Math.floor(waited / DAY) };
}
