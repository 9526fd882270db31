import { Notifications, notifications } from '@mantine/notifications';
import { appointmentsApi, type WaitingPatient } from '@rozmova/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { createApiDouble } from '../../test/api-double.ts';
import { show } from '../../test/render.tsx';
import { WaitingPatients } from './waiting-patients.tsx';
import { appointmentAt, doctorAccount } from './test-data.ts';

const waiting = (overrides: Partial<WaitingPatient> = {}): WaitingPatient => ({
  appointmentId: 'a1',
  roomId: 'room-1',
  patientName: 'Olena Petrenko',
  since: '2026-11-27T09:58:00.000Z',
  deviceCheck: {
    camera: 'denied',
    microphone: 'ok',
    speaker: 'untested',
    network: 'turn-only',
    mode: 'camera-off',
    browser: 'Firefox 133',
  },
  ...overrides,
});

beforeEach(() => notifications.clean());

async function showWaiting(list: WaitingPatient[], { api = createApiDouble(), locale = 'en' as 'en' | 'uk' } = {}) {
  const view = await show(
    <>
      <Notifications />
      <WaitingPatients waiting={list} timeZone="Europe/Kyiv" />
    </>,
    { api, user: doctorAccount, locale },
  );
  return { ...view, api };
}

describe('patients waiting in the room', { timeout: 20_000 }, () => {
  it('names each waiting patient, since when, and what their device check found', async () => {
    await showWaiting([waiting(), waiting({ appointmentId: 'a2', roomId: 'room-2', patientName: 'Mykola Shevchenko', deviceCheck: null })]);
    const alert = screen.getByText('Patients waiting').closest('.mantine-Alert-root') as HTMLElement;
    const items = within(alert).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Olena Petrenko is waiting in the room since 11:58.');
    expect(items[0]).toHaveTextContent(
      'Device check: camera blocked in the browser · microphone works · speaker not tested · network: through the relay only · joins with the camera off · Firefox 133',
    );
    expect(items[1]).toHaveTextContent('Mykola Shevchenko is waiting in the room since 11:58.');
    expect(items[1]).toHaveTextContent('No device check was sent.');
  });

  it('shows nothing while nobody waits, inside a live region that announces an arrival', async () => {
    const { container } = await showWaiting([]);
    const region = container.querySelector('[aria-live="polite"]');
    expect(region).toBeEmptyDOMElement();
    expect(screen.queryByText('Patients waiting')).toBeNull();
  });

  it('opens the consultation and goes into its room', async () => {
    const user = userEvent.setup();
    const api = createApiDouble();
    api.on(appointmentsApi.joinMeeting, { body: appointmentAt(new Date(), { id: 'a1', appointment_status: 'running' }) });
    const { router } = await showWaiting([waiting()], { api });
    await user.click(screen.getByRole('button', { name: 'Join Olena Petrenko in the room' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/meet/room-1'));
    expect(api.callsTo(appointmentsApi.joinMeeting, { id: 'a1' })).toHaveLength(1);
  });

  it('says why the room could not be opened', async () => {
    const user = userEvent.setup();
    const api = createApiDouble();
    api.on(appointmentsApi.joinMeeting, { status: 409, error: { code: 'APPOINTMENT_CLOSED', message: 'Closed' } });
    const { router } = await showWaiting([waiting()], { api });
    await user.click(screen.getByRole('button', { name: 'Join Olena Petrenko in the room' }));
    expect(await screen.findByText('This consultation is already over or cancelled')).toBeVisible();
    expect(router.state.location.pathname).toBe('/');
  });

  it('speaks Ukrainian', async () => {
    await showWaiting([waiting({ deviceCheck: null })], { locale: 'uk' });
    expect(screen.getByText('Пацієнти чекають')).toBeVisible();
  });
});
