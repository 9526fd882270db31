import { notificationsApi, type Notification } from '@rozmova/contracts';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api-client.ts';
import {
  addNotification,
  clearAll,
  emptyNotifications,
  fromServer,
  markAllRead,
  removeNotification,
  withError,
  type NotificationsState,
} from './store.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/** The list lives in the query cache as a `NotificationsState`; every change goes through the rules of store.ts. */

function update(client: QueryClient, userId: string, change: (state: NotificationsState) => NotificationsState): void {
  client.setQueryData<NotificationsState>(queryKeys.notifications.ofUser(userId), (state) => change(state ?? emptyNotifications));
}

/** A notification that arrived by the realtime event; nothing to do when the list was never loaded (it will be fetched). */
export function addToList(client: QueryClient, userId: string, notification: Notification): void {
  if (client.getQueryData(queryKeys.notifications.ofUser(userId)) === undefined) return;
  update(client, userId, (state) => addNotification(state, notification));
}

export function useNotificationList(userId: string) {
  return useQuery({
    queryKey: queryKeys.notifications.ofUser(userId),
    queryFn: async ({ signal }) => fromServer(await call(notificationsApi.ofUser, { params: { id: userId }, signal })),
  });
}

/** Mark all read, remove one, clear all: the list changes only after the server said OK; a failure is kept as the last error. */
export function useNotificationActions(userId: string) {
  const client = useQueryClient();
  const onError = (error: unknown) => update(client, userId, (state) => withError(state, error));
  const markAll = useMutation({
    mutationFn: () => call(notificationsApi.markAllRead),
    onSuccess: () => update(client, userId, markAllRead),
    onError,
  });
  const remove = useMutation({
    mutationFn: (id: string) => call(notificationsApi.remove, { params: { id } }),
    onSuccess: (_data, id) => update(client, userId, (state) => removeNotification(state, id)),
    onError,
  });
  const clear = useMutation({
    mutationFn: () => call(notificationsApi.clearAll),
    onSuccess: () => update(client, userId, clearAll),
    onError,
  });
  return { markAll, remove, clear };
}
