/**
 * Numbers, money and dates in the interface language: the one place that maps it to an Intl locale (Ukrainian as in
 * Ukraine; English as in Britain, day before month and a 24-hour clock).
 */
export const intlLocale = (locale: string | undefined): string => (locale === 'uk' ? 'uk-UA' : 'en-GB');

/** Prices travel in kopiyky; people type and read hryvnias. */
export const kopiykyToUah = (kopiyky: number): number => kopiyky / 100;
export const uahToKopiyky = (uah: number): number => Math.round(uah * 100);

/** A price in kopiyky as hryvnias in the reader's language ("1 200 ₴", "UAH 1,200.50"), without kopiyky when there are none. */
export function priceText(kopiyky: number, locale: string): string {
  const whole = kopiyky % 100 === 0;
  return new Intl.NumberFormat(intlLocale(locale), {
    style: 'currency',
    currency: 'UAH',
    currencyDisplay: locale === 'uk' ? 'symbol' : 'code',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(kopiykyToUah(kopiyky));
}

/** A date and time in the reader's language and time zone, e.g. "12 March 2025, 14:05"; an unreadable date gives an empty text. */
export function dateTimeText(iso: string, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'long', timeStyle: 'short' }).format(date);
}

/** A number with at most `fractionDigits` decimals in the reader's language ("4,5" / "4.5"). */
export const numberText = (value: number, locale: string, fractionDigits = 1): string =>
  new Intl.NumberFormat(intlLocale(locale), { maximumFractionDigits: fractionDigits }).format(value);
