import type { Notification } from '@rozmova/contracts';
import { describe, expect, it } from 'vitest';
import {
  addNotification,
  clearAll,
  emptyNotifications,
  fromServer,
  markAllRead,
  notificationDateText,
  removeNotification,
  unreadCount,
  withError,
  type NotificationsState,
} from './store.ts';

const notification = (id: string, read = false): Notification => ({
  id,
  notification_message: `Message ${id}`,
  notification_is_read: read,
  notification_kind: 'simple',
  users_user_id: 'u1',
  appointment_id: null,
  createdAt: '2025-10-07T11:05:00.000Z',
});

const ids = (state: NotificationsState) => state.items.map((item) => item.id);

describe('notification list rules (docs/product.md §4)', () => {
  it('puts a new one at the front and keeps the newest 20', () => {
    let state = emptyNotifications;
    for (let index = 1; index <= 21; index++) state = addNotification(state, notification(`n${index}`));
    expect(state.items).toHaveLength(20);
    expect(ids(state)[0]).toBe('n21');
    expect(ids(state)).not.toContain('n1');
    expect(ids(state).at(-1)).toBe('n2');
  });

  it('trims what the server gives to 20, in its order', () => {
    const list = Array.from({ length: 25 }, (_, index) => notification(`s${index}`));
    const state = fromServer({ notifications: list, unread_count: 25 });
    expect(ids(state)).toEqual(list.slice(0, 20).map((item) => item.id));
    expect(state.lastError).toBeNull();
  });

  it('does not list one twice when the realtime event and a refetch both bring it', () => {
    const state = addNotification(
      fromServer({ notifications: [notification('a'), notification('b')], unread_count: 2 }),
      notification('b'),
    );
    expect(ids(state)).toEqual(['b', 'a']);
  });

  it('marks all as read and counts the unread', () => {
    const state = fromServer({ notifications: [notification('a'), notification('b', true), notification('c')], unread_count: 2 });
    expect(unreadCount(state)).toBe(2);
    const read = markAllRead(state);
    expect(unreadCount(read)).toBe(0);
    expect(read.items.every((item) => item.notification_is_read)).toBe(true);
    expect(ids(read)).toEqual(['a', 'b', 'c']);
    // The input is left as it was.
    expect(unreadCount(state)).toBe(2);
  });

  it('removes one, and clear-all empties the list', () => {
    const state = fromServer({ notifications: [notification('a'), notification('b')], unread_count: 2 });
    expect(ids(removeNotification(state, 'a'))).toEqual(['b']);
    expect(ids(removeNotification(state, 'missing'))).toEqual(['a', 'b']);
    expect(clearAll().items).toEqual([]);
    expect(unreadCount(clearAll())).toBe(0);
  });

  it('keeps the last error until the next success', () => {
    const error = new Error('offline');
    const failed = withError(fromServer({ notifications: [notification('a')], unread_count: 1 }), error);
    expect(failed.lastError).toBe(error);
    expect(ids(failed)).toEqual(['a']);
    expect(addNotification(failed, notification('b')).lastError).toBe(error);
    expect(markAllRead(failed).lastError).toBeNull();
    expect(removeNotification(failed, 'a').lastError).toBeNull();
  });
});

describe('notificationDateText (docs/product.md §9: day month-name, HH:mm)', () => {
  it('writes the day, the month name and a 24-hour time in the interface language', () => {
    expect(notificationDateText('2025-10-07T11:05:00.000Z', 'en', 'Europe/Kyiv')).toBe('7 October, 14:05');
    expect(notificationDateText('2025-10-07T11:05:00.000Z', 'uk', 'Europe/Kyiv')).toBe('7 жовтня, 14:05');
    expect(notificationDateText('2025-03-01T22:00:00.000Z', 'en', 'UTC')).toBe('1 March, 22:00');
  });

  it('gives midnight as 00:00 and an empty text for an unreadable date', () => {
    expect(notificationDateText('2025-01-31T22:00:00.000Z', 'uk', 'Europe/Kyiv')).toBe('1 лютого, 00:00');
    expect(notificationDateText('not a date', 'en')).toBe('');
  });
});
