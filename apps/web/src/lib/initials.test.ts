import { describe, expect, it } from 'vitest';
import { initials } from './initials.ts';

describe('initials (SPEC.md §9)', () => {
  it('takes the first letters of the first two words', () => {
    expect(initials('Olena Kovalenko')).toBe('OK');
    expect(initials('Олена Іванівна Коваленко')).toBe('ОІ');
  });

  it('gives one letter for one word and nothing for an empty name', () => {
    expect(initials('Taras')).toBe('T');
    expect(initials('   ')).toBe('');
  });

  it('ignores extra spaces and upper-cases', () => {
    expect(initials('  anna   maria  ')).toBe('AM');
  });

  it('keeps a letter outside the basic plane whole', () => {
    expect(initials('𝒜lice Bee')).toBe('𝒜B');
  });
});
