import { authApi, twoFactorApi, type User } from '@rozmova/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { anAccount, formFlow } from '../../test/fixtures.ts';
import { createApiDouble, type ApiDouble } from '../../test/api-double.ts';
import { show } from '../../test/render.tsx';
import { LoginModal } from './login-modal.tsx';

const challenge = 'challenge-0123456789';
const inAMinute = () => new Date(Date.now() + 60_000).toISOString();

function open(api: ApiDouble, locale: 'en' | 'uk' = 'en') {
  const onSignedIn = vi.fn<(user: User) => void>();
  const onSwitch = vi.fn();
  const onClose = vi.fn();
  return show(<LoginModal onClose={onClose} onSwitch={onSwitch} onSignedIn={onSignedIn} />, { api, locale }).then((view) => ({
    ...view,
    onSignedIn,
    onSwitch,
    onClose,
  }));
}

async function signIn(email: string, password: string, { submit = 'Sign in', emailLabel = /^E-mail/, passwordLabel = /^Password/ } = {}) {
  const user = userEvent.setup({ delay: null });
  await user.click(screen.getByLabelText(emailLabel));
  await user.paste(email);
  await user.click(screen.getByLabelText(passwordLabel));
  await user.paste(password);
  await user.click(screen.getByRole('button', { name: submit }));
  return user;
}

const refuse = (api: ApiDouble, status: number, code: string, message: string) =>
  api.on(authApi.login, { status, error: { code, message } });

beforeEach(() => sessionStorage.clear());

describe('signing in with e-mail and password', formFlow, () => {
  it('sends the e-mail and the password once, as a patient, and hands over the signed-in person', async () => {
    const api = createApiDouble();
    const person = anAccount();
    api.on(authApi.login, { body: { token: 'session-token' } });
    api.on(authApi.profile, { body: person });
    const { onSignedIn, onClose } = await open(api);
    await signIn('olena@example.com', 'correct horse 1');
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(person));
    expect(api.callsTo(authApi.login).map((call) => call.body)).toEqual([
      { email: 'olena@example.com', password: 'correct horse 1', role: 'patient' },
    ]);
    // Signing in leaves the page itself: the dialog does not close over it.
    expect(onClose).not.toHaveBeenCalled();
    expect(api.unanswered).toEqual([]);
  });

  it('asks for a valid e-mail and a password before sending anything', async () => {
    const api = createApiDouble();
    await open(api);
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText(/^E-mail/), 'olena@');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(screen.getByText('Enter your password')).toBeInTheDocument();
    expect(api.callsTo(authApi.login)).toEqual([]);
  });

  it('says the credentials are wrong and keeps what was typed', async () => {
    const api = createApiDouble();
    refuse(api, 400, 'INVALID_CREDENTIALS', 'Invalid credentials');
    const { onSignedIn } = await open(api);
    await signIn('olena@example.com', 'wrong password');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid credentials');
    expect(screen.getByLabelText(/^E-mail/)).toHaveValue('olena@example.com');
    // The form keeps the password too, so a typo can be corrected in place.
    expect(screen.getByLabelText(/^Password/)).toHaveValue('wrong password');
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('shows the product texts of docs/product.md §8 in Ukrainian', async () => {
    const cases = [
      { status: 400, code: 'INVALID_CREDENTIALS', message: 'Invalid credentials', text: 'Невірні облікові данні' },
      { status: 404, code: 'USER_NOT_FOUND', message: 'User not found', text: 'Користувача з такою поштою незареєстровано' },
      { status: 403, code: 'EMAIL_NOT_VERIFIED', message: 'User email is not verified', text: 'Ваш имейл не верифіковано' },
      { status: 429, code: 'TOO_MANY_REQUESTS', message: 'Too many requests', text: 'Забагато спроб. Зачекайте хвилину і спробуйте знову' },
      { status: 500, code: 'INTERNAL', message: 'Internal error', text: 'Сталася помилка' },
    ];
    for (const { status, code, message, text } of cases) {
      const api = createApiDouble();
      refuse(api, status, code, message);
      const view = await open(api, 'uk');
      await signIn('olena@example.com', 'some password', {
        submit: 'Увійти в кабінет',
        emailLabel: /^Ел\. пошта/,
        passwordLabel: /^Пароль/,
      });
      expect(await screen.findByRole('alert')).toHaveTextContent(text);
      view.unmount();
    }
  });

  it('tells a deactivated account so, apart from an unverified e-mail (both 403)', async () => {
    const api = createApiDouble();
    refuse(api, 403, 'ACCOUNT_DISABLED', 'Account disabled');
    await open(api);
    await signIn('olena@example.com', 'some password');
    const alert = await screen.findByRole('alert');
    expect(alert).not.toHaveTextContent('Your e-mail is not verified');
    expect(alert).toHaveTextContent(/deactivated/i);
  });

  it('says to wait after too many attempts (429)', async () => {
    const api = createApiDouble();
    refuse(api, 429, 'TOO_MANY_REQUESTS', 'Too many requests');
    await open(api);
    await signIn('olena@example.com', 'some password');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please wait a minute and try again');
  });

  it('keeps the button busy while the request is on its way, so it is not sent twice', async () => {
    const api = createApiDouble();
    let answer!: () => void;
    api.on(authApi.login, () => new Promise((resolve) => (answer = () => resolve({ body: { token: 'session-token' } }))));
    api.on(authApi.profile, { body: anAccount() });
    const { onSignedIn } = await open(api);
    const user = await signIn('olena@example.com', 'correct horse 1');
    const button = screen.getByRole('button', { name: 'Sign in' });
    await waitFor(() => expect(button).toBeDisabled());
    await user.click(button);
    answer();
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    expect(api.callsTo(authApi.login)).toHaveLength(1);
  });

  it('switches to the sign-up and the password recovery dialogs', async () => {
    const api = createApiDouble();
    const { onSwitch } = await open(api);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    await user.click(screen.getByRole('button', { name: 'Create an account' }));
    expect(onSwitch.mock.calls).toEqual([['forgot'], ['signup']]);
  });
});

describe('the second step of a staff sign-in', formFlow, () => {
  async function reachSecondStep(api: ApiDouble) {
    api.on(authApi.login, { body: { second_step: 'code', challenge, expires_at: inAMinute() } });
    const view = await open(api);
    const user = await signIn('doctor@example.com', 'staff password 1');
    expect(await screen.findByText('Open your authenticator app and enter the 6-digit code it shows for Rozmova.')).toBeInTheDocument();
    return { ...view, user };
  }

  it('asks for the app code and signs in with it and the challenge', async () => {
    const api = createApiDouble();
    const doctor = anAccount({ role: 'doctor', email: 'doctor@example.com' });
    api.on(twoFactorApi.verify, { body: { token: 'staff-session' } });
    api.on(authApi.profile, { body: doctor });
    const { user, onSignedIn } = await reachSecondStep(api);
    await user.type(screen.getByLabelText(/^Code from the app/), '123 456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(onSignedIn.mock.calls[0]?.[0]).toEqual(doctor);
    expect(api.callsTo(twoFactorApi.verify).map((call) => call.body)).toEqual([{ challenge, code: '123 456' }]);
  });

  it('refuses a code that is not 6 digits before sending it', async () => {
    const api = createApiDouble();
    const { user } = await reachSecondStep(api);
    await user.type(screen.getByLabelText(/^Code from the app/), '12345');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter the 6 digits the app shows.')).toBeInTheDocument();
    expect(api.callsTo(twoFactorApi.verify)).toEqual([]);
  });

  it('takes a recovery code instead, in its own format', async () => {
    const api = createApiDouble();
    api.on(twoFactorApi.verify, { body: { token: 'staff-session' } });
    api.on(authApi.profile, { body: anAccount({ role: 'operator' }) });
    const { user, onSignedIn } = await reachSecondStep(api);
    await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    const field = screen.getByLabelText(/^Recovery code/);
    await waitFor(() => expect(field).toHaveFocus());
    await user.type(field, '123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('A recovery code has 10 letters and digits, for example ABCDE-FGH23.')).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, 'abcde-fgh23');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(api.callsTo(twoFactorApi.verify).map((call) => call.body)).toEqual([{ challenge, code: 'abcde-fgh23' }]);
  });

  it('explains a wrong code and keeps it to correct', async () => {
    const api = createApiDouble();
    api.on(twoFactorApi.verify, { status: 400, error: { code: 'CODE_INVALID', message: 'Code invalid' } });
    const { user, onSignedIn } = await reachSecondStep(api);
    await user.type(screen.getByLabelText(/^Code from the app/), '654321');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This code is not right.');
    expect(screen.getByLabelText(/^Code from the app/)).toHaveValue('654321');
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('goes back to the password form, which starts clean', async () => {
    const api = createApiDouble();
    const { user } = await reachSecondStep(api);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^E-mail/)).toHaveValue('doctor@example.com');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('sends a member of staff without an authenticator to set one up, keeping the challenge for this tab', async () => {
    const api = createApiDouble();
    const expires = inAMinute();
    api.on(authApi.login, { body: { second_step: 'enrol', challenge, expires_at: expires } });
    const { router } = await open(api);
    await signIn('admin@example.com', 'staff password 1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in/authenticator'));
    expect(JSON.parse(sessionStorage.getItem('rozmova-second-step')!)).toEqual({ second_step: 'enrol', challenge, expires_at: expires });
  });
});
