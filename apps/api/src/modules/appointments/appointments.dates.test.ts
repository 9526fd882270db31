import { describe, expect, test } from 'vitest';
import { displayDate, formatInZone, icsDateTime } from './appointments.dates.ts';
import { escapeText, foldLine, renderCalendar } from './appointments.ics.ts';

describe('dates', () => {
  test('SPEC.md §5 format in the doctor zone, across the daylight-saving change of Europe/Kyiv', () => {
    expect(formatInZone(new Date('2027-01-13T10:00:00Z'), 'Europe/Kyiv')).toBe('2027-01-13T12:00:00+02:00');
    expect(formatInZone(new Date('2027-07-13T10:00:00Z'), 'Europe/Kyiv')).toBe('2027-07-13T13:00:00+03:00');
    // 28 March 2027: 03:00 Kyiv becomes 04:00.
    expect(formatInZone(new Date('2027-03-28T00:59:59Z'), 'Europe/Kyiv')).toBe('2027-03-28T02:59:59+02:00');
    expect(formatInZone(new Date('2027-03-28T01:00:00Z'), 'Europe/Kyiv')).toBe('2027-03-28T04:00:00+03:00');
    expect(formatInZone(new Date('2027-01-13T10:00:00Z'), 'America/St_Johns')).toBe('2027-01-13T06:30:00-03:30');
    expect(formatInZone(new Date('2027-01-13T10:00:00Z'), 'UTC')).toBe('2027-01-13T10:00:00+00:00');
  });

  test('SPEC.md §9 display: day, month name, HH:mm in Kyiv time, Ukrainian or English', () => {
    expect(displayDate(new Date('2027-03-12T12:30:00Z'), 'uk')).toBe('12 березня, 14:30');
    expect(displayDate(new Date('2027-03-12T12:30:00Z'), 'en')).toBe('12 March, 14:30');
    expect(displayDate(new Date('2027-07-01T21:05:00Z'), 'uk')).toBe('2 липня, 00:05');
  });
});

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
