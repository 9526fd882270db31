import { MantineProvider, localStorageColorSchemeManager } from '@mantine/core';
import { lazy, Suspense, useEffect, useLayoutEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { LoadingBar } from '../components/loading-bar.tsx';
import { analyticsSetup } from '../lib/analytics.ts';
import { authStore } from '../lib/auth-store.ts';
import { followStoredLanguage } from '../lib/i18n.ts';
import { useHydrated } from '../lib/use-hydrated.ts';
import { forcedColorSchemeOf } from './forced-color-schemes.ts';
import { PageTitle } from './page-title.tsx';
import { buildTheme, cssVariablesResolver } from './theme.ts';
import { Updates } from './updates.tsx';

const Toasts = lazy(() => import('../components/toasts.tsx'));
// Downloaded only when a tag manager or a pixel is configured: the cookie banner and the consent-gated scripts.
const ConsentRoot = analyticsSetup ? lazy(() => import('../features/consent/consent-root.tsx')) : null;

export const colorSchemeManager = localStorageColorSchemeManager({ key: 'rozmova-color-scheme' });

/** Providers that need the router: the theme (a route may force its colour scheme), toasts and the loading bar. */
export function AppRoot() {
  const { t } = useTranslation();
  const closeLabel = t('common.close');
  const theme = useMemo(() => buildTheme(closeLabel), [closeLabel]);
  const forceColorScheme = forcedColorSchemeOf(useLocation().pathname);
  // Toasts, update detection and the cookie banner belong to the browser only: none is in a prerendered page's HTML;
  // the page's form controls are disabled in it.
  const hydrated = useHydrated();
  useEffect(() => {
    void authStore.restoreSession();
    // After the hydration's commit: a language change while a prerendered page hydrates (a transition) would not match
    // its HTML, and React would render the whole page afresh.
    void followStoredLanguage();
  }, []);
  // MantineProvider's first layout effect paints the stored scheme and only its later effect the forced one, which a
  // hydration (whose effects may wait for a frame) shows as a flash. This parent's layout effect runs after it.
  useLayoutEffect(() => {
    if (forceColorScheme) document.documentElement.setAttribute('data-mantine-color-scheme', forceColorScheme);
  }, [forceColorScheme]);
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="auto"
      forceColorScheme={forceColorScheme}
    >
      <LoadingBar />
      {hydrated && (
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
      )}
      {hydrated && <Updates />}
      <ScrollRestoration />
      <PageTitle>
        {/* A prerendered page's controls wait for hydration: a tap or a typed word before it would be lost. Links work. */}
        <fieldset className="hydration-guard" role="none" disabled={!hydrated}>
          <Outlet />
        </fieldset>
      </PageTitle>
      {hydrated && ConsentRoot && analyticsSetup && (
        <Suspense fallback={null}>
          <ConsentRoot setup={analyticsSetup} />
        </Suspense>
      )}
    </MantineProvider>
  );
}
