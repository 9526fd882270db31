import { appointmentsApi, authApi, type Appointment, type User } from '@rozmova/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../lib/auth-store.ts';
import { anAccount, anAppointment, formFlow } from '../../test/fixtures.ts';
import { createApiDouble, type ApiDouble } from '../../test/api-double.ts';
import { show } from '../../test/render.tsx';
import { RemoveAccountModal } from './remove-account-modal.tsx';

const hours = (count: number) => new Date(Date.now() + count * 3_600_000).toISOString();

async function open(api: ApiDouble, person: User, appointments: Appointment[] = []) {
  api.on(appointmentsApi.ofPatient, { body: appointments });
  const onClose = vi.fn();
  const view = await show(<RemoveAccountModal user={person} onClose={onClose} />, { api, user: person, at: '/user' });
  return { ...view, onClose, user: userEvent.setup({ delay: null }) };
}

async function removeWithPassword(api: ApiDouble, user: ReturnType<typeof userEvent.setup>) {
  api.on(authApi.verifyPassword, { status: 204 });
  api.on(authApi.removeAccount, { status: 204 });
  await user.type(screen.getByLabelText(/^Password/), 'my password 1');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
}

beforeEach(() => sessionStorage.clear());

describe('deleting the account', formFlow, () => {
  it('says what deleting does before anything is asked', async () => {
    const api = createApiDouble();
    await open(api, anAccount());
    expect(screen.getByText('This cannot be undone')).toBeInTheDocument();
    for (const item of [
      'sign you out on every device;',
      'cancel all your future consultations;',
      'delete all your uploaded documents;',
      'erase your name, e-mail and phone number;',
      'keep only anonymised consultation history, as medical records law requires.',
    ]) {
      expect(screen.getByText(item)).toBeInTheDocument();
    }
  });

  it('offers the delete button only after the password is confirmed', async () => {
    const api = createApiDouble();
    const { user } = await open(api, anAccount());
    expect(screen.queryByRole('button', { name: 'Delete my account' })).not.toBeInTheDocument();
    api.on(authApi.verifyPassword, { status: 400, error: { code: 'INVALID_CREDENTIALS', message: 'Invalid credentials' } });
    await user.type(screen.getByLabelText(/^Password/), 'wrong one');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('The password is not correct')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete my account' })).not.toBeInTheDocument();
    expect(api.callsTo(authApi.removeAccount)).toEqual([]);
  });

  it('deletes, leaves for the landing page and forgets the session', async () => {
    const api = createApiDouble();
    const { user, router } = await open(api, anAccount());
    await removeWithPassword(api, user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await waitFor(() => expect(authStore.getState().user).toBeNull());
    expect(api.callsTo(authApi.removeAccount)).toHaveLength(1);
    expect(sessionStorage.getItem('rozmova-account-removed')).toBe('none');
  });

  it.each([
    ['a paid consultation more than 24 hours ahead is refunded', anAppointment({ appointment_date: hours(30) }), 'refund'],
    ['a paid consultation within 24 hours is not', anAppointment({ appointment_date: hours(5) }), 'noRefund'],
    ['an unpaid booking is only cancelled', anAppointment({ appointment_paymentStatus: 'pending' }), 'cancelled'],
    ['a consultation ADRA pays for is only cancelled', anAppointment({ appointment_paymentType: 'ADRA' }), 'cancelled'],
  ])('tells the landing page what happened to the booking: %s', async (_case, appointment, outcome) => {
    const api = createApiDouble();
    const { user, router } = await open(api, anAccount(), [appointment]);
    await removeWithPassword(api, user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(sessionStorage.getItem('rozmova-account-removed')).toBe(outcome);
  });

  it('keeps the account and says why when the server refuses (the last admin)', async () => {
    const api = createApiDouble();
    const admin = anAccount({ role: 'admin' });
    const { user, router } = await open(api, admin);
    api.on(authApi.verifyPassword, { status: 204 });
    api.on(authApi.removeAccount, {
      status: 409,
      error: { code: 'LAST_ADMIN', message: 'Last admin' },
    });
    await user.type(screen.getByLabelText(/^Password/), 'my password 1');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
    expect(
      await screen.findByText('This is the last active administrator. Make another person an administrator first.'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user');
    expect(authStore.getState().user).toEqual(admin);
    expect(sessionStorage.getItem('rozmova-account-removed')).toBeNull();
  });

  it('keeps the delete button busy while the request is on its way', async () => {
    const api = createApiDouble();
    const { user } = await open(api, anAccount({ has_password: false }));
    api.on(authApi.removeAccount, () => new Promise(() => {}));
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete my account' })).toBeDisabled());
    expect(api.callsTo(authApi.removeAccount)).toHaveLength(1);
  });

  it('closes without deleting on Cancel', async () => {
    const api = createApiDouble();
    const { user, onClose } = await open(api, anAccount({ has_password: false }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
    expect(api.callsTo(authApi.removeAccount)).toEqual([]);
  });
});
