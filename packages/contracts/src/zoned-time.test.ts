import { describe, expect, test } from 'vitest';
import { dateInZone, dateOfDay, dayNumber, formatInZone, offsetAt, wallClock } from './zoned-time.ts';

const at = (iso: string) => new Date(iso);
const HOUR = 3_600_000;

describe('zoned time', () => {
  test.each([
    ['2026-01-15T10:00:00Z', 'Europe/Kyiv', '2026-01-15T12:00:00+02:00'],
    ['2026-07-15T10:00:00Z', 'Europe/Kyiv', '2026-07-15T13:00:00+03:00'],
    // 28 March 2027: 03:00 Kyiv becomes 04:00.
    ['2027-03-28T00:59:59Z', 'Europe/Kyiv', '2027-03-28T02:59:59+02:00'],
    ['2027-03-28T01:00:00Z', 'Europe/Kyiv', '2027-03-28T04:00:00+03:00'],
    ['2026-07-15T10:00:00Z', 'UTC', '2026-07-15T10:00:00+00:00'],
    ['2026-07-15T03:00:00Z', 'America/New_York', '2026-07-14T23:00:00-04:00'],
    ['2026-07-15T10:00:00Z', 'Asia/Kolkata', '2026-07-15T15:30:00+05:30'],
    ['2026-07-15T10:00:00Z', 'America/St_Johns', '2026-07-15T07:30:00-02:30'],
    ['2027-01-13T10:00:00Z', 'America/St_Johns', '2027-01-13T06:30:00-03:30'],
  ])('docs/product.md §5 format: %s in %s is %s', (instant, zone, expected) => {
    expect(formatInZone(at(instant), zone)).toBe(expected);
    // The text is the same instant.
    expect(new Date(expected).getTime()).toBe(at(instant).getTime());
  });

  test('wall clock and offset of an instant, across the daylight-saving change of Europe/Kyiv', () => {
    expect(new Date(wallClock(at('2027-03-28T00:59:59.750Z').getTime(), 'Europe/Kyiv')).toISOString()).toBe('2027-03-28T02:59:59.000Z');
    expect(offsetAt(at('2027-03-28T00:59:59Z').getTime(), 'Europe/Kyiv')).toBe(2 * HOUR);
    expect(offsetAt(at('2027-03-28T01:00:00Z').getTime(), 'Europe/Kyiv')).toBe(3 * HOUR);
    // A second time from the cache.
    expect(offsetAt(at('2027-03-28T01:00:00Z').getTime(), 'Europe/Kyiv')).toBe(3 * HOUR);
  });

  test('the calendar date in a zone, and day numbers', () => {
    expect(dateInZone(at('2026-06-01T21:30:00Z'), 'Europe/Kyiv')).toBe('2026-06-02');
    expect(dateInZone(at('2026-06-01T21:30:00Z'), 'UTC')).toBe('2026-06-01');
    expect(dayNumber('1970-01-02')).toBe(1);
    expect(dateOfDay(dayNumber('2026-06-01'))).toBe('2026-06-01');
  });
});
