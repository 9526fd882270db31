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
  const change = async (locale: Locale) => {
    await switchLanguage(locale);
    if (user && user.locale !== locale) await authStore.updateProfile({ locale }).catch(() => undefined);
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
