import { JOIN_OPENS_MINUTES, type Appointment } from '@rozmova/contracts';
import { viewerTimeZone } from '../../lib/appointment-dates.ts';
import { intlLocale } from '../../lib/format.ts';

/** The calendar day of an instant in a time zone, YYYY-MM-DD. */
export function zoneDateKey(date: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone }).formatToParts(date);
  const part = (type: string) => parts.find((item) => item.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** The reader's own time zone (its current IANA name: Europe/Kyiv, not the old Europe/Kiev). */
export const localTimeZone = (): string => viewerTimeZone();

/** HH:mm of an instant in a time zone. */
export const timeText = (date: Date, timeZone: string): string =>
  new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(date);

/** "Tue 7 October, 14:00–14:50" in a time zone (the doctor's or the reader's), in the interface language. */
export function rangeText(startIso: string, endIso: string, locale: string, timeZone: string): string {
  const start = new Date(startIso);
  const end = new Date(endIso);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return '';
  const day = new Intl.DateTimeFormat(intlLocale(locale), { weekday: 'short', day: 'numeric', month: 'long', timeZone }).format(start);
  return `${day}, ${timeText(start, timeZone)}–${timeText(end, timeZone)}`;
}

/** The weekday name of ISO weekday 1 (Monday) … 7 (Sunday), capitalised, in the interface language. */
export function weekdayName(weekday: number, locale: string): string {
  // 1 January 2024 was a Monday.
  const name = new Intl.DateTimeFormat(intlLocale(locale), { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, weekday)),
  );
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
}

/** A calendar day (YYYY-MM-DD) as "7 October 2025" in the interface language. */
export function calendarDateText(date: string, locale: string): string {
  const parsed = new Date(`${date}T12:00:00Z`);
  if (Number.isNaN(parsed.getTime())) return date;
  return new Intl.DateTimeFormat(intlLocale(locale), { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(parsed);
}

/** The doctor may join from 10 minutes before the start (docs/product.md); a running meeting stays open until it is completed. */
export function canJoin(
  appointment: Pick<Appointment, 'appointment_status' | 'appointment_date' | 'appointment_endDate'>,
  now: Date,
): boolean {
  if (appointment.appointment_status === 'running') return true;
  if (appointment.appointment_status !== 'scheduled') return false;
  const opens = Date.parse(appointment.appointment_date) - JOIN_OPENS_MINUTES * 60_000;
  return now.getTime() >= opens && now.getTime() < Date.parse(appointment.appointment_endDate);
}

/** Completing with a note needs a started consultation: open (scheduled or running) and its start time reached, as the API checks. */
export const canComplete = (appointment: Pick<Appointment, 'appointment_status' | 'appointment_date'>, now: Date): boolean =>
  (appointment.appointment_status === 'running' || appointment.appointment_status === 'scheduled') &&
  now.getTime() >= Date.parse(appointment.appointment_date);

export const canCancel = (appointment: Pick<Appointment, 'appointment_status'>): boolean => appointment.appointment_status === 'scheduled';

/** When the join button opens, for a scheduled appointment that is not open yet. */
export const joinOpensAt = (appointment: Pick<Appointment, 'appointment_date'>): Date =>
  new Date(Date.parse(appointment.appointment_date) - JOIN_OPENS_MINUTES * 60_000);

/** The next moment a button of these appointments appears or goes (join opens, the start, the end), if any. */
export function nextChange(
  appointments: readonly Pick<Appointment, 'appointment_status' | 'appointment_date' | 'appointment_endDate'>[],
  now: Date,
): Date | undefined {
  let next: number | undefined;
  for (const appointment of appointments) {
    if (appointment.appointment_status !== 'scheduled' && appointment.appointment_status !== 'running') continue;
    const start = Date.parse(appointment.appointment_date);
    for (const at of [start - JOIN_OPENS_MINUTES * 60_000, start, Date.parse(appointment.appointment_endDate)]) {
      if (at > now.getTime() && (next === undefined || at < next)) next = at;
    }
  }
  return next === undefined ? undefined : new Date(next);
}

export interface AppointmentGroups<T> {
  today: T[];
  upcoming: T[];
}

/**
 * Today's (by the doctor's calendar) and later appointments, each by start time. A meeting still running from an
 * earlier day counts as today's; other earlier ones are left out, and so are cancelled ones unless asked for.
 */
export function groupAppointments<T extends Pick<Appointment, 'appointment_status' | 'appointment_date'>>(
  appointments: readonly T[],
  now: Date,
  timeZone: string,
  withCancelled = false,
): AppointmentGroups<T> {
  const today = zoneDateKey(now, timeZone);
  const groups: AppointmentGroups<T> = { today: [], upcoming: [] };
  const sorted = [...appointments].sort((a, b) => Date.parse(a.appointment_date) - Date.parse(b.appointment_date));
  for (const appointment of sorted) {
    if (!withCancelled && appointment.appointment_status === 'canceled') continue;
    const day = zoneDateKey(new Date(appointment.appointment_date), timeZone);
    if (day === today || (day < today && appointment.appointment_status === 'running')) {
      groups.today.push(appointment);
    } else if (day > today) {
      groups.upcoming.push(appointment);
    }
  }
  return groups;
}

/** The start of the reader's current day, minus a day so a meeting running since yesterday is listed too. */
export function listFrom(now: Date): string {
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  return start.toISOString();
}
