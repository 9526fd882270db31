import { authApi, LANGUAGE_COOKIE, type User } from '@rozmova/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '../lib/i18n.ts';
import { createApiDouble } from '../test/api-double.ts';
import { aUser } from '../test/people.ts';
import { show } from '../test/render.tsx';
import { LanguageSwitch } from './language-switch.tsx';

afterEach(() => {
  localStorage.clear();
  document.cookie = `${LANGUAGE_COOKIE}=; Path=/; Max-Age=0`;
});

/** The switch with a text of the page under it. */
function Header() {
  const { t } = useTranslation();
  return (
    <>
      <LanguageSwitch />
      <p>{t('header.login')}</p>
    </>
  );
}

describe('the language switch', () => {
  it('switches the texts to Ukrainian and remembers the choice for the next visit', async () => {
    const user = userEvent.setup();
    await show(<Header />);
    expect(screen.getByText('Log in')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'Українська');
    expect(await screen.findByText('Увійти')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Мова' })).toHaveValue('uk');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('uk');
    // The server sends the next prerendered page in the chosen language.
    expect(document.cookie.split('; ')).toContain(`${LANGUAGE_COOKIE}=uk`);
  });

  it('switches back to English', async () => {
    const user = userEvent.setup();
    await show(<Header />, { locale: 'uk' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Мова' }), 'English');
    expect(await screen.findByText('Log in')).toBeInTheDocument();
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
  });

  it('saves a signed-in person’s choice to the profile, so the letters follow it', async () => {
    const api = createApiDouble();
    let profile: User = aUser('patient');
    await show(<Header />, { api, user: profile });
    api.on(authApi.updateProfile, ({ body }) => {
      profile = { ...profile, ...(body as Partial<User>) };
      return { body: profile };
    });
    api.on(authApi.profile, () => ({ body: profile }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'uk');
    expect(await screen.findByText('Увійти')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo(authApi.updateProfile).map((call) => call.body)).toEqual([{ locale: 'uk' }]));
    // The reloaded profile keeps the new language: the page does not flip back.
    await waitFor(() => expect(api.callsTo(authApi.profile).length).toBeGreaterThanOrEqual(2));
    expect(i18next.resolvedLanguage).toBe('uk');
    expect(screen.getByText('Увійти')).toBeInTheDocument();
  });

  it('still switches when the profile cannot be saved', async () => {
    const api = createApiDouble();
    await show(<Header />, { api, user: aUser('patient') });
    api.on(authApi.updateProfile, { status: 500, error: { code: 'INTERNAL_ERROR', message: 'Boom' } });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'uk');
    expect(await screen.findByText('Увійти')).toBeInTheDocument();
    expect(api.callsTo(authApi.updateProfile)).toHaveLength(1);
  });

  it('leaves a visitor’s profile alone', async () => {
    const api = createApiDouble();
    await show(<Header />, { api });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'uk');
    expect(await screen.findByText('Увійти')).toBeInTheDocument();
    expect(api.callsTo(authApi.updateProfile)).toEqual([]);
  });
});
