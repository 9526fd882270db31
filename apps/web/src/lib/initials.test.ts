import { describe, expect, it } from 'vitest';
import { initials } from './initials.ts';

describe('initials (docs/product.md §9)', () => {
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

  it('skips titles before the name, with or without a dot, in both languages', () => {
    expect(initials('Др. Ігор Савчук')).toBe('ІС');
    expect(initials('Dr. Olena Kovalenko')).toBe('OK');
    expect(initials('Dr Olena Kovalenko')).toBe('OK');
    expect(initials('Prof. Anna Lee')).toBe('AL');
    expect(initials('проф. Марія Іваненко')).toBe('МІ');
    expect(initials('Prof. Dr. Anna Lee')).toBe('AL');
    expect(initials('Доц. Петро')).toBe('П');
  });

  it('keeps a word that only starts like a title, and a name made only of titles', () => {
    expect(initials('Drew Barry')).toBe('DB');
    expect(initials('Доценко Олег')).toBe('ДО');
    expect(initials('Dr.')).toBe('D');
  });
});
