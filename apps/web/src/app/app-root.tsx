import { MantineProvider, localStorageColorSchemeManager } from '@mantine/core';
import { lazy, Suspense, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useMatches } from 'react-router';
import { LoadingBar } from '../components/loading-bar.tsx';
import { authStore } from '../lib/auth-store.ts';
import type { RouteHandle } from './route-handle.ts';
import { buildTheme, cssVariablesResolver } from './theme.ts';

const Toasts = lazy(() => import('../components/toasts.tsx'));

export const colorSchemeManager = localStorageColorSchemeManager({ key: 'rozmova-color-scheme' });

function useForcedColorScheme(): RouteHandle['colorScheme'] {
  const matches = useMatches();
  return matches.map((match) => (match.handle as RouteHandle | undefined)?.colorScheme).findLast(Boolean);
}

/** Providers that need the router: the theme (a route may force its colour scheme), toasts and the loading bar. */
export function AppRoot() {
  const { t } = useTranslation();
  const closeLabel = t('common.close');
  const theme = useMemo(() => buildTheme(closeLabel), [closeLabel]);
  const forceColorScheme = useForcedColorScheme();
  useEffect(() => {
    void authStore.restoreSession();
  }, []);
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="auto"
      forceColorScheme={forceColorScheme}
    >
      <LoadingBar />
      <Suspense fallback={null}>
        <Toasts />
      </Suspense>
      <ScrollRestoration />
      <Outlet />
    </MantineProvider>
  );
}
