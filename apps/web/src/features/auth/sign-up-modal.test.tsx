import { authApi, type User } from '@rozmova/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { anAccount, formFlow } from '../../test/fixtures.ts';
import { createApiDouble, fieldRefusal, type ApiDouble } from '../../test/api-double.ts';
import { show } from '../../test/render.tsx';
import { SignUpModal } from './sign-up-modal.tsx';

const en = {
  name: /^Name/,
  email: /^E-mail/,
  consent: /I agree to the terms of use/,
  getCode: 'Get a code',
  code: /^Code/,
  confirm: 'Confirm',
  password: /^Password/,
  phone: /^Phone \(optional\)/,
  create: 'Create account',
};
const uk = {
  name: /^Ім'я/,
  email: /^Ел\. пошта/,
  consent: /Я погоджуюся з умовами використання/,
  getCode: 'Отримати код',
  code: /^Код/,
  confirm: 'Підтвердити',
  password: /^Пароль/,
  phone: /^Телефон \(необов'язково\)/,
  create: 'Створити обліковий запис',
};

async function open(api: ApiDouble, locale: 'en' | 'uk' = 'en') {
  const onSignedIn = vi.fn<(user: User) => void>();
  const onSwitch = vi.fn();
  const view = await show(<SignUpModal onClose={() => {}} onSwitch={onSwitch} onSignedIn={onSignedIn} />, { api, locale });
  return { ...view, onSignedIn, onSwitch, user: userEvent.setup({ delay: null }) };
}

type Labels = typeof en;
type Person = ReturnType<typeof userEvent.setup>;

/** Puts a whole value into the field at once (typing it key by key re-renders the form for every character). */
async function fill(user: Person, label: RegExp, value: string) {
  await user.click(await screen.findByLabelText(label));
  await user.paste(value);
}

async function fillAccount(user: Person, labels: Labels = en, name = '  Olena Kovalenko ', email = 'olena@example.com') {
  await fill(user, labels.name, name);
  await fill(user, labels.email, email);
  await user.click(screen.getByRole('checkbox', { name: labels.consent }));
  await user.click(screen.getByRole('button', { name: labels.getCode }));
}

async function enterCode(user: Person, code: string, labels: Labels = en) {
  await fill(user, labels.code, code);
  await user.click(screen.getByRole('button', { name: labels.confirm }));
}

/** The dialog at the code step: the double answers the code steps (the registration is each test's own). */
async function reachCode(api: ApiDouble, locale: 'en' | 'uk' = 'en') {
  api.on(authApi.sendRegisterCode, { status: 204 });
  api.on(authApi.checkCode, { body: { valid: true } });
  const view = await open(api, locale);
  await fillAccount(view.user, locale === 'uk' ? uk : en);
  return view;
}

afterEach(() => vi.useRealTimers());

describe('the account step', formFlow, () => {
  it('asks for a name, a valid e-mail and the consent before sending a code', async () => {
    const api = createApiDouble();
    const { user } = await open(api);
    await user.type(screen.getByLabelText(en.name), '   ');
    await user.type(screen.getByLabelText(en.email), 'olena.example.com');
    await user.click(screen.getByRole('button', { name: en.getCode }));
    expect(await screen.findByText('Enter your name')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(screen.getByText('Please accept the terms of use and the privacy policy')).toBeInTheDocument();
    expect(api.callsTo(authApi.sendRegisterCode)).toEqual([]);
  });

  it('says the same in Ukrainian', async () => {
    const api = createApiDouble();
    const { user } = await open(api, 'uk');
    await user.click(screen.getByRole('button', { name: uk.getCode }));
    expect(await screen.findByText("Вкажіть ваше ім'я")).toBeInTheDocument();
    expect(screen.getByText('Вкажіть правильну адресу ел. пошти')).toBeInTheDocument();
    expect(screen.getByText('Погодьтеся з умовами використання та політикою конфіденційності')).toBeInTheDocument();
  });

  it('opens the terms and the privacy policy in a new tab, so the typed details stay', async () => {
    const api = createApiDouble();
    await open(api);
    expect(screen.getByRole('link', { name: 'terms of use' })).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'privacy policy' })).toHaveAttribute('target', '_blank');
  });

  it('sends the code to the e-mail in the interface language', async () => {
    const api = createApiDouble();
    api.on(authApi.sendRegisterCode, { status: 204 });
    const { user } = await open(api, 'uk');
    await fillAccount(user, uk);
    expect(await screen.findByText('Ми надіслали 6-значний код на olena@example.com. Він дійсний 10 хвилин.')).toBeInTheDocument();
    expect(api.callsTo(authApi.sendRegisterCode).map((call) => call.body)).toEqual([{ email: 'olena@example.com', locale: 'uk' }]);
  });

  it('shows the product text for an e-mail that has an account, in Ukrainian, and keeps the details', async () => {
    const api = createApiDouble();
    api.on(authApi.sendRegisterCode, { status: 409, error: { code: 'EMAIL_TAKEN', message: 'Email taken' } });
    const { user } = await open(api, 'uk');
    await fillAccount(user, uk);
    expect(await screen.findByRole('alert')).toHaveTextContent('Помилка реєстрації. Користувача з такою поштою вже зареєстровано');
    expect(screen.getByLabelText(uk.name)).toHaveValue('  Olena Kovalenko ');
    expect(screen.getByLabelText(uk.email)).toHaveValue('olena@example.com');
    expect(screen.getByRole('checkbox', { name: uk.consent })).toBeChecked();
  });

  it('says to wait when codes were asked for too often', async () => {
    const api = createApiDouble();
    api.on(authApi.sendRegisterCode, { status: 429, error: { code: 'TOO_MANY_REQUESTS', message: 'Too many requests' } });
    const { user } = await open(api, 'uk');
    await fillAccount(user, uk);
    expect(await screen.findByRole('alert')).toHaveTextContent('Забагато спроб. Зачекайте хвилину і спробуйте знову');
  });

  it('switches to the login dialog', async () => {
    const api = createApiDouble();
    const { user, onSwitch } = await open(api);
    await user.click(screen.getByRole('button', { name: 'Log in to your account' }));
    expect(onSwitch).toHaveBeenCalledWith('login');
  });
});

describe('the code step', formFlow, () => {
  it('checks a 6-digit code for the e-mail before asking for the password', async () => {
    const api = createApiDouble();
    const { user } = await reachCode(api);
    await enterCode(user, '12345');
    expect(await screen.findByText('The code is 6 digits')).toBeInTheDocument();
    expect(api.callsTo(authApi.checkCode)).toEqual([]);
    await user.type(screen.getByLabelText(en.code), '6');
    await user.click(screen.getByRole('button', { name: en.confirm }));
    expect(await screen.findByLabelText(en.password)).toBeInTheDocument();
    expect(api.callsTo(authApi.checkCode).map((call) => call.body)).toEqual([
      { email: 'olena@example.com', code: '123456', type: 'register' },
    ]);
  });

  it('takes no more than 6 characters', async () => {
    const api = createApiDouble();
    const { user } = await reachCode(api);
    await user.type(await screen.findByLabelText(en.code), '12345678');
    expect(screen.getByLabelText(en.code)).toHaveValue('123456');
  });

  it.each([
    [400, 'CODE_INVALID', 'Невірний код'],
    [410, 'CODE_EXPIRED', 'Термін перевірки коду закінчився'],
    [409, 'EMAIL_TAKEN', 'Користувача з такою поштою вже зареєстровано'],
  ])('answers a refused code (%i) with the product text and keeps it', async (status, code, text) => {
    const api = createApiDouble();
    const { user } = await reachCode(api, 'uk');
    api.on(authApi.checkCode, { status, error: { code, message: code } });
    await enterCode(user, '654321', uk);
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByLabelText(uk.code)).toHaveValue('654321');
  });

  it('offers a new code after a minute, sends it to the same address and says so', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const api = createApiDouble();
    const { user } = await reachCode(api);
    const resend = await screen.findByRole('button', { name: 'Send again in 60 s' });
    expect(resend).toBeDisabled();
    act(() => vi.advanceTimersByTime(59_000));
    expect(screen.getByRole('button', { name: 'Send again in 1 s' })).toBeDisabled();
    act(() => vi.advanceTimersByTime(1_000));
    await user.click(screen.getByRole('button', { name: 'Send again' }));
    expect(await screen.findByRole('status')).toHaveTextContent('A new code has been sent.');
    expect(api.callsTo(authApi.sendRegisterCode).map((call) => call.body)).toEqual([
      { email: 'olena@example.com', locale: 'en' },
      { email: 'olena@example.com', locale: 'en' },
    ]);
    // The minute starts again.
    expect(screen.getByRole('button', { name: 'Send again in 60 s' })).toBeDisabled();
  });

  it('shows why a new code was refused', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const api = createApiDouble();
    const { user } = await reachCode(api);
    await screen.findByRole('button', { name: 'Send again in 60 s' });
    api.on(authApi.sendRegisterCode, { status: 429, error: { code: 'TOO_MANY_REQUESTS', message: 'Too many requests' } });
    act(() => vi.advanceTimersByTime(60_000));
    await user.click(screen.getByRole('button', { name: 'Send again' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please wait a minute and try again');
    expect(screen.queryByText('A new code has been sent.')).not.toBeInTheDocument();
  });

  it('goes back to the details, which are kept', async () => {
    const api = createApiDouble();
    const { user } = await reachCode(api);
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText(en.email)).toHaveValue('olena@example.com');
  });
});

describe('the password step', formFlow, () => {
  async function reachPassword(api: ApiDouble, locale: 'en' | 'uk' = 'en') {
    const view = await reachCode(api, locale);
    const labels = locale === 'uk' ? uk : en;
    await enterCode(view.user, '123456', labels);
    await screen.findByLabelText(labels.password);
    return view;
  }

  async function create(user: Person, password: string, labels: Labels = en) {
    await fill(user, labels.password, password);
    await user.click(screen.getByRole('button', { name: labels.create }));
  }

  it('creates the account with the code, the trimmed name and phone, and signs in', async () => {
    const api = createApiDouble();
    const person = anAccount();
    api.on(authApi.registerPatient, { status: 201, body: { token: 'new-session' } });
    api.on(authApi.profile, { body: person });
    const { user, onSignedIn } = await reachPassword(api);
    await fill(user, en.phone, ' 067 123 45 67 ');
    await create(user, 'a good long password');
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(person));
    expect(api.callsTo(authApi.registerPatient).map((call) => call.body)).toEqual([
      {
        email: 'olena@example.com',
        code: '123456',
        password: 'a good long password',
        user_name: 'Olena Kovalenko',
        locale: 'en',
        phone: '067 123 45 67',
      },
    ]);
  });

  it('leaves the phone out when none is given', async () => {
    const api = createApiDouble();
    api.on(authApi.registerPatient, { status: 201, body: { token: 'new-session' } });
    api.on(authApi.profile, { body: anAccount() });
    const { user, onSignedIn } = await reachPassword(api);
    await create(user, 'a good long password');
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(api.callsTo(authApi.registerPatient)[0]?.body).not.toHaveProperty('phone');
  });

  it('refuses a short password and a phone that is not one before sending', async () => {
    const api = createApiDouble();
    const { user } = await reachPassword(api);
    await user.type(screen.getByLabelText(en.password), 'short');
    await user.type(screen.getByLabelText(en.phone), '12');
    await user.click(screen.getByRole('button', { name: en.create }));
    expect(await screen.findByText('The password must be 8 to 128 characters long')).toBeInTheDocument();
    expect(screen.getByText(/^Enter a Ukrainian number/)).toBeInTheDocument();
    expect(api.callsTo(authApi.registerPatient)).toEqual([]);
  });

  it.each([
    [409, 'EMAIL_TAKEN', 'Користувача з такою поштою вже зареєстровано'],
    [410, 'CODE_EXPIRED', 'Термін перевірки коду закінчився'],
    [429, 'TOO_MANY_REQUESTS', 'Забагато спроб. Зачекайте хвилину і спробуйте знову'],
  ])('shows the product text of a refused registration (%i) in Ukrainian', async (status, code, text) => {
    const api = createApiDouble();
    api.on(authApi.registerPatient, { status, error: { code, message: code } });
    const { user, onSignedIn } = await reachPassword(api, 'uk');
    await create(user, 'a good long password', uk);
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('shows a too common password on the password field', async () => {
    const api = createApiDouble();
    api.on(authApi.registerPatient, fieldRefusal({ path: 'body.password', code: 'PASSWORD_TOO_COMMON', message: 'Too common' }));
    const { user } = await reachPassword(api);
    await create(user, 'password123');
    expect(await screen.findByText('This password is too common, choose another one')).toBeInTheDocument();
    expect(screen.getByLabelText(en.password)).toHaveAccessibleDescription(/too common/);
  });

  it('takes the person back to the name when the server refuses it, with the reason beside it', async () => {
    const api = createApiDouble();
    api.on(authApi.registerPatient, fieldRefusal({ path: 'body.user_name', code: 'ONE_LINE_TEXT', message: 'One line of text' }));
    const { user } = await reachPassword(api);
    await create(user, 'a good long password');
    expect(await screen.findByText('Use one line of text, without tabs or special characters')).toBeInTheDocument();
    expect(screen.getByLabelText(en.name)).toHaveValue('  Olena Kovalenko ');
  });
});
