/** A cell a spreadsheet would run as a formula starts with one of these; such a cell is written with a leading quote. */
const formulaStart = /^[=+\-@\t\r]/;

function cell(value: string | null): string {
  const text = value === null ? '' : formulaStart.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** RFC 4180 CSV with CRLF line ends and a UTF-8 byte order mark, so Excel reads Cyrillic names right. */
export function toCsv(header: readonly string[], rows: (string | null)[][]): string {
  return `\uFEFF${[header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}
