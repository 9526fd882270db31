import type { User } from '@rozmova/contracts';
import { lazy, Suspense } from 'react';
import { UserMenu } from '../../components/user-menu.tsx';
import NotificationBell from '../../features/notifications/notification-bell.tsx';

// socket.io-client comes with this chunk, loaded after the header's controls.
const Realtime = lazy(() => import('../realtime.tsx'));

/**
 * The header's controls for a signed-in person: the notification bell, the account menu and the realtime connection.
 * The header loads this chunk lazily and renders it only while a user is loaded, so none of it is in the landing
 * page's first download; the connection is open on every page with a header, and logout (no user) closes it.
 */
export default function SignedInControls({ user }: { user: User }) {
  return (
    <>
      <Suspense fallback={null}>
        <Realtime key={user.id} userId={user.id} />
      </Suspense>
      <NotificationBell userId={user.id} />
      <UserMenu user={user} />
    </>
  );
}
