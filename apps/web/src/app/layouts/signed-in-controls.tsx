import { webPages, type User } from '@rozmova/contracts';
import { lazy, Suspense } from 'react';
import { matchPath, useLocation } from 'react-router';
import { UserMenu } from '../../components/user-menu.tsx';
import { isUnclaimed } from '../../lib/auth-store.ts';
import NotificationBell from '../../features/notifications/notification-bell.tsx';
import PushToasts from '../push-toasts.tsx';

// socket.io-client comes with this chunk, loaded after the header's controls.
const Realtime = lazy(() => import('../realtime.tsx'));
const SupportLauncher = lazy(() => import('../../features/support-chat/support-launcher.tsx'));

/** The meeting room has its own chat, and the cabinet's chat tab is the conversation itself: no floating button there. */
function showsSupportLauncher(pathname: string, search: string): boolean {
  if (matchPath(webPages.meeting, pathname)) return false;
  return !(matchPath(webPages.cabinet, pathname) && new URLSearchParams(search).get('tab') === 'chat');
}

/**
 * The header's controls for a signed-in person: the notification bell, the account menu, the realtime connection,
 * web push in the page and, for a patient, the support chat's floating button. The header loads this chunk lazily and
 * renders it only while a user is loaded, so none of it is in the landing page's first download; the connection is
 * open on every page with a header, and logout (no user) closes it.
 */
export default function SignedInControls({ user }: { user: User }) {
  const location = useLocation();
  // An applicant (role `none`) has no notifications, chat or push until approved: only the account menu.
  if (user.user_role === 'none') return <UserMenu user={user} />;
  // A landing booking's unclaimed account: its consultation's events, no notices, chat or push until the e-mail is proved.
  if (isUnclaimed(user)) {
    return (
      <>
        <Suspense fallback={null}>
          <Realtime key={user.id} userId={user.id} />
        </Suspense>
        <UserMenu user={user} />
      </>
    );
  }
  return (
    <>
      <Suspense fallback={null}>
        <Realtime key={user.id} userId={user.id} />
      </Suspense>
      <PushToasts userId={user.id} />
      {user.user_role === 'patient' && showsSupportLauncher(location.pathname, location.search) && (
        <Suspense fallback={null}>
          <SupportLauncher key={user.id} userId={user.id} />
        </Suspense>
      )}
      <NotificationBell userId={user.id} />
      <UserMenu user={user} />
    </>
  );
}
