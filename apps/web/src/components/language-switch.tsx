import { locales, type Locale } from '@rozmova/contracts';
import { useTranslation } from 'react-i18next';
import { authStore, useAuth } from '../lib/auth-store.ts';
import { currentLocale, switchLanguage } from '../lib/i18n.ts';
import { PlainSelect } from './plain-select.tsx';

const languageNames: Record<Locale, string> = { en: 'English', uk: 'Українська' };

/** Switches the interface language; a signed-in user's letters follow the choice. */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const { user } = useAuth();
  // The profile is saved at once, not after the new language's texts have loaded: a page opened right after the choice
  // restores the profile, whose language wins, and would otherwise bring the old one back.
  const change = async (locale: Locale) => {
    const saved = user && user.locale !== locale ? authStore.updateProfile({ locale }).catch(() => undefined) : undefined;
    await switchLanguage(locale);
    await saved;
  };
  return (
    <PlainSelect
      label={t('header.language')}
      value={currentLocale()}
      onChange={(locale) => void change(locale)}
      options={locales.map((locale) => ({ value: locale, label: languageNames[locale] }))}
      width={120}
    />
  );
}
