import { describe, expect, test } from 'vitest';
import { escapeText, foldLine, icsDateTime, renderCalendar } from './appointments.ics.ts';

describe('calendar file', () => {
  test('TEXT values are escaped and long lines folded at 75 octets without splitting a character', () => {
    expect(escapeText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
    const long = `SUMMARY:${'Онлайн-консультація '.repeat(6)}`;
    const folded = foldLine(long);
    for (const line of folded.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, '')).toBe(long);
    expect(icsDateTime(new Date('2027-01-13T10:00:00.123Z'))).toBe('20270113T100000Z');
  });

  test('line breaks become \\n, carriage returns and other control characters are dropped, tabs stay', () => {
    expect(escapeText('Рядок 1\r\nРядок 2\nРядок 3')).toBe('Рядок 1\\nРядок 2\\nРядок 3');
    expect(escapeText('Olena\rBEGIN:VALARM')).toBe('OlenaBEGIN:VALARM');
    expect(escapeText('a\u0000b\u001bc\u007fd\te')).toBe('abcd\te');
    expect(escapeText('Коваленко, Олена; "мол."')).toBe('Коваленко\\, Олена\\; "мол."');
  });

  test('folding counts UTF-8 octets and never splits a Cyrillic letter or an emoji', () => {
    const long = `SUMMARY;LANGUAGE=uk:${escapeText('Онлайн-консультація: Олександра-Соломія Костянтинівна Григоренко-Верхньодніпровська 👩‍⚕️🇺🇦, м. Київ; 2-й поверх\nкаб. 5')}`;
    const folded = foldLine(long);
    const lines = folded.split('\r\n');
    expect(lines.length).toBeGreaterThan(3);
    for (const line of lines) {
      expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
      expect(line).not.toContain('\uFFFD');
      // No line starts or ends inside a surrogate pair.
      expect(/^[\uDC00-\uDFFF]|[\uD800-\uDBFF]$/.test(line)).toBe(false);
    }
    for (const line of lines.slice(1)) expect(line.startsWith(' ')).toBe(true);
    expect(folded.replace(/\r\n /g, '')).toBe(long);
    expect(foldLine('x'.repeat(75))).toBe('x'.repeat(75));
    expect(foldLine('x'.repeat(76))).toBe(`${'x'.repeat(75)}\r\n x`);
  });

  test('a whole file has CRLF line ends only, even when a stored name holds line breaks', () => {
    const text = renderCalendar(
      {
        uid: 'x@host',
        stamp: new Date(0),
        start: new Date(0),
        end: new Date(3_000_000),
        summary: 'Онлайн-консультація: Olena\rEND:VEVENT\nBEGIN:VEVENT, 👩‍⚕️',
        description: 'Приєднатися;\r\nhttps://rozmova.test/meet/1',
        cancelled: false,
        sequence: 0,
      },
      'uk',
    );
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const unfolded = text.replace(/\r\n /g, '').split('\r\n');
    expect(unfolded.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(1);
    expect(unfolded).toContain('SUMMARY;LANGUAGE=uk:Онлайн-консультація: OlenaEND:VEVENT\\nBEGIN:VEVENT\\, 👩‍⚕️');
    expect(unfolded).toContain('DESCRIPTION;LANGUAGE=uk:Приєднатися\\;\\nhttps://rozmova.test/meet/1');
  });

  test('a cancelled appointment is STATUS:CANCELLED without an alarm', () => {
    const text = renderCalendar(
      { uid: 'x@host', stamp: new Date(0), start: new Date(0), end: new Date(3_000_000), summary: 'S', cancelled: true, sequence: 2 },
      'en',
    );
    expect(text).toContain('STATUS:CANCELLED\r\n');
    expect(text).toContain('SEQUENCE:2\r\n');
    expect(text).not.toContain('VALARM');
  });
});
