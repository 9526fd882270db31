import { describe, expect, it } from 'vitest';
import { appointmentDateText, dayKey, dayText, monthGrid, slotsByDay, timeText, timeZoneText, weekdayNames } from './appointment-dates.ts';

describe('appointment dates', () => {
  it('shows day, month name and HH:mm in the interface language and the reader’s zone (docs/product.md §9)', () => {
    const start = '2026-03-12T14:05:00+02:00';
    expect(appointmentDateText(start, 'en', 'Europe/Kyiv')).toBe('12 March, 14:05');
    expect(appointmentDateText(start, 'uk', 'Europe/Kyiv')).toBe('12 березня, 14:05');
    expect(appointmentDateText(start, 'en', 'UTC')).toBe('12 March, 12:05');
    expect(appointmentDateText('not a date', 'en')).toBe('');
  });

  it('reads a time in another zone, across midnight', () => {
    expect(timeText('2026-03-12T00:30:00+02:00', 'UTC')).toBe('22:30');
    expect(dayKey('2026-03-12T00:30:00+02:00', 'UTC')).toBe('2026-03-11');
    expect(dayKey('2026-03-12T00:30:00+02:00', 'Europe/Kyiv')).toBe('2026-03-12');
  });

  it('groups slots by the reader’s day in time order', () => {
    const groups = slotsByDay(['2026-03-12T10:00:00+02:00', '2026-03-12T01:00:00+02:00', '2026-03-11T18:00:00+02:00'], 'UTC');
    expect([...groups.entries()]).toEqual([
      ['2026-03-11', ['2026-03-11T18:00:00+02:00', '2026-03-12T01:00:00+02:00']],
      ['2026-03-12', ['2026-03-12T10:00:00+02:00']],
    ]);
  });

  it('lays a month out in weeks from Monday', () => {
    // March 2026 starts on a Sunday: six leading blanks, 31 days, five weeks and a bit.
    const weeks = monthGrid(2026, 2);
    expect(weeks[0]).toEqual([null, null, null, null, null, null, '2026-03-01']);
    expect(weeks.at(-1)).toEqual(['2026-03-30', '2026-03-31', null, null, null, null, null]);
    expect(weeks.flat().filter(Boolean)).toHaveLength(31);
    expect(monthGrid(2026, 5)[0]?.[0]).toBe('2026-06-01');
  });

  it('names days, weekdays and zones', () => {
    expect(dayText('2026-03-12', 'en')).toBe('Thursday 12 March');
    expect(dayText('2026-03-12', 'uk')).toBe('четвер, 12 березня');
    expect(weekdayNames('en')[0]).toBe('Mon');
    expect(weekdayNames('en')).toHaveLength(7);
    expect(timeZoneText(new Date('2026-07-01T12:00:00Z'), 'Europe/Kyiv')).toBe('Europe/Kyiv, GMT+3');
    expect(timeZoneText(new Date('2026-01-01T12:00:00Z'), 'Europe/Kyiv')).toBe('Europe/Kyiv, GMT+2');
    expect(timeZoneText(new Date('2026-01-01T12:00:00Z'), 'UTC')).toBe('UTC');
  });
});
