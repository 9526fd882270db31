import { Notifications, notifications } from '@mantine/notifications';
import { authApi } from '@rozmova/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { anAccount, formFlow } from '../../test/fixtures.ts';
import { createApiDouble, type ApiDouble } from '../../test/api-double.ts';
import { show } from '../../test/render.tsx';
import { ChangePasswordModal } from './change-password-modal.tsx';
import { SetupPasswordModal } from './setup-password-modal.tsx';

// Toasts live in one store for the whole test file.
beforeEach(() => notifications.clean());

async function openChange(api: ApiDouble, locale: 'en' | 'uk' = 'en') {
  const onClose = vi.fn();
  await show(
    <>
      <Notifications />
      <ChangePasswordModal onClose={onClose} />
    </>,
    { api, user: anAccount(), locale },
  );
  return { onClose, user: userEvent.setup({ delay: null }) };
}

async function change(user: ReturnType<typeof userEvent.setup>, current: string, next: string) {
  if (current) await user.type(screen.getByLabelText(/^Current password/), current);
  if (next) await user.type(screen.getByLabelText(/^New password/), next);
  await user.click(screen.getByRole('button', { name: 'Save password' }));
}

describe('changing the password', formFlow, () => {
  it('sends the current and the new password once, says so and closes', async () => {
    const api = createApiDouble();
    const { user, onClose } = await openChange(api);
    api.on(authApi.updateProfile, { body: anAccount() });
    await change(user, 'old password 1', 'new password 22');
    expect(await screen.findByText('Your password has been changed. Other devices have been signed out.')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    expect(api.callsTo(authApi.updateProfile).map((call) => call.body)).toEqual([
      { current_password: 'old password 1', new_password: 'new password 22' },
    ]);
  });

  it('asks for the current password and a new one of 8 to 128 characters before sending', async () => {
    const api = createApiDouble();
    const { user } = await openChange(api);
    await change(user, '', 'short');
    expect(await screen.findByText('Enter your password')).toBeInTheDocument();
    expect(screen.getByText('The password must be 8 to 128 characters long')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^New password/));
    await user.click(screen.getByLabelText(/^New password/));
    await user.paste('x'.repeat(129));
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText('The password must be 8 to 128 characters long')).toBeInTheDocument();
    expect(api.callsTo(authApi.updateProfile)).toEqual([]);
  });

  it('puts a wrong current password on its field, in Ukrainian too, and keeps the dialog open', async () => {
    const api = createApiDouble();
    const { user, onClose } = await openChange(api, 'uk');
    api.on(authApi.updateProfile, {
      status: 400,
      error: {
        code: 'INVALID_CREDENTIALS',
        message: 'The password is not correct',
        errors: [{ path: 'current_password', code: 'PASSWORD_INCORRECT', message: 'The password is not correct' }],
      },
    });
    await user.type(screen.getByLabelText(/^Поточний пароль/), 'not my password');
    await user.type(screen.getByLabelText(/^Новий пароль/), 'new password 22');
    await user.click(screen.getByRole('button', { name: 'Зберегти пароль' }));
    expect(await screen.findByText('Пароль невірний')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Поточний пароль/)).toHaveAccessibleDescription('Пароль невірний');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('says to wait after too many wrong current passwords', async () => {
    const api = createApiDouble();
    const { user } = await openChange(api);
    api.on(authApi.updateProfile, { status: 429, error: { code: 'TOO_MANY_REQUESTS', message: 'Too many requests' } });
    await change(user, 'guess 1', 'new password 22');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please wait a minute and try again');
  });

  it('keeps the button busy while saving', async () => {
    const api = createApiDouble();
    const { user } = await openChange(api);
    let answer!: () => void;
    api.on(authApi.updateProfile, () => new Promise((resolve) => (answer = () => resolve({ body: anAccount() }))));
    await change(user, 'old password 1', 'new password 22');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save password' })).toBeDisabled());
    answer();
    expect(await screen.findByText(/Your password has been changed/)).toBeInTheDocument();
    expect(api.callsTo(authApi.updateProfile)).toHaveLength(1);
  });
});

describe('setting a first password', formFlow, () => {
  async function openSetup(api: ApiDouble) {
    const onClose = vi.fn();
    await show(
      <>
        <Notifications />
        <SetupPasswordModal onClose={onClose} />
      </>,
      { api, user: anAccount({ has_password: false }) },
    );
    expect(screen.getByText('Your account has no password yet. Set one to log in with your e-mail.')).toBeInTheDocument();
    return { onClose, user: userEvent.setup({ delay: null }) };
  }

  it('sets it, takes the new session and says so', async () => {
    const api = createApiDouble();
    const { user, onClose } = await openSetup(api);
    api.on(authApi.setupPassword, { body: { token: 'fresh-session' } });
    api.on(authApi.profile, { body: anAccount() });
    await user.type(screen.getByLabelText(/^New password/), 'my first password');
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText('Your password has been set.')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    expect(api.callsTo(authApi.setupPassword).map((call) => call.body)).toEqual([{ password: 'my first password' }]);
    // The profile is read again with the new session's token.
    expect(api.callsTo(authApi.profile).at(-1)?.headers.authorization).toBe('Bearer fresh-session');
  });

  it('refuses a short password before sending', async () => {
    const api = createApiDouble();
    const { user } = await openSetup(api);
    await user.type(screen.getByLabelText(/^New password/), '1234567');
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText('The password must be 8 to 128 characters long')).toBeInTheDocument();
    expect(api.callsTo(authApi.setupPassword)).toEqual([]);
  });

  it('shows the returned code when the account has a password by now', async () => {
    const api = createApiDouble();
    const { user, onClose } = await openSetup(api);
    api.on(authApi.setupPassword, { status: 409, error: { code: 'PASSWORD_ALREADY_SET', message: 'Password already set' } });
    await user.type(screen.getByLabelText(/^New password/), 'my first password');
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This account already has a password');
    expect(onClose).not.toHaveBeenCalled();
  });
});
