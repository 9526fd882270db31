import { describe, expect, test } from 'vitest';
import { displayDate } from './display-date.ts';

describe('dates', () => {
  test('docs/product.md §9 display: day, month name, HH:mm in Kyiv time, Ukrainian or English', () => {
    expect(displayDate(new Date('2027-03-12T12:30:00Z'), 'uk')).toBe('12 березня, 14:30');
    expect(displayDate(new Date('2027-03-12T12:30:00Z'), 'en')).toBe('12 March, 14:30');
    expect(displayDate(new Date('2027-07-01T21:05:00Z'), 'uk')).toBe('2 липня, 00:05');
  });
});
