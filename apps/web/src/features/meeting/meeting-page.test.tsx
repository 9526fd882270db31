import { appointmentsApi, authApi, feedbackApi, type Appointment } from '@rozmova/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createApiDouble, type ApiDouble } from '../../test/api-double.ts';
import { show } from '../../test/render.tsx';
import { MeetingPage } from './meeting-page.tsx';
import { consultation, doctorUser, patientUser } from './test-data.ts';

const route = '/meet/:roomId';
const at = '/meet/room-1';
const soon = () => new Date(Date.now() + 5 * 60_000).toISOString();

function answerRoom(api: ApiDouble, appointment: Appointment) {
  api.on(appointmentsApi.byRoom, { body: appointment });
}

describe('the meeting page', { timeout: 20_000 }, () => {
  it('asks a visitor to sign in and opens the sign-in dialog at once', async () => {
    const { router } = await show(<MeetingPage />, { api: createApiDouble(), at, route });
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in to join your consultation' })).toBeVisible();
    await waitFor(() => expect(router.state.location.search).toBe('?auth=login'));
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeVisible();
  });

  it('says a room of another account is not in this one, and offers another account', async () => {
    const user = userEvent.setup();
    const api = createApiDouble();
    api.on(appointmentsApi.byRoom, { status: 404, error: { code: 'NOT_FOUND', message: 'Not found' } });
    api.on(authApi.logout, {});
    const { router } = await show(<MeetingPage />, { api, user: patientUser, at, route });
    expect(await screen.findByRole('heading', { level: 1, name: 'This consultation is not in your account' })).toBeVisible();
    expect(api.callsTo(appointmentsApi.byRoom, { id: 'room-1' })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Sign in with another account' }));
    await waitFor(() => expect(router.state.location.search).toBe('?auth=login'));
    expect(api.callsTo(authApi.logout)).toHaveLength(1);
  });

  it('offers to try again when the consultation could not be read, and opens it then', async () => {
    const user = userEvent.setup();
    const api = createApiDouble();
    api.on(appointmentsApi.byRoom, { status: 503, error: { code: 'UNAVAILABLE', message: 'Down' } });
    await show(<MeetingPage />, { api, user: patientUser, at, route });
    const failed = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(failed).toHaveTextContent('We could not open the consultation. Check your connection and try again.');

    answerRoom(api, consultation({ appointment_status: 'canceled' }));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'This consultation was cancelled' })).toBeVisible();
  });

  it('shows a completed consultation to its patient with the advice and the rating', async () => {
    const api = createApiDouble();
    answerRoom(api, consultation({ appointment_status: 'completed', appointment_advice: 'Rest.' }));
    api.on(feedbackApi.ofUser, { body: { feedback: [], count: 0 } });
    await show(<MeetingPage />, { api, user: patientUser, at, route });
    expect(await screen.findByRole('heading', { level: 1, name: 'This consultation is over' })).toBeVisible();
    expect(screen.getByRole('region', { name: 'Advice from Iryna Koval' })).toHaveTextContent('Rest.');
    expect(await screen.findByRole('button', { name: 'Rate the consultation' })).toBeVisible();
    // Opened on a consultation that was already over: the rating waits for the button.
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('knows the doctor of the consultation by the signed-in account', async () => {
    const api = createApiDouble();
    answerRoom(api, consultation({ appointment_status: 'completed' }));
    await show(<MeetingPage />, { api, user: doctorUser, at, route });
    expect(await screen.findByRole('link', { name: 'Go to the doctor console' })).toBeVisible();
    expect(screen.getByText(/^Consultation with Olena Petrenko/)).toBeVisible();
    expect(api.callsTo(feedbackApi.ofUser)).toEqual([]);
  });

  it('opens the device check of a pending consultation, and says why the browser gives no camera here', async () => {
    const api = createApiDouble();
    answerRoom(api, consultation({}, soon()));
    await show(<MeetingPage />, { api, user: patientUser, at, route });
    expect(await screen.findByRole('heading', { level: 1, name: 'Consultation with Iryna Koval' })).toBeVisible();
    expect(screen.getByTestId('meeting-room')).toHaveAttribute('data-call-state', 'prejoin');
    // jsdom has no camera API, as a page outside HTTPS: the help says so, and offers no "Try again".
    expect(screen.getByRole('alert')).toHaveTextContent('The camera and microphone are not available');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('shows the closed consultation when joining is refused because it was closed meanwhile', async () => {
    const user = userEvent.setup();
    const api = createApiDouble();
    const pending = consultation({}, soon());
    answerRoom(api, pending);
    api.on(appointmentsApi.joinMeeting, (call) => {
      answerRoom(api, { ...pending, appointment_status: 'canceled' });
      expect(call.params).toEqual({ id: pending.id });
      return { status: 409, error: { code: 'APPOINTMENT_CLOSED', message: 'Closed' } };
    });
    await show(<MeetingPage />, { api, user: patientUser, at, route });
    await user.click(await screen.findByRole('button', { name: 'Join the consultation' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'This consultation was cancelled' })).toBeVisible();
    expect(api.callsTo(appointmentsApi.joinMeeting)).toHaveLength(1);
  });

  it('says the person is no longer in a consultation they had open when joining answers 404', async () => {
    const user = userEvent.setup();
    const api = createApiDouble();
    answerRoom(api, consultation({}, soon()));
    api.on(appointmentsApi.joinMeeting, { status: 404, error: { code: 'NOT_FOUND', message: 'Not found' } });
    await show(<MeetingPage />, { api, user: patientUser, at, route });
    await user.click(await screen.findByRole('button', { name: 'Join the consultation' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'You are no longer in this consultation' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to my account' })).toBeVisible();
  });

  it('speaks Ukrainian', async () => {
    const api = createApiDouble();
    api.on(appointmentsApi.byRoom, { status: 404, error: { code: 'NOT_FOUND', message: 'Not found' } });
    await show(<MeetingPage />, { api, user: patientUser, at, route, locale: 'uk' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Цієї консультації немає у вашому кабінеті' })).toBeVisible();
  });
});
