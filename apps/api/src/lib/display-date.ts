import type { Locale } from '@rozmova/contracts';
import { pad2, wallClock } from '@rozmova/contracts';

/** Where people read dates in notifications and e-mails (docs/product.md §9: the Ukrainian locale; the service is in Ukraine). */
export const DISPLAY_TIME_ZONE = 'Europe/Kyiv';

const displayFormatters: Record<Locale, Intl.DateTimeFormat> = {
  uk: new Intl.DateTimeFormat('uk', { day: 'numeric', month: 'long', timeZone: DISPLAY_TIME_ZONE }),
  en: new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', timeZone: DISPLAY_TIME_ZONE }),
};

/** docs/product.md §9: "day month-name, HH:mm" (`12 березня, 14:30` / `12 March, 14:30`), in Kyiv time. */
export function displayDate(date: Date, locale: Locale): string {
  const wall = new Date(wallClock(date.getTime(), DISPLAY_TIME_ZONE));
  return `${displayFormatters[locale].format(date)}, ${pad2(wall.getUTCHours())}:${pad2(wall.getUTCMinutes())}`;
}

/** Both languages at once, for texts the notifications service picks from. */
export const displayDates = (date: Date) => ({ uk: displayDate(date, 'uk'), en: displayDate(date, 'en') });
