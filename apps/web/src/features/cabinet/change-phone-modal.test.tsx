import { Notifications, notifications } from '@mantine/notifications';
import { authApi, type User } from '@rozmova/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { anAccount, formFlow } from '../../test/fixtures.ts';
import { createApiDouble, type ApiDouble } from '../../test/api-double.ts';
import { show } from '../../test/render.tsx';
import { ChangePhoneModal } from './change-phone-modal.tsx';

beforeEach(() => notifications.clean());

async function open(api: ApiDouble, person: User, locale: 'en' | 'uk' = 'en') {
  const onClose = vi.fn();
  await show(
    <>
      <Notifications />
      <ChangePhoneModal user={person} onClose={onClose} />
    </>,
    { api, user: person, locale },
  );
  return { onClose, user: userEvent.setup({ delay: null }) };
}

async function confirmPassword(api: ApiDouble, user: ReturnType<typeof userEvent.setup>, password = 'my password 1') {
  api.on(authApi.verifyPassword, { status: 204 });
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  return screen.findByLabelText(/^New phone number/);
}

describe('changing the phone', formFlow, () => {
  it('asks for the password first and sends it once', async () => {
    const api = createApiDouble();
    const { user } = await open(api, anAccount());
    expect(screen.getByText('For your security, confirm your password first.')).toBeInTheDocument();
    expect(screen.queryByLabelText(/^New phone number/)).not.toBeInTheDocument();
    await confirmPassword(api, user);
    expect(api.callsTo(authApi.verifyPassword).map((call) => call.body)).toEqual([{ password: 'my password 1' }]);
  });

  it('says a wrong password is wrong and stays on the password', async () => {
    const api = createApiDouble();
    const { user } = await open(api, anAccount(), 'uk');
    api.on(authApi.verifyPassword, { status: 400, error: { code: 'INVALID_CREDENTIALS', message: 'Invalid credentials' } });
    await user.type(screen.getByLabelText(/^Пароль/), 'not it');
    await user.click(screen.getByRole('button', { name: 'Продовжити' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Пароль невірний');
    expect(screen.queryByLabelText(/^Новий номер телефону/)).not.toBeInTheDocument();
  });

  it('asks for the password to be typed before sending it', async () => {
    const api = createApiDouble();
    const { user } = await open(api, anAccount());
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Enter your password')).toBeInTheDocument();
    expect(api.callsTo(authApi.verifyPassword)).toEqual([]);
  });

  it('starts from the current number and saves the new one trimmed', async () => {
    const api = createApiDouble();
    const person = anAccount({ phone: '+380671234567' });
    const { user, onClose } = await open(api, person);
    const field = await confirmPassword(api, user);
    expect(field).toHaveValue('+380671234567');
    api.on(authApi.updateProfile, { body: { ...person, phone: '+380501112233' } });
    await user.clear(field);
    await user.type(field, '  050 111 22 33 ');
    await user.click(screen.getByRole('button', { name: 'Save phone' }));
    expect(await screen.findByText('Your phone number has been saved.')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    expect(api.callsTo(authApi.updateProfile).map((call) => call.body)).toEqual([{ phone: '050 111 22 33' }]);
  });

  it('removes the number when the field is left empty', async () => {
    const api = createApiDouble();
    const person = anAccount({ phone: '+380671234567' });
    const { user } = await open(api, person);
    const field = await confirmPassword(api, user);
    api.on(authApi.updateProfile, { body: { ...person, phone: null } });
    await user.clear(field);
    await user.type(field, '   ');
    await user.click(screen.getByRole('button', { name: 'Save phone' }));
    await waitFor(() => expect(api.callsTo(authApi.updateProfile).map((call) => call.body)).toEqual([{ phone: null }]));
  });

  it('refuses a number that is not one before sending', async () => {
    const api = createApiDouble();
    const { user, onClose } = await open(api, anAccount());
    const field = await confirmPassword(api, user);
    await user.type(field, '12-34');
    await user.click(screen.getByRole('button', { name: 'Save phone' }));
    expect(
      await screen.findByText('Enter a Ukrainian number, e.g. 067 123 45 67, or another country’s with its + prefix'),
    ).toBeInTheDocument();
    expect(api.callsTo(authApi.updateProfile)).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('says to confirm the password again when the confirmation has run out, keeping the number', async () => {
    const api = createApiDouble();
    const { user, onClose } = await open(api, anAccount());
    const field = await confirmPassword(api, user);
    api.on(authApi.updateProfile, {
      status: 403,
      error: { code: 'PASSWORD_VERIFICATION_REQUIRED', message: 'Confirm your password first' },
    });
    await user.type(field, '067 123 45 67');
    await user.click(screen.getByRole('button', { name: 'Save phone' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Confirm your password first');
    expect(screen.getByLabelText(/^New phone number/)).toHaveValue('067 123 45 67');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('does not ask an account without a password for one', async () => {
    const api = createApiDouble();
    await open(api, anAccount({ has_password: false }));
    expect(screen.getByLabelText(/^New phone number/)).toBeInTheDocument();
    expect(screen.queryByText('For your security, confirm your password first.')).not.toBeInTheDocument();
  });
});
