const pad = (value: number) => String(value).padStart(2, '0');

/** SPEC.md §3 `reference_createdAt_label`: the local date as dd.MM.YY; an unreadable date gives an empty text. */
export function dateLabel(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${pad(date.getDate())}.${pad(date.getMonth() + 1)}.${pad(date.getFullYear() % 100)}`;
}

/** A date and time in the reader's language, e.g. "12 March 2025, 14:05". */
export function dateTimeText(iso: string, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale === 'uk' ? 'uk-UA' : 'en-GB', { dateStyle: 'long', timeStyle: 'short' }).format(date);
}
