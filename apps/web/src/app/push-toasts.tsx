import { notifications } from '@mantine/notifications';
import { PUSH_TOAST_MS } from '@rozmova/contracts';
import { useEffect } from 'react';
import { authStore } from '../lib/auth-store.ts';
import { onPushInPage, syncPushDevice, turnPushOff } from '../lib/push.ts';

/**
 * Web push while a signed-in page is open: the service worker is registered and this browser's subscription kept
 * saved (lib/push.ts) until sign-out removes it, and a push that arrives while the page is in view shows as the
 * 10-second toast (docs/product.md §2) the service worker hands over instead of a system notification.
 */
export default function PushToasts({ userId }: { userId: string }) {
  useEffect(() => {
    syncPushDevice(userId).catch(() => undefined);
    // Signing out removes this device's subscription, so the next person here gets none of this user's pushes.
    const stops = [
      authStore.beforeLogout(turnPushOff),
      onPushInPage((message) =>
        notifications.show({ title: message.notification.title, message: message.notification.body, autoClose: PUSH_TOAST_MS }),
      ),
    ];
    return () => stops.forEach((stop) => stop());
  }, [userId]);
  return null;
}
