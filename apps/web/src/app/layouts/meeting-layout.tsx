import { lazy, Suspense } from 'react';
import { Outlet, useSearchParams } from 'react-router';
import { PageShell } from './page-shell.tsx';
import { SiteHeader } from './site-header.tsx';

const AuthDialogs = lazy(() => import('../../features/auth/auth-dialogs.tsx'));

/**
 * The meeting room: the header (sign-in for a visitor; for a signed-in person the bell, the account menu and the
 * realtime connection the call uses) and the room below it, as tall as the window, without a footer. Signing in
 * from here stays on the room.
 */
export function MeetingLayout() {
  const [params] = useSearchParams();
  return (
    <PageShell header={<SiteHeader withAuth />} footer={false}>
      <Outlet />
      {params.has('auth') && (
        <Suspense fallback={null}>
          <AuthDialogs stay />
        </Suspense>
      )}
    </PageShell>
  );
}
