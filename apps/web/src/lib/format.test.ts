import { describe, expect, it } from 'vitest';
import { dateTimeText, intlLocale, numberText, priceText } from './format.ts';

describe('format', () => {
  it('maps the interface language to one Intl locale', () => {
    expect(intlLocale('uk')).toBe('uk-UA');
    expect(intlLocale('en')).toBe('en-GB');
  });

  it('shows kopiyky as hryvnias, with kopiyky only when there are some', () => {
    expect(priceText(120_000, 'uk').replace(/\s/g, ' ')).toMatch(/^1 200 (₴|грн)$/);
    expect(priceText(120_050, 'en').replace(/\s/g, ' ')).toBe('UAH 1,200.50');
    expect(priceText(125_050, 'uk').replace(/\s/g, ' ')).toMatch(/^1 250,50 (₴|грн)$/);
    expect(priceText(0, 'en').replace(/\s/g, ' ')).toBe('UAH 0');
  });

  it('writes a date and time in the reader’s language, and nothing for a date it cannot read', () => {
    const instant = new Date(2025, 2, 12, 14, 5).toISOString();
    expect(dateTimeText(instant, 'en')).toMatch(/^12 March 2025(,| at) 14:05$/);
    expect(dateTimeText(instant, 'uk')).toMatch(/^12 березня 2025( р\.)?(,| о) 14:05$/);
    expect(dateTimeText('yesterday', 'en')).toBe('');
  });

  it('writes decimals as the language does', () => {
    expect(numberText(4.46, 'en')).toBe('4.5');
    expect(numberText(4.46, 'uk')).toBe('4,5');
    expect(numberText(1.25, 'en', 2)).toBe('1.25');
  });
});
