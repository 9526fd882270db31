/**
 * Instants ↔ wall clocks of IANA time zones, with Intl only (no date library). Shared by the slot maths (which asks for
 * the same offsets again and again, hence the caches) and the texts that show dates.
 *
 * A "wall" value is the wall-clock time of a zone written as if it were UTC, in epoch milliseconds: `new Date(wall)`'s
 * UTC fields are the zone's year, month, day, hour, minute and second.
 */

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

const WALL = /^(\d{1,2})\/(\d{1,2})\/(\d{4}), (\d{2}):(\d{2}):(\d{2})$/;

/** The wall clock of `ms` in the zone, as if it were UTC (epoch ms, whole seconds). */
export function wallClock(ms: number, timeZone: string): number {
  const formatter = formatterOf(timeZone);
  // `format` is about twice as fast as `formatToParts`; the parts are the fallback should the text ever differ.
  const match = WALL.exec(formatter.format(ms));
  if (match)
    return Date.UTC(Number(match[3]), Number(match[1]) - 1, Number(match[2]), Number(match[4]), Number(match[5]), Number(match[6]));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(formatter.formatToParts(ms).find((p) => p.type === type)?.value ?? 0);
  return Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
}

/** Offsets already asked for, per zone: the day boundaries and slots of one doctor repeat from request to request. */
const offsets = new Map<string, Map<number, number>>();
const OFFSETS_KEPT = 20_000;

/** The zone's offset from UTC at the instant, in ms (Kyiv: +2 h in winter, +3 h in summer). */
export function offsetAt(ms: number, timeZone: string): number {
  let known = offsets.get(timeZone);
  if (!known) {
    known = new Map();
    offsets.set(timeZone, known);
  }
  const hit = known.get(ms);
  if (hit !== undefined) return hit;
  const offset = wallClock(ms, timeZone) - Math.floor(ms / 1000) * 1000;
  if (known.size >= OFFSETS_KEPT) known.clear();
  known.set(ms, offset);
  return offset;
}

/** Days since 1970-01-01 of a YYYY-MM-DD date. */
export function dayNumber(date: string): number {
  return Math.floor(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / DAY);
}

/** The YYYY-MM-DD date of a day number. */
export const dateOfDay = (day: number): string => new Date(day * DAY).toISOString().slice(0, 10);

/** The calendar date (YYYY-MM-DD) of the instant in the zone. */
export function dateInZone(instant: Date, timeZone: string): string {
  return dateOfDay(Math.floor(wallClock(instant.getTime(), timeZone) / DAY));
}

const twoDigits = Array.from({ length: 60 }, (_, i) => String(i).padStart(2, '0'));
/** Two digits, from a table for 0–59 (the slot strings make many). */
export const pad2 = (value: number) => twoDigits[value] ?? String(value).padStart(2, '0');

/** `±hh:mm` of an offset in ms. */
export const offsetText = (offset: number) => {
  const minutes = Math.round(Math.abs(offset) / MINUTE);
  return `${offset < 0 ? '-' : '+'}${pad2(Math.floor(minutes / 60))}:${pad2(minutes % 60)}`;
};

/** `YYYY-MM-DDTHH:mm:ss±hh:mm` in the zone (docs/product.md §5): the wall-clock time and offset of `timeZone` at that instant. */
export function formatInZone(instant: Date, timeZone: string): string {
  const ms = instant.getTime();
  const offset = offsetAt(ms, timeZone);
  return `${new Date(ms + offset).toISOString().slice(0, 19)}${offsetText(offset)}`;
}
