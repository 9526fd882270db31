import { describe, expect, it } from 'vitest';
import { specialisationOf } from './doctors.ts';

describe('specialisationOf', () => {
  it('reads a known specialisation', () => {
    expect(specialisationOf('psychologist')).toBe('psychologist');
  });

  it('ignores none, an empty one and an unknown one', () => {
    expect(specialisationOf(null)).toBeUndefined();
    expect(specialisationOf('')).toBeUndefined();
    expect(specialisationOf('astrologer')).toBeUndefined();
  });
});
