import { describe, expect, it } from 'vitest';
import { browserLocale } from './language.ts';

describe('browserLocale: the first preferred language the interface has (docs/product.md §6)', () => {
  it.each([
    [['uk-UA', 'uk', 'en-US'], 'uk'],
    [['uk'], 'uk'],
    [['ru-UA', 'uk-UA', 'en'], 'uk'],
    [['en-GB', 'uk'], 'en'],
    [['pl-PL', 'de'], undefined],
    [[], undefined],
    [['UK-ua'], 'uk'],
  ] as const)('%o → %s', (preferred, locale) => {
    expect(browserLocale(preferred)).toBe(locale);
  });
});
