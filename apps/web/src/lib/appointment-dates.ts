import { intlLocale } from './format.ts';
/**
 * Dates of appointments and free slots as a patient reads them. The API gives times as
 * `YYYY-MM-DDTHH:mm:ss±hh:mm` in the doctor's time zone (docs/product.md §5); they are shown in the
 * reader's own time zone (`timeZone`, the browser's by default), which the page names.
 */

const pad = (value: number) => String(value).padStart(2, '0');

function parts(date: Date, timeZone: string | undefined, options: Intl.DateTimeFormatOptions) {
  const map: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of new Intl.DateTimeFormat('en-GB', { ...options, timeZone }).formatToParts(date)) map[part.type] = part.value;
  return map;
}

/** "HH:mm" (24-hour) of an instant in the zone. */
export function timeText(iso: string | Date, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const { hour = '', minute = '' } = parts(date, timeZone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return `${hour}:${minute}`;
}

/** docs/product.md §9 display date: day, month name, hour:minute — "12 March, 14:05" / "12 березня, 14:05". */
export function appointmentDateText(iso: string, locale: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const dayMonth = new Intl.DateTimeFormat(intlLocale(locale), { day: 'numeric', month: 'long', timeZone }).format(date);
  return `${dayMonth}, ${timeText(date, timeZone)}`;
}

/** The calendar day of an instant in the zone, as YYYY-MM-DD. */
export function dayKey(iso: string | Date, timeZone?: string): string {
  const { year, month, day } = parts(new Date(iso), timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' });
  return `${year}-${month}-${day}`;
}

/** A day key of a date built from numbers (month 0-based), without time zone arithmetic. */
export const keyOf = (year: number, month: number, day: number) => `${year}-${pad(month + 1)}-${pad(day)}`;

/** A day key read as noon UTC, so formatting it with timeZone UTC never moves it to another day. */
const noonOf = (key: string) => new Date(`${key}T12:00:00Z`);

/** "Wednesday, 12 March" / "середа, 12 березня". */
export function dayText(key: string, locale: string): string {
  return new Intl.DateTimeFormat(intlLocale(locale), { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    noonOf(key),
  );
}

/** "March 2026" / "березень 2026 р." */
export function monthText(year: number, month: number, locale: string): string {
  return new Intl.DateTimeFormat(intlLocale(locale), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month, 15)),
  );
}

/** Short weekday names Monday first. */
export function weekdayNames(locale: string): string[] {
  // 2024-01-01 was a Monday.
  return Array.from({ length: 7 }, (_, index) =>
    new Intl.DateTimeFormat(intlLocale(locale), { weekday: 'short', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, 1 + index, 12))),
  );
}

/** The weeks of a month, Monday first; days outside the month are null. */
export function monthGrid(year: number, month: number): (string | null)[][] {
  const first = new Date(Date.UTC(year, month, 1)).getUTCDay();
  const leading = (first + 6) % 7;
  const days = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const cells: (string | null)[] = [...Array<null>(leading).fill(null)];
  for (let day = 1; day <= days; day++) cells.push(keyOf(year, month, day));
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let index = 0; index < cells.length; index += 7) weeks.push(cells.slice(index, index + 7));
  return weeks;
}

/** Free start times grouped by the reader's calendar day, each group in time order. */
export function slotsByDay(slots: readonly string[], timeZone?: string): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  const sorted = [...slots].sort((a, b) => Date.parse(a) - Date.parse(b));
  for (const slot of sorted) {
    const key = dayKey(slot, timeZone);
    const group = groups.get(key);
    if (group) group.push(slot);
    else groups.set(key, [slot]);
  }
  return groups;
}

/** The reader's time zone and its offset at `at`, e.g. "Europe/Kyiv, GMT+3" (just "UTC" for UTC). */
/** Old names some browsers still report (Chromium's ICU says "Europe/Kiev"), with the current IANA name. */
const renamedZones: Record<string, string> = {
  'Europe/Kiev': 'Europe/Kyiv',
  'Europe/Uzhgorod': 'Europe/Kyiv',
  'Europe/Zaporozhye': 'Europe/Kyiv',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
};

/** A time zone by its current name ("Europe/Kyiv", never "Europe/Kiev"), so patients and doctors read one name. */
export const currentZoneName = (zone: string): string => renamedZones[zone] ?? zone;

/** The reader's own time zone, by its current name. */
export const viewerTimeZone = (): string => currentZoneName(Intl.DateTimeFormat().resolvedOptions().timeZone);

export function timeZoneText(at: Date = new Date(), timeZone?: string): string {
  const zone = currentZoneName(timeZone ?? viewerTimeZone());
  const offset = parts(at, zone, { timeZoneName: 'shortOffset' }).timeZoneName ?? '';
  return !offset || /^(Etc\/)?(UTC|GMT)$/.test(zone) ? zone : `${zone}, ${offset}`;
}
