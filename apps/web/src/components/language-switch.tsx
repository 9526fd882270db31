import { NativeSelect } from '@mantine/core';
import { locales, type Locale } from '@rozmova/contracts';
import { useTranslation } from 'react-i18next';
import { authStore, useAuth } from '../lib/auth-store.ts';
import { currentLocale, switchLanguage } from '../lib/i18n.ts';

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
    <NativeSelect
      aria-label={t('header.language')}
      value={currentLocale()}
      onChange={(event) => void change(event.currentTarget.value as Locale)}
      data={locales.map((locale) => ({ value: locale, label: languageNames[locale] }))}
      size="xs"
      w={120}
    />
  );
}
