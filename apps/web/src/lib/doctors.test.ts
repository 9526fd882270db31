import { describe, expect, it } from 'vitest';
import { consultationLanguages } from '@rozmova/contracts';
import { languageText, specialisationOf } from './doctors.ts';

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

describe('languageText', () => {
  it("names the ten offered languages as the reader's language does", () => {
    for (const locale of ['en', 'uk'] as const) {
      const names = new Intl.DisplayNames([locale], { type: 'language' });
      for (const code of consultationLanguages) expect(languageText(code, locale), `${code} in ${locale}`).toBe(names.of(code));
    }
  });

  it('names another saved code through Intl and leaves one it cannot read as it is', () => {
    expect(languageText('ja', 'en')).toBe('Japanese');
    expect(languageText('ja', 'uk')).toBe('японська');
    expect(languageText('constructor', 'en')).toBe('constructor');
    expect(languageText('1', 'uk')).toBe('1');
  });
});
