import { Notifications, notifications } from '@mantine/notifications';
import { appointmentsApi, meetingsApi, type Appointment, type UpdateAppointmentBody } from '@rozmova/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiDouble, type Answer, type ApiDouble } from '../../test/api-double.ts';
import { show } from '../../test/render.tsx';
import { AppointmentsPanel } from './appointments-panel.tsx';
import { appointmentAt, doctorAccount } from './test-data.ts';

// Noon in Kyiv's winter time (UTC+2): the day's consultations are "today" whatever the hour the test runs at.
const NOW = new Date('2026-11-27T10:00:00.000Z');
const minutesFromNow = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);

const running = appointmentAt(minutesFromNow(-10), {
  id: 'a-running',
  appointment_status: 'running',
  appointment_roomId: 'room-running',
  appointment_reason: 'Trouble sleeping',
});
const later = appointmentAt(minutesFromNow(180), {
  id: 'a-later',
  appointment_patientId: 'patient-2',
  appointment_roomId: 'room-later',
  appointment_price: 45_000,
  appointment_paymentStatus: 'paid',
  patient: { user_name: 'Mykola Shevchenko' },
});
const tomorrow = appointmentAt(minutesFromNow(24 * 60), { id: 'a-tomorrow', patient: { user_name: 'Daryna Melnyk' } });
const cancelled = appointmentAt(minutesFromNow(60), {
  id: 'a-cancelled',
  appointment_status: 'canceled',
  patient: { user_name: 'Petro Ivanenko' },
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  notifications.clean();
});
afterEach(() => vi.useRealTimers());

async function openPanel(appointments: Appointment[], { api = createApiDouble(), locale = 'en' as 'en' | 'uk' } = {}) {
  api.on(appointmentsApi.list, { body: appointments });
  api.on(meetingsApi.waiting, { body: { waiting: [] } });
  api.on(meetingsApi.callRecord, (call): Answer<typeof meetingsApi.callRecord> => ({
    body: {
      appointmentId: call.params.id!,
      events: [{ kind: 'join', role: 'patient', at: minutesFromNow(-9).toISOString(), detail: null }],
      startedAt: null,
      endedAt: null,
      durationSeconds: null,
      reconnects: 0,
      endReason: null,
    },
  }));
  const view = await show(
    <>
      <Notifications />
      <AppointmentsPanel doctorId={doctorAccount.id} timeZone="Europe/Kyiv" />
    </>,
    { api, user: doctorAccount, locale },
  );
  await screen.findByRole('heading', { level: 2, name: locale === 'uk' ? 'Сьогодні' : 'Today' });
  return { ...view, api };
}

const card = (name: string) => screen.getByRole('listitem', { name });
const changes = (api: ApiDouble, id: string) =>
  api.callsTo(appointmentsApi.change, { id }).map((call) => call.body as UpdateAppointmentBody);

describe('the doctor’s consultations', { timeout: 20_000 }, () => {
  it('lists today’s and the coming consultations with the doctor’s time, status and payment', async () => {
    const { api } = await openPanel([tomorrow, later, running, cancelled]);
    const today = within(screen.getByRole('region', { name: 'Today' }));
    expect(today.getAllByRole('listitem').map((item) => item.getAttribute('aria-labelledby'))).toEqual([
      'appointment-a-running',
      'appointment-a-later',
    ]);
    expect(card('Olena Petrenko')).toHaveTextContent("Doctor's time: Fri 27 November, 11:50–12:40 (Europe/Kyiv)");
    expect(card('Olena Petrenko')).toHaveTextContent('Reason for the visit: Trouble sleeping');
    expect(card('Olena Petrenko')).toHaveTextContent('In progress');
    await waitFor(() => expect(card('Olena Petrenko')).toHaveTextContent('Call: not started yet'));
    expect(card('Olena Petrenko')).toHaveTextContent('11:51 patient joined');
    expect(card('Mykola Shevchenko')).toHaveTextContent('Paid');
    expect(card('Mykola Shevchenko')).toHaveTextContent('Price: UAH 450');
    expect(within(screen.getByRole('region', { name: 'Upcoming' })).getByRole('listitem', { name: 'Daryna Melnyk' })).toBeVisible();
    expect(screen.queryByRole('listitem', { name: 'Petro Ivanenko' })).toBeNull();
    expect(api.callsTo(appointmentsApi.list)[0]!.query).toMatchObject({ doctorId: doctorAccount.id, limit: '200' });
    expect(within(card('Olena Petrenko')).getByRole('link', { name: 'Olena Petrenko' })).toHaveAttribute(
      'href',
      '/doctor/patients/patient-1',
    );
  });

  it('shows cancelled consultations on request', async () => {
    const user = userEvent.setup();
    await openPanel([running, cancelled]);
    await user.click(screen.getByRole('switch', { name: 'Show cancelled consultations' }));
    expect(card('Petro Ivanenko')).toHaveTextContent('Cancelled');
    expect(within(card('Petro Ivanenko')).queryByRole('button')).toBeNull();
  });

  it('says when there is nothing today or ahead', async () => {
    await openPanel([]);
    expect(screen.getByText('No consultations today.')).toBeVisible();
    expect(screen.getByText('No upcoming consultations.')).toBeVisible();
  });

  it('opens the join only 10 minutes before the start, and offers cancelling until then', async () => {
    await openPanel([running, later]);
    expect(within(card('Olena Petrenko')).getByRole('button', { name: 'Join the consultation with Olena Petrenko' })).toBeEnabled();
    expect(within(card('Olena Petrenko')).getByRole('button', { name: 'Complete the consultation with Olena Petrenko' })).toBeVisible();
    expect(within(card('Olena Petrenko')).queryByRole('button', { name: /^Cancel/ })).toBeNull();
    const laterCard = within(card('Mykola Shevchenko'));
    expect(laterCard.getByRole('button', { name: 'Join the consultation with Mykola Shevchenko' })).toBeDisabled();
    expect(laterCard.getByText(/^The room opens at /)).toBeVisible();
    expect(laterCard.queryByRole('button', { name: /^Complete/ })).toBeNull();
    expect(laterCard.getByRole('button', { name: 'Cancel the consultation with Mykola Shevchenko' })).toBeVisible();
  });

  it('joins the room of a consultation', async () => {
    const user = userEvent.setup();
    const api = createApiDouble();
    api.on(appointmentsApi.joinMeeting, { body: running });
    const { router } = await openPanel([running], { api });
    await user.click(screen.getByRole('button', { name: 'Join the consultation with Olena Petrenko' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/meet/room-running'));
    expect(api.callsTo(appointmentsApi.joinMeeting, { id: running.id })).toHaveLength(1);
  });

  it('says why joining failed and stays on the console', async () => {
    const user = userEvent.setup();
    const api = createApiDouble();
    api.on(appointmentsApi.joinMeeting, { status: 409, error: { code: 'APPOINTMENT_CLOSED', message: 'Closed' } });
    const { router } = await openPanel([running], { api });
    await user.click(screen.getByRole('button', { name: 'Join the consultation with Olena Petrenko' }));
    expect(await screen.findByText('This consultation is already over or cancelled')).toBeVisible();
    expect(router.state.location.pathname).toBe('/');
  });

  it('cancels a consultation after asking, and says so', async () => {
    const user = userEvent.setup();
    const api = createApiDouble();
    api.on(appointmentsApi.change, { body: { ...later, appointment_status: 'canceled' } });
    await openPanel([later], { api });
    await user.click(screen.getByRole('button', { name: 'Cancel the consultation with Mykola Shevchenko' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the consultation' });
    expect(dialog).toHaveTextContent('The consultation with Mykola Shevchenko will be cancelled. The patient is notified');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the consultation' }));
    expect(await screen.findByText('The consultation with Mykola Shevchenko is cancelled.')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(changes(api, later.id)).toEqual([{ appointment_status: 'canceled' }]);
  });

  it('keeps a consultation on "Keep it", and shows a refused cancellation in the dialog', async () => {
    const user = userEvent.setup();
    const api = createApiDouble();
    api.on(appointmentsApi.change, { status: 409, error: { code: 'APPOINTMENT_CLOSED', message: 'Closed' } });
    await openPanel([later], { api });
    await user.click(screen.getByRole('button', { name: 'Cancel the consultation with Mykola Shevchenko' }));
    let dialog = await screen.findByRole('dialog', { name: 'Cancel the consultation' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(changes(api, later.id)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Cancel the consultation with Mykola Shevchenko' }));
    dialog = await screen.findByRole('dialog', { name: 'Cancel the consultation' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the consultation' }));
    expect(await within(dialog).findByRole('alert')).toBeVisible();
    expect(screen.getByRole('dialog', { name: 'Cancel the consultation' })).toBeVisible();
  });

  it('completes a consultation with a note for the record and advice for the patient', async () => {
    const user = userEvent.setup();
    const api = createApiDouble();
    api.on(appointmentsApi.change, { body: { ...running, appointment_status: 'completed' } });
    await openPanel([running], { api });
    await user.click(screen.getByRole('button', { name: 'Complete the consultation with Olena Petrenko' }));
    const dialog = await screen.findByRole('dialog', { name: 'Complete the consultation' });
    await user.click(within(dialog).getByRole('button', { name: 'Complete' }));
    expect(await within(dialog).findByText('Write a note')).toBeVisible();
    expect(changes(api, running.id)).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: /^Note/ }), ' Talked about sleep. ');
    await user.type(within(dialog).getByRole('textbox', { name: /^Advice for the patient/ }), 'Walk in the evening.');
    await user.click(within(dialog).getByRole('button', { name: 'Complete' }));
    expect(await screen.findByText('The consultation with Olena Petrenko is completed.')).toBeVisible();
    expect(changes(api, running.id)).toEqual([
      { appointment_status: 'completed', appointment_note: 'Talked about sleep.', appointment_advice: 'Walk in the evening.' },
    ]);
  });

  it('keeps the note when completing is refused', async () => {
    const user = userEvent.setup();
    const api = createApiDouble();
    api.on(appointmentsApi.change, { status: 409, error: { code: 'APPOINTMENT_CLOSED', message: 'Closed' } });
    await openPanel([running], { api });
    await user.click(screen.getByRole('button', { name: 'Complete the consultation with Olena Petrenko' }));
    const dialog = await screen.findByRole('dialog', { name: 'Complete the consultation' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Note/ }), 'Short call.');
    await user.click(within(dialog).getByRole('button', { name: 'Complete' }));
    expect(await within(dialog).findByRole('alert')).toBeVisible();
    expect(within(dialog).getByRole('textbox', { name: /^Note/ })).toHaveValue('Short call.');
  });

  it('says when the consultations could not be read', async () => {
    const api = createApiDouble();
    api.on(appointmentsApi.list, { status: 500, error: { code: 'INTERNAL', message: 'Boom' } });
    api.on(meetingsApi.waiting, { body: { waiting: [] } });
    await show(<AppointmentsPanel doctorId={doctorAccount.id} timeZone="Europe/Kyiv" />, { api, user: doctorAccount });
    expect(await screen.findByRole('alert')).toBeVisible();
  });

  it('speaks Ukrainian', async () => {
    const user = userEvent.setup();
    await openPanel([later], { locale: 'uk' });
    expect(screen.getByText('Найближчих консультацій немає.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Скасувати консультацію: Mykola Shevchenko' }));
    expect(await screen.findByRole('button', { name: 'Залишити' })).toBeVisible();
  });
});
