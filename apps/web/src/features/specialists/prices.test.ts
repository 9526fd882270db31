import { describe, expect, it } from 'vitest';
import { priceRanges } from './prices.ts';

describe('priceRanges', () => {
  it('gives the lowest and highest price and length per specialisation, in the list order', () => {
    const ranges = priceRanges([
      { specialisations: ['psychiatrist', 'psychologist'], price: 150_000, consultation_minutes: 50 },
      { specialisations: ['psychologist'], price: 90_000, consultation_minutes: 60 },
      { specialisations: ['psychologist', 'psychologist'], price: 120_000, consultation_minutes: 50 },
    ]);
    expect(ranges).toEqual([
      { specialisation: 'psychologist', minPrice: 90_000, maxPrice: 150_000, minMinutes: 50, maxMinutes: 60, doctors: 3 },
      { specialisation: 'psychiatrist', minPrice: 150_000, maxPrice: 150_000, minMinutes: 50, maxMinutes: 50, doctors: 1 },
    ]);
  });

  it('is empty without doctors', () => {
    expect(priceRanges([])).toEqual([]);
  });
});
