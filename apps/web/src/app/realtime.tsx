import { notifications } from '@mantine/notifications';
import { NOTIFICATION_CREATED_EVENT, notificationSchema, realtimeEvents } from '@rozmova/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { addToList } from '../features/notifications/api.ts';
import { showRealtimeToast } from '../features/notifications/toast.ts';
import { ApiError } from '../lib/api-client.ts';
import { authStore } from '../lib/auth-store.ts';
import { readAuthToken } from '../lib/auth-token.ts';
import { openRealtime } from '../lib/socket.ts';
import { isRefreshedByAppointmentEvents } from './realtime-keys.ts';
import { isPublicPath } from './route-guard.ts';
import { useLatest } from '../lib/use-latest.ts';

const appointmentEvents = [realtimeEvents.appointmentCreated, realtimeEvents.appointmentModified, realtimeEvents.appointmentCancelled];

/**
 * The realtime connection of the signed-in user. The header's signed-in controls render it, lazily, while a user is
 * loaded; unmounting closes it, so logout disconnects. Appointment events refresh slots, appointments, notifications
 * and the profile (docs/product.md §4); a new notification joins the list and shows the 60-second toast at the top
 * (docs/product.md §2); `session-revoked` of a session ended elsewhere forgets it and says so. After a reconnect the same
 * queries are refetched, since events may have been missed meanwhile.
 */
export default function Realtime({ userId }: { userId: string }) {
  const client = useQueryClient();
  const { t } = useTranslation();
  const navigate = useNavigate();
  // The language or the page may change without reconnecting.
  const latest = useLatest({ t, navigate });
  // Bumped when this tab's token was replaced (password set up: a new session) and the old session's socket was closed.
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    const token = readAuthToken();
    if (!token) return;
    const refetch = () => void client.invalidateQueries({ predicate: (query) => isRefreshedByAppointmentEvents(query.queryKey) });
    let closed = false;
    const connection = openRealtime(token, {
      onRevoked: () => {
        // This tab's token was replaced (password set up: a new session): connect again with the new one.
        if (readAuthToken() !== token) return setGeneration((value) => value + 1);
        // A logout in this tab revokes the session too, and forgets the user (which closes this) by the time
        // the server answers; only a session ended elsewhere is reported.
        authStore.loadProfile().then(
          () => {
            if (!closed) setGeneration((value) => value + 1);
          },
          (error: unknown) => {
            if (closed || readAuthToken() !== token || !(error instanceof ApiError && error.status === 401)) return;
            authStore.forgetSession();
            notifications.show({ color: 'danger', message: latest.current.t('errors.code.UNAUTHORIZED') });
            if (!isPublicPath(window.location.pathname)) void latest.current.navigate('/', { replace: true });
          },
        );
      },
    });
    const stops = [
      ...appointmentEvents.map((event) =>
        connection.on(event, () => {
          refetch();
          authStore.loadProfile().catch(() => undefined);
        }),
      ),
      // Checked against its schema before it joins the cached list: a tab open across a deploy may hear a newer server.
      connection.on(NOTIFICATION_CREATED_EVENT, (payload) => {
        const notification = notificationSchema.safeParse(payload).data;
        if (!notification) return;
        addToList(client, userId, notification);
        showRealtimeToast(latest.current.t('notifications.toastTitle'), notification.notification_message);
      }),
      connection.onReconnect(refetch),
    ];
    return () => {
      closed = true;
      for (const stop of stops) stop();
      connection.close();
    };
  }, [client, userId, generation, latest]);

  return null;
}
