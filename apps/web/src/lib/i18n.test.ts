import { LANGUAGE_COOKIE } from '@rozmova/contracts';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../test/render.tsx';
import { currentLocale, followSavedLocale, followStoredLanguage, LANGUAGE_STORAGE_KEY, switchLanguage } from './i18n.ts';

beforeEach(async () => {
  await i18next.changeLanguage('en');
});
afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
  document.cookie = `${LANGUAGE_COOKIE}=; Path=/; Max-Age=0`;
});

const cookieLanguage = () =>
  document.cookie
    .split('; ')
    .find((part) => part.startsWith(`${LANGUAGE_COOKIE}=`))
    ?.slice(LANGUAGE_COOKIE.length + 1);

describe('switching the language', () => {
  it('changes the texts and remembers the choice here and for the server', async () => {
    await switchLanguage('uk');
    expect(currentLocale()).toBe('uk');
    expect(i18next.t('header.login')).toBe('Увійти');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('uk');
    expect(cookieLanguage()).toBe('uk');
    await switchLanguage('en');
    expect(i18next.t('header.login')).toBe('Log in');
    expect(cookieLanguage()).toBe('en');
  });

  it('still switches for this visit when the browser keeps nothing (private mode)', async () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('Quota exceeded', 'QuotaExceededError');
    });
    await switchLanguage('uk');
    expect(currentLocale()).toBe('uk');
  });
});

describe('the language a page starts in', () => {
  it('takes the choice kept in this browser', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'uk');
    await followStoredLanguage();
    expect(currentLocale()).toBe('uk');
  });

  it('stays as it is without a kept choice, or with one it does not know', async () => {
    await followStoredLanguage();
    expect(currentLocale()).toBe('en');
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'de');
    await followStoredLanguage();
    expect(currentLocale()).toBe('en');
  });

  it('takes a signed-in person’s saved language over this browser’s, and keeps it', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    await followSavedLocale('uk');
    expect(currentLocale()).toBe('uk');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('uk');
  });

  it('reads an unknown interface language as English', async () => {
    await i18next.changeLanguage('de');
    expect(currentLocale()).toBe('en');
  });
});
