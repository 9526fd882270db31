import { notificationsApi, type Notification } from '@rozmova/contracts';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createApiDouble } from '../../test/api-double.ts';
import { anAccount } from '../../test/fixtures.ts';
import { show } from '../../test/render.tsx';
import NotificationBell from './notification-bell.tsx';
import { notificationDateText } from './store.ts';

// A person's typing, Mantine's first render and lazy chunks take a while on a busy machine.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5_000 });

const patient = anAccount({ role_specific_data: {} });

const notification = (id: string, message: string, changes: Partial<Notification> = {}): Notification => ({
  id,
  notification_message: message,
  notification_is_read: false,
  notification_kind: 'simple',
  users_user_id: 'user-1',
  appointment_id: null,
  createdAt: '2026-03-10T08:00:00Z',
  ...changes,
});

const booked = notification('n1', 'You booked a session with Iryna Bondar on 12 March, 10:00', {
  notification_kind: 'appointment-created',
  appointment_id: 'appointment-1',
  createdAt: '2026-03-10T08:05:00Z',
});
const cancelled = notification('n2', 'The consultation was cancelled', {
  notification_kind: 'appointment-cancelled',
  appointment_id: 'appointment-0',
  createdAt: '2026-03-09T12:30:00Z',
});
const read = notification('n3', 'Welcome to Rozmova', { notification_is_read: true, createdAt: '2026-03-01T09:00:00Z' });

function notificationsDouble(items: Notification[] = [booked, cancelled, read]) {
  const api = createApiDouble();
  api.on(notificationsApi.ofUser, {
    body: { notifications: items, unread_count: items.filter((item) => !item.notification_is_read).length },
  });
  return api;
}

async function openPanel(user: UserEvent, api: ReturnType<typeof createApiDouble>, locale: 'en' | 'uk' = 'en') {
  await show(<NotificationBell userId="user-1" />, { api, user: patient, locale });
  const bell = await screen.findByRole('button', { name: locale === 'en' ? 'Notifications, unread: 2' : 'Сповіщення, непрочитаних: 2' });
  await user.click(bell);
  return { bell, panel: await screen.findByRole('dialog', { name: locale === 'en' ? 'Notifications' : 'Сповіщення' }) };
}

describe('the notification bell and its list', () => {
  it('counts the unread and lists the newest, unread ones marked, each leading to its consultation', async () => {
    const user = userEvent.setup({ delay: null });
    const api = notificationsDouble();
    const { panel } = await openPanel(user, api);

    expect(within(panel).getByText('Unread: 2')).toBeInTheDocument();
    const items = within(within(panel).getByRole('list', { name: 'Newest notifications' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      `Unread:${booked.notification_message}${notificationDateText(booked.createdAt, 'en')}`,
      `Unread:${cancelled.notification_message}${notificationDateText(cancelled.createdAt, 'en')}`,
      `${read.notification_message}${notificationDateText(read.createdAt, 'en')}`,
    ]);
    expect(within(items[0]!).getByRole('link')).toHaveAttribute('href', '/user/appointment-step5');
    expect(within(items[1]!).getByRole('link')).toHaveAttribute('href', '/user?tab=consultations');
    expect(within(items[2]!).queryByRole('link')).not.toBeInTheDocument();
  });

  it('marks all as read after the server agrees, and the bell follows', async () => {
    const user = userEvent.setup({ delay: null });
    const api = notificationsDouble();
    api.on(notificationsApi.markAllRead, { status: 204 });
    const { bell, panel } = await openPanel(user, api);

    const markAll = within(panel).getByRole('button', { name: 'Mark all as read' });
    await user.click(markAll);

    expect(await within(panel).findByText('Unread: 0')).toBeInTheDocument();
    expect(within(panel).queryByText('Unread:')).not.toBeInTheDocument();
    expect(markAll).toBeDisabled();
    expect(bell).toHaveAccessibleName('Notifications, unread: 0');
    expect(api.callsTo(notificationsApi.markAllRead).map((call) => [call.method, call.path])).toEqual([
      ['PUT', notificationsApi.markAllRead.path],
    ]);
  });

  it('removes a notification only once the server confirmed it', async () => {
    const user = userEvent.setup({ delay: null });
    const api = notificationsDouble();
    let confirm: (value: { status: 204 }) => void = () => {};
    api.on(notificationsApi.remove, () => new Promise((resolve) => (confirm = resolve)));
    const { panel } = await openPanel(user, api);

    await user.click(
      within(panel).getByRole('button', { name: `Remove the notification of ${notificationDateText(cancelled.createdAt, 'en')}` }),
    );
    expect(await within(panel).findByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(within(panel).getByText(cancelled.notification_message)).toBeInTheDocument();

    confirm({ status: 204 });
    await waitFor(() => expect(within(panel).queryByText(cancelled.notification_message)).not.toBeInTheDocument());
    expect(within(panel).getByText('Unread: 1')).toBeInTheDocument();
    expect(api.callsTo(notificationsApi.remove, { id: 'n2' }).map((call) => call.method)).toEqual(['DELETE']);
  });

  it('keeps the list and says why when the server refuses a change', async () => {
    const user = userEvent.setup({ delay: null });
    const api = notificationsDouble();
    api.on(notificationsApi.remove, { status: 404, error: { code: 'NOT_FOUND', message: 'Gone' } });
    const { panel } = await openPanel(user, api);

    await user.click(
      within(panel).getByRole('button', { name: `Remove the notification of ${notificationDateText(read.createdAt, 'en')}` }),
    );
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Not found');
    expect(within(panel).getByText(read.notification_message)).toBeInTheDocument();
  });

  it('in Ukrainian: clears the whole list and says there is nothing left', async () => {
    const user = userEvent.setup({ delay: null });
    const api = notificationsDouble();
    api.on(notificationsApi.remove, { status: 204 });
    api.on(notificationsApi.clearAll, { status: 204 });
    const { bell, panel } = await openPanel(user, api, 'uk');

    expect(within(panel).getByText(notificationDateText(booked.createdAt, 'uk'))).toBeInTheDocument();
    const clear = within(panel).getByRole('button', { name: 'Очистити все' });
    await user.click(clear);

    expect(await within(panel).findByText('У вас немає сповіщень.')).toBeInTheDocument();
    expect(clear).toBeDisabled();
    expect(within(panel).getByRole('button', { name: 'Позначити всі як прочитані' })).toBeDisabled();
    expect(bell).toHaveAccessibleName('Сповіщення, непрочитаних: 0');
    expect(api.callsTo(notificationsApi.clearAll).map((call) => [call.method, call.path])).toEqual([
      ['DELETE', notificationsApi.clearAll.path],
    ]);
    expect(api.callsTo(notificationsApi.remove, { id: 'n1' })).toEqual([]);
  });

  it('shows why the list could not be loaded', async () => {
    const user = userEvent.setup({ delay: null });
    const api = createApiDouble();
    api.on(notificationsApi.ofUser, { status: 503, error: { code: 'SERVICE_UNAVAILABLE', message: 'Down' } });
    await show(<NotificationBell userId="user-1" />, { api, user: patient });

    await user.click(await screen.findByRole('button', { name: 'Notifications, unread: 0' }));
    expect(await within(await screen.findByRole('dialog')).findByRole('alert')).toHaveTextContent(
      'The service is temporarily unavailable. Please try again later',
    );
  });
});
