import type { Locale } from '@rozmova/contracts';

/** Where people read dates in notifications and e-mails (SPEC.md §9: the Ukrainian locale; the service is in Ukraine). */
export const DISPLAY_TIME_ZONE = 'Europe/Kyiv';

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

function partsIn(date: Date, timeZone: string): Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number> {
  let formatter = partsFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    partsFormatters.set(timeZone, formatter);
  }
  const parts = Object.fromEntries(formatter.formatToParts(date).map((part) => [part.type, part.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** SPEC.md §5: `YYYY-MM-DDTHH:mm:ss±hh:mm`, the wall-clock time and offset of `timeZone` at that instant. */
export function formatInZone(date: Date, timeZone: string): string {
  const p = partsIn(date, timeZone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  const offset = Math.round((wall - Math.floor(date.getTime() / 1000) * 1000) / 60_000);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

const displayFormatters: Record<Locale, Intl.DateTimeFormat> = {
  uk: new Intl.DateTimeFormat('uk', { day: 'numeric', month: 'long', timeZone: DISPLAY_TIME_ZONE }),
  en: new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', timeZone: DISPLAY_TIME_ZONE }),
};

/** SPEC.md §9: "day month-name, HH:mm" (`12 березня, 14:30` / `12 March, 14:30`), in Kyiv time. */
export function displayDate(date: Date, locale: Locale): string {
  const p = partsIn(date, DISPLAY_TIME_ZONE);
  return `${displayFormatters[locale].format(date)}, ${pad(p.hour)}:${pad(p.minute)}`;
}

/** Both languages at once, for texts the notifications service picks from. */
export const displayDates = (date: Date) => ({ uk: displayDate(date, 'uk'), en: displayDate(date, 'en') });

/** RFC 5545 UTC date-time: `YYYYMMDDTHHMMSSZ`. */
export const icsDateTime = (date: Date) => date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
