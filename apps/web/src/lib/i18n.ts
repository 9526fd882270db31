import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { browserLocale, isLocale, LANGUAGE_COOKIE, locales, type Locale } from '@rozmova/contracts';
import { runtimeConfig } from './runtime-config.ts';

export const LANGUAGE_STORAGE_KEY = 'rozmova-language';

const localeLoaders: Record<Locale, () => Promise<{ default: unknown }>> = {
  en: () => import('../locales/en.json'),
  uk: () => import('../locales/uk.json'),
};

const lazyLocales: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, _namespace, callback) {
    const load = isLocale(language) ? localeLoaders[language] : localeLoaders.en;
    load().then(
      (module) => callback(null, module.default as ResourceKey),
      (error: unknown) => {
        console.error(`Could not load the ${language} translation`, error);
        callback(error as Error, false);
      },
    );
  },
};

function storedLanguage(): Locale | undefined {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLocale(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

export function currentLocale(): Locale {
  return isLocale(i18next.resolvedLanguage) ? i18next.resolvedLanguage : 'en';
}

/** The server reads the choice from a cookie to send a prerendered page in that language (docs/prerendering.md). */
function rememberForServer(locale: Locale): void {
  document.cookie = `${LANGUAGE_COOKIE}=${locale}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

/** A prerendered page starts in the language of its HTML; a choice kept only here (not yet in the cookie) follows it. */
export async function initI18n(prerendered?: Locale): Promise<void> {
  i18next.on('languageChanged', (language) => {
    document.documentElement.lang = language;
  });
  await i18next
    .use(lazyLocales)
    .use(initReactI18next)
    .init({
      // A choice made in the header wins; else the browser's preference; else the service's default (English).
      lng: prerendered ?? storedLanguage() ?? browserLocale(navigator.languages) ?? runtimeConfig.default_locale,
      // Both translations have the same keys (locales.test.ts): a Ukrainian page need not fetch the English one as well.
      fallbackLng: false,
      supportedLngs: [...locales],
      load: 'languageOnly',
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
      showSupportNotice: false,
    });
  document.documentElement.lang = currentLocale();
  const stored = storedLanguage();
  if (stored) rememberForServer(stored);
  // Fetched while the page hydrates, so that the switch after it has its texts at once.
  if (stored && stored !== currentLocale()) void i18next.loadLanguages(stored);
}

/** After a prerendered page is hydrated: a choice the server did not know yet takes over. */
export async function followStoredLanguage(): Promise<void> {
  const stored = storedLanguage();
  if (stored && stored !== currentLocale()) await i18next.changeLanguage(stored);
}

/** Switches the interface language and remembers the choice for the next visits. */
export async function switchLanguage(locale: Locale): Promise<void> {
  rememberForServer(locale);
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, locale);
  } catch {
    // Private mode: the choice lasts for this visit only.
  }
  await i18next.changeLanguage(locale);
}

/** A signed-in person's saved language wins over this browser's (docs/product.md §6). */
export async function followSavedLocale(locale: Locale): Promise<void> {
  if (i18next.isInitialized && locale !== currentLocale()) await switchLanguage(locale);
}
