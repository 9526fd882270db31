import { describe, expect, it } from 'vitest';
import { dateLabel } from './dates.ts';

describe('dateLabel (reference_createdAt_label, docs/product.md §3)', () => {
  it('gives the local date as dd.MM.YY', () => {
    expect(dateLabel(new Date(2025, 2, 5, 10, 30).toISOString())).toBe('05.03.25');
    expect(dateLabel(new Date(2009, 11, 31, 23, 59).toISOString())).toBe('31.12.09');
    expect(dateLabel(new Date(2030, 0, 1, 0, 0).toISOString())).toBe('01.01.30');
  });

  it('gives an empty text for a date it cannot read', () => {
    expect(dateLabel('yesterday')).toBe('');
  });
});
