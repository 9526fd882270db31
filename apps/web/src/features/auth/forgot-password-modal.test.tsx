import { authApi, twoFactorApi, type User } from '@rozmova/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { anAccount, formFlow } from '../../test/fixtures.ts';
import { createApiDouble, fieldRefusal, type ApiDouble } from '../../test/api-double.ts';
import { show } from '../../test/render.tsx';
import { ForgotPasswordModal } from './forgot-password-modal.tsx';

const challenge = 'challenge-0123456789';

async function open(api: ApiDouble, locale: 'en' | 'uk' = 'en') {
  const onDone = vi.fn<(user: User) => void>();
  const onClose = vi.fn();
  const view = await show(<ForgotPasswordModal onClose={onClose} onDone={onDone} />, { api, locale });
  return { ...view, onDone, onClose, user: userEvent.setup({ delay: null }) };
}

type Person = ReturnType<typeof userEvent.setup>;

/** Puts a whole value into the field at once (typing it key by key re-renders the form for every character). */
async function fill(user: Person, label: RegExp, value: string) {
  await user.click(await screen.findByLabelText(label));
  await user.paste(value);
}

async function askForCode(user: Person, email = 'olena@example.com') {
  await fill(user, /^E-mail/, email);
  await user.click(screen.getByRole('button', { name: 'Get a code' }));
}

async function reachPassword(api: ApiDouble) {
  api.on(authApi.sendRecoveryCode, { status: 204 });
  api.on(authApi.checkCode, { body: { valid: true } });
  const view = await open(api);
  await askForCode(view.user);
  await fill(view.user, /^Code/, '246810');
  await view.user.click(screen.getByRole('button', { name: 'Confirm' }));
  await screen.findByLabelText(/^New password/);
  return view;
}

afterEach(() => vi.useRealTimers());

describe('recovering a forgotten password', formFlow, () => {
  it('asks for a valid e-mail before sending a code', async () => {
    const api = createApiDouble();
    const { user } = await open(api);
    await askForCode(user, 'not an address');
    expect(await screen.findByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(api.callsTo(authApi.sendRecoveryCode)).toEqual([]);
  });

  it('sends the recovery code in the interface language and names the address it went to', async () => {
    const api = createApiDouble();
    api.on(authApi.sendRecoveryCode, { status: 204 });
    const { user } = await open(api, 'uk');
    await user.type(screen.getByLabelText(/^Ел\. пошта/), 'olena@example.com');
    await user.click(screen.getByRole('button', { name: 'Отримати код' }));
    expect(await screen.findByText('Ми надіслали 6-значний код на olena@example.com. Він дійсний 10 хвилин.')).toBeInTheDocument();
    expect(api.callsTo(authApi.sendRecoveryCode).map((call) => call.body)).toEqual([{ email: 'olena@example.com', locale: 'uk' }]);
  });

  it('gives the generic text for a refused recovery code, which says nothing about the account', async () => {
    const api = createApiDouble();
    api.on(authApi.sendRecoveryCode, { status: 404, error: { code: 'USER_NOT_FOUND', message: 'User not found' } });
    const { user } = await open(api);
    await askForCode(user);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('An error occurred');
    expect(alert).not.toHaveTextContent('No user is registered');
    expect(screen.getByLabelText(/^E-mail/)).toHaveValue('olena@example.com');
  });

  it('says to wait after too many requests', async () => {
    const api = createApiDouble();
    api.on(authApi.sendRecoveryCode, { status: 429, error: { code: 'TOO_MANY_REQUESTS', message: 'Too many requests' } });
    const { user } = await open(api);
    await askForCode(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please wait a minute and try again');
  });

  it('checks the code as a recovery code', async () => {
    const api = createApiDouble();
    await reachPassword(api);
    expect(api.callsTo(authApi.checkCode).map((call) => call.body)).toEqual([
      { email: 'olena@example.com', code: '246810', type: 'recover-pass' },
    ]);
  });

  it('sends a new recovery code, not a sign-up one, after the minute', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const api = createApiDouble();
    api.on(authApi.sendRecoveryCode, { status: 204 });
    const { user } = await open(api);
    await askForCode(user);
    await screen.findByRole('button', { name: 'Send again in 60 s' });
    act(() => vi.advanceTimersByTime(60_000));
    await user.click(screen.getByRole('button', { name: 'Send again' }));
    expect(await screen.findByText('A new code has been sent.')).toBeInTheDocument();
    expect(api.callsTo(authApi.sendRecoveryCode)).toHaveLength(2);
    expect(api.callsTo(authApi.sendRegisterCode)).toEqual([]);
  });

  it('shows an expired code in the product text', async () => {
    const api = createApiDouble();
    api.on(authApi.sendRecoveryCode, { status: 204 });
    api.on(authApi.checkCode, { status: 410, error: { code: 'CODE_EXPIRED', message: 'Code expired' } });
    const { user } = await open(api);
    await askForCode(user);
    await user.type(await screen.findByLabelText(/^Code/), '246810');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The code has expired');
  });

  it('refuses a new password shorter than 8 characters before sending', async () => {
    const api = createApiDouble();
    const { user } = await reachPassword(api);
    await user.type(screen.getByLabelText(/^New password/), 'seven77');
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText('The password must be 8 to 128 characters long')).toBeInTheDocument();
    expect(api.callsTo(authApi.setupPassword)).toEqual([]);
  });

  it('saves the new password with the e-mail and the code, signs in and opens the cabinet', async () => {
    const api = createApiDouble();
    const person = anAccount();
    api.on(authApi.setupPassword, { body: { token: 'recovered-session' } });
    api.on(authApi.profile, { body: person });
    const { user, onDone } = await reachPassword(api);
    await fill(user, /^New password/, 'a brand new password');
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your password has been changed and you are logged in.');
    expect(api.callsTo(authApi.setupPassword).map((call) => call.body)).toEqual([
      { email: 'olena@example.com', code: '246810', password: 'a brand new password' },
    ]);
    await user.click(screen.getByRole('button', { name: 'Go to my cabinet' }));
    expect(onDone).toHaveBeenCalledWith(person);
  });

  it('shows a refused new password and keeps the dialog on the password step', async () => {
    const api = createApiDouble();
    api.on(authApi.setupPassword, fieldRefusal({ path: 'body.password', code: 'PASSWORD_TOO_COMMON', message: 'Too common' }));
    const { user, onDone } = await reachPassword(api);
    await user.type(screen.getByLabelText(/^New password/), 'password1');
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText('This password is too common, choose another one')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(onDone).not.toHaveBeenCalled();
  });

  it("asks staff with two-factor sign-in for the app's code after the new password", async () => {
    const api = createApiDouble();
    const doctor = anAccount({ role: 'doctor' });
    api.on(authApi.setupPassword, {
      body: { second_step: 'code', challenge, expires_at: new Date(Date.now() + 60_000).toISOString() },
    });
    api.on(twoFactorApi.verify, { body: { token: 'staff-session' } });
    api.on(authApi.profile, { body: doctor });
    const { user, onDone } = await reachPassword(api);
    await fill(user, /^New password/, 'a brand new password');
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText(/Your new password is saved\./)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Code from the app/), '135790');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your password has been changed and you are logged in.');
    expect(api.callsTo(twoFactorApi.verify).map((call) => call.body)).toEqual([{ challenge, code: '135790' }]);
    await user.click(screen.getByRole('button', { name: 'Go to my cabinet' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(doctor));
  });
});
