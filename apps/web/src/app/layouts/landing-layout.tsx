import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useSearchParams } from 'react-router';
import { PageShell } from './page-shell.tsx';
import { SiteHeader } from './site-header.tsx';
import { appPaths } from '../../lib/paths.ts';
import { runtimeConfig } from '../../lib/runtime-config.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';

const AuthDialogs = lazy(() => import('../../features/auth/auth-dialogs.tsx'));

export function LandingLayout() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  // A prerendered page's HTML has no dialog: one opened by the address (`?auth=`) comes after hydration.
  const hydrated = useHydrated();
  // APP_MODE: in `quizz` the start page is the self-check; in `doctor` the staff's site offers no self-check.
  const appMode = runtimeConfig.app_mode;
  const links = [
    { to: '/', label: t(appMode === 'quizz' ? 'nav.selfCheck' : 'nav.home') },
    ...(appMode === 'landing' ? [{ to: appPaths.diagnosis, label: t('nav.selfCheck') }] : []),
    { to: appPaths.specialists(), label: t('specialists.nav.specialists') },
    { to: appPaths.prices, label: t('specialists.nav.prices') },
    { to: appPaths.about, label: t('nav.about') },
    { to: appPaths.contacts, label: t('nav.contacts') },
  ];
  return (
    <PageShell header={<SiteHeader links={links} withAuth />}>
      <Outlet />
      {hydrated && params.has('auth') && (
        <Suspense fallback={null}>
          <AuthDialogs />
        </Suspense>
      )}
    </PageShell>
  );
}
