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
