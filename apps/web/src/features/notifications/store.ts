import { NOTIFICATIONS_LIST_MAX, type Notification, type NotificationList } from '@rozmova/contracts';
import { intlLocale } from '../../lib/format.ts';

/**
 * The in-app notification list and the rules of docs/product.md §4, as pure functions over an immutable state:
 * new ones go to the front and the list keeps the newest 20; mark-all-as-read sets all read; remove deletes
 * one (the caller applies it only after the server said OK); clear-all empties the list; the unread count is
 * the number not read; the last error is kept until the next success.
 */
export interface NotificationsState {
  items: Notification[];
  lastError: unknown;
}

export const emptyNotifications: NotificationsState = { items: [], lastError: null };

const trim = (items: Notification[]) => items.slice(0, NOTIFICATIONS_LIST_MAX);

/** The server's answer (newest first) as the list. */
export const fromServer = (list: NotificationList): NotificationsState => ({ items: trim(list.notifications), lastError: null });

/** A new notification goes to the front; one the list already has (a refetch raced the realtime event) moves there. */
export const addNotification = (state: NotificationsState, notification: Notification): NotificationsState => ({
  ...state,
  items: trim([notification, ...state.items.filter((item) => item.id !== notification.id)]),
});

export const markAllRead = (state: NotificationsState): NotificationsState => ({
  items: state.items.map((item) => (item.notification_is_read ? item : { ...item, notification_is_read: true })),
  lastError: null,
});

export const removeNotification = (state: NotificationsState, id: string): NotificationsState => ({
  items: state.items.filter((item) => item.id !== id),
  lastError: null,
});

export const clearAll = (): NotificationsState => ({ items: [], lastError: null });

export const withError = (state: NotificationsState, error: unknown): NotificationsState => ({ ...state, lastError: error });

export const unreadCount = (state: NotificationsState): number => state.items.filter((item) => !item.notification_is_read).length;

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * docs/product.md §9: "day month-name, HH:mm" in the interface language, in the reader's time zone,
 * e.g. "7 October, 14:05" or "7 жовтня, 14:05". An unreadable date gives an empty text.
 */
export function notificationDateText(iso: string, locale: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const day = new Intl.DateTimeFormat(intlLocale(locale), { day: 'numeric', month: 'long', timeZone }).format(date);
  const parts = new Intl.DateTimeFormat('en-GB', { hour: 'numeric', minute: 'numeric', hourCycle: 'h23', timeZone }).formatToParts(date);
  const hour = Number(parts.find((part) => part.type === 'hour')?.value);
  const minute = Number(parts.find((part) => part.type === 'minute')?.value);
  return `${day}, ${pad(hour)}:${pad(minute)}`;
}
