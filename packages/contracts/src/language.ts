import { locales, type Locale } from './constants.ts';

/** The cookie that carries the language chosen in the header to the server, which sends prerendered pages in it. */
export const LANGUAGE_COOKIE = 'rozmova-language';

export const isLocale = (value: unknown): value is Locale => locales.includes(value as Locale);

/**
 * The first of the preferred languages (best first) that the interface has, by primary tag (`uk-UA` → `uk`); undefined
 * when none is (docs/product.md §6: English then, docs/product.md §9's fallback).
 */
export function browserLocale(preferred: readonly string[]): Locale | undefined {
  for (const tag of preferred) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isLocale(primary)) return primary;
  }
  return undefined;
}
