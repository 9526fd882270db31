/**
 * Slot maths: pure functions, no database. Times inside are epoch milliseconds; wall-clock times are
 * converted to instants in the doctor's time zone with the offsets of the contracts' zoned-time.ts (Intl only, no date library).
 *
 * The grid: each working interval of a day (weekly hours of its ISO weekday unless the date is a day off, plus the
 * date's extra hours; overlapping or touching intervals are merged) gives wall-clock starts at its start and then every
 * consultation + buffer minutes. A start that does not exist that day (the hour the clocks skip) is left out; one that
 * exists twice (the hour the clocks repeat) is its first occurrence. A start is on the grid when its consultation ends
 * by the interval's end (the buffer may run past it) and it does not overlap the previous start's consultation and
 * buffer (only possible when the clocks go forward inside an interval).
 */
import type { ExtraHours, WeeklyHours } from '@rozmova/contracts';
import { AppError } from '../../lib/app-error.ts';
import { dateInZone, dateOfDay, dayNumber, offsetAt, offsetText, pad2 } from '@rozmova/contracts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** What decides a doctor's slots (the doctors table's columns). */
export interface SlotRules {
  timeZone: string;
  weeklyHours: readonly WeeklyHours[];
  daysOff: readonly string[];
  extraHours: readonly ExtraHours[];
  consultationMinutes: number;
  bufferMinutes: number;
  minNoticeMinutes: number;
  horizonDays: number;
}

/** A half-open range [start, end). */
export interface TimeRange {
  start: Date;
  end: Date;
}

export interface SlotQuery {
  /** The first calendar day, YYYY-MM-DD in the doctor's time zone. */
  firstDay: string;
  /** How many days from the first. */
  days: number;
  now: Date;
  /** No slot starts before this instant (a `startDate` given as an instant). */
  from?: Date;
  /** Wall-clock hours of the doctor's zone: a slot starts at or after `startHour` and its consultation ends by `endHour`. */
  startHour?: number;
  endHour?: number;
  /** The doctor's scheduled and running appointments, [starts_at, blocked_until). */
  busy?: readonly TimeRange[];
  /** The patient's own pending appointments, [starts_at, ends_at). */
  patientBusy?: readonly TimeRange[];
}

// ---- the doctor's days in its time zone -----------------------------------------------------------

/** formatInZone for many instants in order: the date and the offset text are made once per day and offset. */
function slotFormatter(): (ms: number, offset: number) => string {
  let lastDay = Number.NaN;
  let lastOffset = Number.NaN;
  let prefix = '';
  let suffix = '';
  return (ms, offset) => {
    const wall = ms + offset;
    const day = Math.floor(wall / DAY);
    if (day !== lastDay || offset !== lastOffset) {
      lastDay = day;
      lastOffset = offset;
      prefix = `${dateOfDay(day)}T`;
      suffix = offsetText(offset);
    }
    const inDay = wall - day * DAY;
    return `${prefix}${pad2(Math.floor(inDay / HOUR))}:${pad2(Math.floor((inDay % HOUR) / MINUTE))}:${pad2(Math.floor((inDay % MINUTE) / 1000))}${suffix}`;
  };
}

/**
 * Wall-clock → instant for one day of one zone. Most days have one offset throughout, so a day costs two Intl calls;
 * a day with a clock change takes the careful path for each time.
 */
interface DayClock {
  /** The instant of a wall time, its first occurrence; undefined when the clocks skip it. */
  exact(minutes: number): number | undefined;
  /** The first instant whose wall time is at or after `minutes` (a skipped time gives the moment the clocks jump). */
  atOrAfter(minutes: number): number;
  /** The offset at an instant of the day. */
  offset(ms: number): number;
}

function dayClock(day: number, timeZone: string): DayClock {
  const midnight = day * DAY;
  // Wide enough for any offset (−12 h … +14 h): no instant of this wall day is outside.
  const before = offsetAt(midnight - 14 * HOUR, timeZone);
  const after = offsetAt(midnight + DAY + 12 * HOUR, timeZone);
  if (before === after) {
    return {
      exact: (minutes) => midnight + minutes * MINUTE - before,
      atOrAfter: (minutes) => midnight + minutes * MINUTE - before,
      offset: () => before,
    };
  }
  return {
    exact: (minutes) => wallToInstant(midnight + minutes * MINUTE, timeZone).exact,
    atOrAfter: (minutes) => wallToInstant(midnight + minutes * MINUTE, timeZone).atOrAfter,
    offset: (ms) => offsetAt(ms, timeZone),
  };
}

/** `wall` is the wall time as if UTC. */
function wallToInstant(wall: number, timeZone: string): { exact: number | undefined; atOrAfter: number } {
  const offsets = [...new Set([offsetAt(wall - 14 * HOUR, timeZone), offsetAt(wall + 12 * HOUR, timeZone)])];
  const valid = offsets.map((offset) => wall - offset).filter((ms) => offsetAt(ms, timeZone) === wall - ms);
  if (valid.length > 0) {
    const first = Math.min(...valid);
    return { exact: first, atOrAfter: first };
  }
  // Skipped: the clocks jump over `wall` somewhere between these two instants; find the jump to the minute.
  let low = wall - Math.max(...offsets);
  let high = wall - Math.min(...offsets);
  while (high - low > MINUTE) {
    const middle = low + Math.max(1, Math.floor((high - low) / 2 / MINUTE)) * MINUTE;
    if (middle + offsetAt(middle, timeZone) >= wall) high = middle;
    else low = middle;
  }
  return { exact: undefined, atOrAfter: high };
}

// ---- working hours ----------------------------------------------------------------------------------

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** ISO weekday, 1 Monday … 7 Sunday. */
const isoWeekday = (day: number) => ((((day + 3) % 7) + 7) % 7) + 1;

interface Plan {
  rules: SlotRules;
  daysOff: Set<string>;
  weekly: [number, number][][];
  extra: Map<string, [number, number][]>;
}

function planOf(rules: SlotRules): Plan {
  const weekly: [number, number][][] = Array.from({ length: 8 }, () => []);
  for (const hours of rules.weeklyHours) weekly[hours.weekday]!.push([minutesOf(hours.start), minutesOf(hours.end)]);
  const extra = new Map<string, [number, number][]>();
  for (const hours of rules.extraHours) {
    const list = extra.get(hours.date) ?? [];
    list.push([minutesOf(hours.start), minutesOf(hours.end)]);
    extra.set(hours.date, list);
  }
  return { rules, daysOff: new Set(rules.daysOff), weekly, extra };
}

/** The day's working intervals in wall-clock minutes, sorted, overlapping and touching ones merged. */
function intervalsOn(plan: Plan, day: number): [number, number][] {
  const date = dateOfDay(day);
  const all = [...(plan.daysOff.has(date) ? [] : plan.weekly[isoWeekday(day)]!), ...(plan.extra.get(date) ?? [])]
    .filter(([start, end]) => start < end)
    .sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [start, end] of all) {
    const last = merged.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

/** The day's slot starts (instants, ascending), before notice, horizon and busy times. */
function gridOfDay(plan: Plan, day: number, clock: DayClock): number[] {
  const consultation = plan.rules.consultationMinutes * MINUTE;
  const step = plan.rules.consultationMinutes + plan.rules.bufferMinutes;
  const starts: number[] = [];
  let previousBlockedUntil = -Infinity;
  for (const [from, to] of intervalsOn(plan, day)) {
    const end = clock.atOrAfter(to);
    for (let minutes = from; minutes < to; minutes += step) {
      const start = clock.exact(minutes);
      if (start === undefined) continue;
      if (start + consultation > end) break;
      if (start < previousBlockedUntil) continue;
      starts.push(start);
      previousBlockedUntil = start + step * MINUTE;
    }
  }
  return starts;
}

const overlaps = (start: number, end: number, range: TimeRange) => range.start.getTime() < end && start < range.end.getTime();

/** Free slot starts, ascending. */
export function freeSlots(rules: SlotRules, query: SlotQuery): Date[] {
  const slots: Date[] = [];
  eachFreeSlot(rules, query, (start) => void slots.push(new Date(start)));
  return slots;
}

/** Free slots formatted in the doctor's zone (`YYYY-MM-DDTHH:mm:ss±hh:mm`), ascending. */
export function freeSlotStrings(rules: SlotRules, query: SlotQuery): string[] {
  const slots: string[] = [];
  const format = slotFormatter();
  eachFreeSlot(rules, query, (start, clock) => void slots.push(format(start, clock.offset(start))));
  return slots;
}

function eachFreeSlot(rules: SlotRules, query: SlotQuery, emit: (start: number, clock: DayClock) => void): void {
  const plan = planOf(rules);
  const consultation = rules.consultationMinutes * MINUTE;
  const blocked = (rules.consultationMinutes + rules.bufferMinutes) * MINUTE;
  const now = query.now.getTime();
  const notBefore = Math.max(now + rules.minNoticeMinutes * MINUTE, query.from?.getTime() ?? -Infinity);
  const horizon = now + rules.horizonDays * DAY;
  const startHour = query.startHour ?? 0;
  const endHour = query.endHour ?? 24;
  const busy = [...(query.busy ?? [])].sort((a, b) => a.start.getTime() - b.start.getTime());
  const patientBusy = query.patientBusy ?? [];
  const first = dayNumber(query.firstDay);

  let next = 0; // busy ranges before this index end before every later slot
  for (let day = first; day < first + query.days; day++) {
    const clock = dayClock(day, rules.timeZone);
    const grid = gridOfDay(plan, day, clock);
    if (grid.length === 0) continue;
    const windowStart = clock.atOrAfter(startHour * 60);
    const windowEnd = clock.atOrAfter(endHour * 60);
    for (const start of grid) {
      if (start >= horizon) return;
      if (start < notBefore || start < windowStart || start + consultation > windowEnd) continue;
      const end = start + blocked;
      while (next < busy.length && busy[next]!.end.getTime() <= start) next++;
      let taken = false;
      for (let i = next; i < busy.length && busy[i]!.start.getTime() < end; i++) {
        if (overlaps(start, end, busy[i]!)) {
          taken = true;
          break;
        }
      }
      if (taken || patientBusy.some((range) => overlaps(start, start + consultation, range))) continue;
      emit(start, clock);
    }
  }
}

/**
 * Where an available-slots request starts: `startDate` as a day (its whole day in the doctor's zone), as an instant
 * (its day, from that instant), or nothing (today, from now).
 */
export function slotRange(startDate: string | undefined, now: Date, timeZone: string): { firstDay: string; from?: Date } {
  if (startDate === undefined) return { firstDay: dateInZone(now, timeZone), from: now };
  if (/^\d{4}-\d{2}-\d{2}$/.test(startDate)) return { firstDay: startDate };
  const from = new Date(startDate);
  return { firstDay: dateInZone(from, timeZone), from };
}

/**
 * For booking: `start` must be a grid start of its day, past the minimum notice and inside the horizon. Busy times are
 * the database's job (the exclusion constraint). Returns the consultation's end and the end of the buffer.
 */
export function checkBookable(rules: SlotRules, start: Date, now: Date, urgent = false): { endsAt: Date; blockedUntil: Date } {
  const ms = start.getTime();
  const unavailable = (why: string) => new AppError('APPOINTMENT_SLOT_UNAVAILABLE', `This time cannot be booked: ${why}`);
  if (!Number.isFinite(ms)) throw unavailable('it is not a time');
  if (ms >= now.getTime() + rules.horizonDays * DAY) throw unavailable(`it is more than ${rules.horizonDays} days ahead`);
  if (urgent) {
    // Any whole minute from now on, off the grid and outside the hours; overlaps are the database's job. "Now" sent
    // as the minute turned arrives as the minute before, which still counts.
    if (ms % MINUTE !== 0) throw unavailable('an urgent consultation starts on a whole minute');
    if (ms < Math.floor(now.getTime() / MINUTE) * MINUTE - MINUTE) throw unavailable('it is in the past');
  } else {
    if (ms < now.getTime() + rules.minNoticeMinutes * MINUTE) {
      throw unavailable(`it is in the past or less than ${rules.minNoticeMinutes} minutes ahead`);
    }
    const day = dayNumber(dateInZone(start, rules.timeZone));
    if (!gridOfDay(planOf(rules), day, dayClock(day, rules.timeZone)).includes(ms)) {
      throw unavailable("it is not a slot start of the doctor's working hours");
    }
  }
  const endsAt = ms + rules.consultationMinutes * MINUTE;
  return { endsAt: new Date(endsAt), blockedUntil: new Date(endsAt + rules.bufferMinutes * MINUTE) };
}
