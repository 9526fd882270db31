import { offsetAt, type Appointment, type Doctor } from '@rozmova/contracts';
import { intlLocale } from '../../lib/format.ts';
import { timeText, zoneDateKey } from './times.ts';

/** The agenda's calendar: days are YYYY-MM-DD in the doctor's time zone, weeks start on Monday in either language. */

export type AgendaView = 'day' | 'week';

/** What the agenda's badge says: a booked consultation, one awaiting payment, one in progress, one completed. */
export type AgendaStatus = 'scheduled' | 'awaitingPayment' | 'running' | 'completed';

type Timed = Pick<Appointment, 'appointment_status' | 'appointment_date' | 'appointment_endDate'>;

export interface AgendaEntry<T> {
  appointment: T;
  /** It began on an earlier day (it crosses midnight). */
  startsBefore: boolean;
  /** It goes on into the next day. */
  endsAfter: boolean;
}

export interface AgendaDay<T> {
  day: string;
  entries: AgendaEntry<T>[];
}

export interface HoursInterval {
  start: string;
  end: string;
}

/** The longest consultation a doctor's settings allow (contracts: `consultation_minutes` at most 180). */
const LONGEST_CONSULTATION_MS = 180 * 60_000;
const MINUTE_MS = 60_000;

const parseDay = (day: string) => {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, date);
};

/** A calendar day `days` after (or before) another. */
export function addDays(day: string, days: number): string {
  return new Date(parseDay(day) + days * 86_400_000).toISOString().slice(0, 10);
}

/** ISO weekday of a calendar day: 1 Monday … 7 Sunday. */
const isoWeekday = (day: string): number => new Date(parseDay(day)).getUTCDay() || 7;

/** The Monday of a day's week (Ukraine's convention, kept in English too). */
export const weekStart = (day: string): string => addDays(day, 1 - isoWeekday(day));

/** The days a view shows around a day: that day, or the seven days of its week. */
export const viewDays = (view: AgendaView, day: string): string[] =>
  view === 'day' ? [day] : Array.from({ length: 7 }, (_, index) => addDays(weekStart(day), index));

/** The day a view shows after (`step` 1) or before (`step` -1) the current one. */
export const stepDay = (view: AgendaView, day: string, step: 1 | -1): string => addDays(day, view === 'day' ? step : 7 * step);

/** The instant a calendar day begins in a time zone: its midnight, or when the clocks resume where they skip it. */
export function zoneDayStart(day: string, timeZone: string): Date {
  const wall = parseDay(day);
  let at = wall - offsetAt(wall, timeZone);
  at = wall - offsetAt(at, timeZone);
  // Some zones move their clocks at midnight (America/Santiago): the skipped hour sends the guess to the day before.
  for (let guard = 0; guard < 24 * 60 && zoneDateKey(new Date(at), timeZone) < day; guard += 15) at += 15 * MINUTE_MS;
  return new Date(at);
}

/**
 * What to ask the API for: the week of `day` (the day view reads its week too, so switching views asks nothing new),
 * from early enough to catch a consultation that began before Monday's midnight and runs into it.
 */
export function agendaRange(day: string, timeZone: string): { from: string; to: string } {
  const monday = weekStart(day);
  return {
    from: new Date(zoneDayStart(monday, timeZone).getTime() - LONGEST_CONSULTATION_MS).toISOString(),
    to: zoneDayStart(addDays(monday, 7), timeZone).toISOString(),
  };
}

/**
 * The consultations of each day, by start time: every one that overlaps the day in the doctor's zone, so one crossing
 * midnight is on both days. Cancelled ones are left out.
 */
export function groupByDay<T extends Timed>(appointments: readonly T[], days: readonly string[], timeZone: string): AgendaDay<T>[] {
  const shown = appointments
    .filter((appointment) => appointment.appointment_status !== 'canceled')
    .sort((a, b) => Date.parse(a.appointment_date) - Date.parse(b.appointment_date));
  return days.map((day) => {
    const start = zoneDayStart(day, timeZone).getTime();
    const end = zoneDayStart(addDays(day, 1), timeZone).getTime();
    const entries = shown
      .filter((appointment) => Date.parse(appointment.appointment_date) < end && Date.parse(appointment.appointment_endDate) > start)
      .map((appointment) => ({
        appointment,
        startsBefore: Date.parse(appointment.appointment_date) < start,
        endsAfter: Date.parse(appointment.appointment_endDate) > end,
      }));
    return { day, entries };
  });
}

export function agendaStatus(appointment: Pick<Appointment, 'appointment_status' | 'appointment_paymentStatus'>): AgendaStatus {
  if (appointment.appointment_status === 'running') return 'running';
  if (appointment.appointment_status === 'completed') return 'completed';
  // A failed payment can still be paid while the booking holds its time, as the server counts it unpaid.
  const unpaid = appointment.appointment_paymentStatus === 'pending' || appointment.appointment_paymentStatus === 'failed';
  return unpaid ? 'awaitingPayment' : 'scheduled';
}

/** The doctor's working hours on a day: the weekly hours unless it is a day off, plus that date's extra hours, merged. */
export function workingHoursOn(doctor: Pick<Doctor, 'weekly_hours' | 'days_off' | 'extra_hours'>, day: string): HoursInterval[] {
  const weekday = isoWeekday(day);
  const weekly = doctor.days_off.includes(day) ? [] : doctor.weekly_hours.filter((hours) => hours.weekday === weekday);
  const intervals = [...weekly, ...doctor.extra_hours.filter((hours) => hours.date === day)]
    .map(({ start, end }) => ({ start, end }))
    .sort((a, b) => a.start.localeCompare(b.start));
  const merged: HoursInterval[] = [];
  for (const interval of intervals) {
    const last = merged.at(-1);
    if (last && interval.start <= last.end) last.end = interval.end > last.end ? interval.end : last.end;
    else merged.push(interval);
  }
  return merged;
}

const noonOf = (day: string) => new Date(parseDay(day) + 12 * 3_600_000);
const capitalised = (text: string, locale: string) => text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);

/** "Monday, 27 October 2025" in the interface language. */
export const dayTitle = (day: string, locale: string): string =>
  capitalised(
    new Intl.DateTimeFormat(intlLocale(locale), {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(noonOf(day)),
    locale,
  );

/** "27 October – 2 November 2025": the week of a day, Monday to Sunday. */
export function weekTitle(day: string, locale: string): string {
  const monday = weekStart(day);
  const format = new Intl.DateTimeFormat(intlLocale(locale), { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  return format.formatRange(noonOf(monday), noonOf(addDays(monday, 6)));
}

/** "Mon 27 Oct": a day's heading in the week. */
export const dayHeading = (day: string, locale: string): string =>
  capitalised(
    new Intl.DateTimeFormat(intlLocale(locale), { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(noonOf(day)),
    locale,
  );

/** "14:00–14:50" in the doctor's zone. */
export const timeRangeText = (appointment: Pick<Appointment, 'appointment_date' | 'appointment_endDate'>, timeZone: string): string =>
  `${timeText(new Date(appointment.appointment_date), timeZone)}–${timeText(new Date(appointment.appointment_endDate), timeZone)}`;

/** "09:00–13:00, 14:00–18:00". */
export const hoursText = (intervals: readonly HoursInterval[]): string => intervals.map(({ start, end }) => `${start}–${end}`).join(', ');
