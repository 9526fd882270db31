import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { authApi, type Locale, type User } from '@rozmova/contracts';
import en from '../locales/en.json';
import uk from '../locales/uk.json';
import { authStore } from '../lib/auth-store.ts';
import type { ApiDouble } from './api-double.ts';

await i18next.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: false,
  resources: { en: { translation: en }, uk: { translation: uk } },
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
  showSupportNotice: false,
});

export interface ShowOptions {
  /** The interface language (English unless named). */
  locale?: Locale;
  /** The address the page is shown at, and the route pattern it is mounted on when it reads parameters. */
  at?: string;
  route?: string;
  /** The signed-in person, if any: signed in as the app does, through the profile call the double answers. */
  user?: User | null;
  api?: ApiDouble;
}

/**
 * Renders a page or a form as the app does: Mantine, a query cache without retries, the router at `at` and the
 * translations of both languages. Calls go to `fetch`, which a test answers with `createApiDouble`.
 */
export async function show(element: ReactNode, { locale = 'en', at = '/', route, user = null, api }: ShowOptions = {}) {
  if (user) {
    if (!api) throw new Error('A signed-in page needs the API double to answer the profile call');
    api.on(authApi.profile, { body: user });
    await authStore.signInWithToken('test-session');
  } else {
    authStore.forgetSession();
  }
  await i18next.changeLanguage(locale);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: route ?? at.split('?')[0], element },
      { path: '*', element: <p>Left to another page</p> },
    ],
    { initialEntries: [at] },
  );
  const view = render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...view, router, queryClient };
}
