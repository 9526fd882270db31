import { notifications } from '@mantine/notifications';
import { authApi, NOTIFICATION_CREATED_EVENT, realtimeEvents, type Notification } from '@rozmova/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import Toasts from '../components/toasts.tsx';
import { emptyNotifications, type NotificationsState } from '../features/notifications/store.ts';
import { authStore } from '../lib/auth-store.ts';
import { queryKeys } from '../lib/query-keys.ts';
import type { RealtimeOptions } from '../lib/socket.ts';
import { createApiDouble } from '../test/api-double.ts';
import { aUser } from '../test/people.ts';
import { show } from '../test/render.tsx';
import Realtime from './realtime.tsx';

/** The socket as the server drives it: what the app subscribed to, and the server's side to send events. */
const server = vi.hoisted(() => {
  const state = {
    opened: [] as { token: string; onRevoked: () => void; closed: boolean }[],
    handlers: new Map<string, Set<(payload: unknown) => void>>(),
    reconnects: new Set<() => void>(),
    send(event: string, payload: unknown) {
      for (const handler of state.handlers.get(event) ?? []) handler(payload);
    },
  };
  return state;
});

vi.mock('../lib/socket.ts', () => ({
  openRealtime: (token: string, options: RealtimeOptions) => {
    const connection = { token, onRevoked: options.onRevoked, closed: false };
    server.opened.push(connection);
    const add = <T,>(set: Set<T>, item: T) => (set.add(item), () => void set.delete(item));
    return {
      token,
      connected: true,
      on: (event: string, handler: (payload: unknown) => void) => {
        if (!server.handlers.has(event)) server.handlers.set(event, new Set());
        return add(server.handlers.get(event)!, handler);
      },
      onReconnect: (handler: () => void) => add(server.reconnects, handler),
      onConnectionChange: () => () => {},
      emit: () => {},
      emitWithAck: () => Promise.reject(new Error('not in this test')),
      close: () => (connection.closed = true),
    };
  },
}));

afterEach(() => {
  notifications.clean();
  authStore.forgetSession();
  server.opened.length = 0;
  server.handlers.clear();
  server.reconnects.clear();
});

const patient = aUser('patient');

async function signedIn() {
  const api = createApiDouble();
  const view = await show(
    <>
      <Toasts />
      <Realtime userId={patient.id} />
      <p>My cabinet</p>
    </>,
    { api, user: patient, at: '/user' },
  );
  await waitFor(() => expect(server.opened).toHaveLength(1));
  return { api, ...view };
}

const notification = (overrides: Partial<Notification> = {}): Notification => ({
  id: 'n1',
  notification_message: 'Your consultation starts in 15 minutes',
  notification_is_read: false,
  notification_kind: 'appointment-reminder',
  users_user_id: patient.id,
  appointment_id: 'a1',
  createdAt: '2026-11-27T10:00:00.000Z',
  ...overrides,
});

describe('the realtime connection of a signed-in person', () => {
  it('connects with the session and closes when the person is gone', async () => {
    const { unmount } = await signedIn();
    expect(server.opened[0]!.token).toBe('test-session');
    unmount();
    expect(server.opened[0]!.closed).toBe(true);
  });

  it('refreshes appointments, slots and the profile after an appointment changed, nothing else', async () => {
    const { api, queryClient } = await signedIn();
    queryClient.setQueryData(queryKeys.appointments.ofPatient('patient-1'), []);
    queryClient.setQueryData(['faq', 'topics'], []);
    const profileReads = api.callsTo(authApi.profile).length;
    act(() => server.send(realtimeEvents.appointmentCancelled, { appointmentId: 'a1' }));
    expect(queryClient.getQueryState(queryKeys.appointments.ofPatient('patient-1'))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['faq', 'topics'])?.isInvalidated).toBe(false);
    await waitFor(() => expect(api.callsTo(authApi.profile)).toHaveLength(profileReads + 1));
  });

  it('refreshes the same after a reconnect, since events may have been missed', async () => {
    const { queryClient } = await signedIn();
    queryClient.setQueryData(queryKeys.notifications.ofUser(patient.id), emptyNotifications);
    act(() => server.reconnects.forEach((handler) => handler()));
    expect(queryClient.getQueryState(queryKeys.notifications.ofUser(patient.id))?.isInvalidated).toBe(true);
  });

  it('shows a new notification at the top and adds it to the loaded list', async () => {
    const { queryClient } = await signedIn();
    queryClient.setQueryData(queryKeys.notifications.ofUser(patient.id), emptyNotifications);
    act(() => server.send(NOTIFICATION_CREATED_EVENT, notification()));
    expect(await screen.findByText('Your consultation starts in 15 minutes')).toBeInTheDocument();
    expect(screen.getByText('Notification')).toBeInTheDocument();
    const list = queryClient.getQueryData<NotificationsState>(queryKeys.notifications.ofUser(patient.id));
    expect(list?.items.map((item) => item.id)).toEqual(['n1']);
  });

  it('ignores a notification it cannot read (a newer server)', async () => {
    const { queryClient } = await signedIn();
    queryClient.setQueryData(queryKeys.notifications.ofUser(patient.id), emptyNotifications);
    act(() => server.send(NOTIFICATION_CREATED_EVENT, { ...notification(), notification_kind: 'hologram' }));
    act(() => server.send(NOTIFICATION_CREATED_EVENT, notification({ id: 'n2', notification_message: 'Paid' })));
    expect(await screen.findByText('Paid')).toBeInTheDocument();
    expect(queryClient.getQueryData<NotificationsState>(queryKeys.notifications.ofUser(patient.id))?.items.map((item) => item.id)).toEqual([
      'n2',
    ]);
  });

  it('signs the tab out and says so when the session was ended elsewhere', async () => {
    // The connection reads the browser's address (the app's router is the browser's own).
    window.history.pushState(null, '', '/user');
    onTestFinished(() => window.history.pushState(null, '', '/'));
    const { api } = await signedIn();
    api.on(authApi.profile, { status: 401, error: { code: 'UNAUTHORIZED', message: 'Session revoked' } });
    act(() => server.opened[0]!.onRevoked());
    expect(await screen.findByText('Your session has ended, please log in again')).toBeInTheDocument();
    expect(authStore.getState().user).toBeNull();
    // The cabinet is no public page: the start page opens.
    expect(await screen.findByText('Left to another page')).toBeInTheDocument();
  });

  it('connects again when the server still knows the session (another of its sessions was ended)', async () => {
    await signedIn();
    act(() => server.opened[0]!.onRevoked());
    await waitFor(() => expect(server.opened).toHaveLength(2));
    expect(server.opened[0]!.closed).toBe(true);
    expect(authStore.getState().user?.id).toBe(patient.id);
    expect(screen.queryByText('Your session has ended, please log in again')).not.toBeInTheDocument();
  });
});
