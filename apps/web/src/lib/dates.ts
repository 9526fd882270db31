const pad = (value: number) => String(value).padStart(2, '0');

/** docs/product.md §3 `reference_createdAt_label`: the local date as dd.MM.YY; an unreadable date gives an empty text. */
export function dateLabel(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${pad(date.getDate())}.${pad(date.getMonth() + 1)}.${pad(date.getFullYear() % 100)}`;
}
