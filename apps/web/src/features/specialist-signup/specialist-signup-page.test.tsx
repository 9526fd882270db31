import { authApi, specialistsApi } from '@rozmova/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { anAccount, formFlow } from '../../test/fixtures.ts';
import { createApiDouble, fieldRefusal, type ApiDouble } from '../../test/api-double.ts';
import { show } from '../../test/render.tsx';
import { SpecialistSignUpPage } from './specialist-signup-page.tsx';
import { anApplication } from './test-data.ts';

const applicant = () => anAccount({ role: 'none', email: 'mariia@example.com', user_name: 'Марія Коваленко' });

async function visit(api: ApiDouble, options: { locale?: 'en' | 'uk'; user?: ReturnType<typeof anAccount> } = {}) {
  const view = await show(<SpecialistSignUpPage />, { api, at: '/for-specialists', ...options });
  return { ...view, user: userEvent.setup({ delay: null }) };
}

type Person = ReturnType<typeof userEvent.setup>;

/** Puts a whole value into the field at once (typing it key by key re-renders the form for every character). */
async function fill(user: Person, label: RegExp, value: string) {
  await user.click(await screen.findByLabelText(label));
  await user.paste(value);
}

async function askForCode(user: Person, name = '  Марія Коваленко ', email = 'mariia@example.com') {
  if (name) await fill(user, /^Name and surname in Ukrainian/, name);
  if (email) await fill(user, /^E-mail/, email);
  await user.click(screen.getByRole('checkbox', { name: /I agree to the terms of use/ }));
  await user.click(screen.getByRole('button', { name: 'Get a code' }));
}

async function createAccount(user: Person, code: string, password: string) {
  await fill(user, /^Code/, code);
  await fill(user, /^Password/, password);
  await user.click(screen.getByRole('button', { name: 'Create the account' }));
}

describe('the account step of a specialist', formFlow, () => {
  it('tells a visitor what is offered and marks the first of the four steps', async () => {
    const api = createApiDouble();
    await visit(api);
    expect(screen.getByRole('heading', { level: 1, name: 'For specialists' })).toBeInTheDocument();
    const steps = screen.getByRole('list', { name: 'Sign-up steps' });
    expect(steps.querySelector('[aria-current="step"]')).toHaveTextContent('Account');
    expect(screen.getByRole('link', { name: 'Log in to see your application' })).toHaveAttribute('href', '/for-specialists?auth=login');
  });

  it('asks for the name, the e-mail and the consent before sending a code', async () => {
    const api = createApiDouble();
    const { user } = await visit(api);
    await user.click(screen.getByRole('button', { name: 'Get a code' }));
    expect(await screen.findByText('Enter your name')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(screen.getByText('Please accept the terms of use and the privacy policy')).toBeInTheDocument();
    expect(api.callsTo(authApi.sendRegisterCode)).toEqual([]);
  });

  it('creates the account with the code and the trimmed name, then continues with the profile', async () => {
    const api = createApiDouble();
    api.on(authApi.sendRegisterCode, { status: 204 });
    api.on(authApi.registerSpecialist, { status: 201, body: { token: 'applicant-session' } });
    api.on(authApi.profile, { body: applicant() });
    api.on(specialistsApi.mine, { body: anApplication() });
    const { user } = await visit(api);
    await askForCode(user);
    expect(await screen.findByText('We have sent a 6-digit code to mariia@example.com. It is valid for 10 minutes.')).toBeInTheDocument();
    await createAccount(user, '135790', 'a specialist password');
    expect(await screen.findByRole('heading', { name: 'Step 2: your profile' })).toBeInTheDocument();
    expect(api.callsTo(authApi.sendRegisterCode).map((call) => call.body)).toEqual([{ email: 'mariia@example.com', locale: 'en' }]);
    expect(api.callsTo(authApi.registerSpecialist).map((call) => call.body)).toEqual([
      { email: 'mariia@example.com', code: '135790', password: 'a specialist password', user_name: 'Марія Коваленко', locale: 'en' },
    ]);
  });

  it('refuses a code that is not 6 digits and a short password before sending', async () => {
    const api = createApiDouble();
    api.on(authApi.sendRegisterCode, { status: 204 });
    const { user } = await visit(api);
    await askForCode(user);
    await createAccount(user, '12a4', 'short');
    expect(await screen.findByText('The code is 6 digits')).toBeInTheDocument();
    expect(screen.getByText('The password must be 8 to 128 characters long')).toBeInTheDocument();
    expect(api.callsTo(authApi.registerSpecialist)).toEqual([]);
  });

  it.each([
    [409, 'EMAIL_TAKEN', 'Користувача з такою поштою вже зареєстровано'],
    [400, 'CODE_INVALID', 'Підтвердіть вашу пошту, вам було відправлено лист з посиланням для підтвердження.'],
    [410, 'CODE_EXPIRED', 'Термін перевірки коду закінчився'],
  ])('shows the product text of a refused registration (%i) in Ukrainian, keeping the code', async (status, code, text) => {
    const api = createApiDouble();
    api.on(authApi.sendRegisterCode, { status: 204 });
    api.on(authApi.registerSpecialist, { status, error: { code, message: code } });
    const { user } = await visit(api, { locale: 'uk' });
    await fill(user, /^Ім’я та прізвище українською/, 'Марія');
    await fill(user, /^Ел\. пошта/, 'mariia@example.com');
    await user.click(screen.getByRole('checkbox', { name: /Я погоджуюся/ }));
    await user.click(screen.getByRole('button', { name: 'Отримати код' }));
    await fill(user, /^Код/, '135790');
    await fill(user, /^Пароль/, 'a specialist password');
    await user.click(screen.getByRole('button', { name: 'Створити обліковий запис' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByLabelText(/^Код/)).toHaveValue('135790');
  });

  it('sends the code again to the same address, and goes back with the details kept', async () => {
    const api = createApiDouble();
    api.on(authApi.sendRegisterCode, { status: 204 });
    const { user } = await visit(api);
    await askForCode(user);
    await user.click(await screen.findByRole('button', { name: 'Send the code again' }));
    await waitFor(() => expect(api.callsTo(authApi.sendRegisterCode)).toHaveLength(2));
    expect(api.callsTo(authApi.sendRegisterCode)[1]?.body).toEqual({ email: 'mariia@example.com', locale: 'en' });
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText(/^Name and surname in Ukrainian/)).toHaveValue('  Марія Коваленко ');
    expect(screen.getByRole('checkbox', { name: /I agree to the terms of use/ })).toBeChecked();
  });

  it('takes the person back to the name the server refused, with the reason beside it', async () => {
    const api = createApiDouble();
    api.on(authApi.sendRegisterCode, { status: 204 });
    api.on(authApi.registerSpecialist, fieldRefusal({ path: 'body.user_name', code: 'TOO_LONG', message: 'Too long' }));
    const { user } = await visit(api);
    await askForCode(user, 'М'.repeat(101));
    await createAccount(user, '135790', 'a specialist password');
    expect(await screen.findByText('Too long')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Name and surname in Ukrainian/)).toHaveValue('М'.repeat(101));
  });
});

describe('who else opens the page', formFlow, () => {
  it('tells a signed-in patient to apply with another account', async () => {
    const api = createApiDouble();
    await visit(api, { user: anAccount() });
    expect(screen.getByText(/^You are signed in with an account that is not a specialist application\./)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Get a code' })).not.toBeInTheDocument();
  });

  it("sends a doctor to the doctor's console", async () => {
    const api = createApiDouble();
    const { router } = await visit(api, { user: anAccount({ role: 'doctor' }) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/doctor'));
  });

  it('shows an applicant whose application is sent that it is under review', async () => {
    const api = createApiDouble();
    api.on(specialistsApi.mine, { body: anApplication({ status: 'submitted' }) });
    await visit(api, { user: applicant() });
    expect(await screen.findByText(/will write to mariia@example\.com when we have decided\.$/)).toHaveAttribute('role', 'status');
    expect(screen.getByRole('list', { name: 'Sign-up steps' }).querySelector('[aria-current="step"]')).toHaveTextContent('Review');
  });

  it('shows the reason of a rejection above the step to correct', async () => {
    const api = createApiDouble();
    api.on(specialistsApi.mine, {
      body: anApplication({ status: 'rejected', rejection_reason: 'The diploma scan is unreadable.', name_en: 'Mariia' }),
    });
    await visit(api, { user: applicant() });
    expect(await screen.findByText('Your application needs corrections')).toBeInTheDocument();
    expect(screen.getByText('The diploma scan is unreadable.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Step 2: your profile' })).toBeInTheDocument();
  });

  it('welcomes an approved applicant and reloads the profile, which opens the console', async () => {
    const api = createApiDouble();
    api.on(specialistsApi.mine, { body: anApplication({ status: 'approved' }) });
    const { router } = await visit(api, { user: applicant() });
    api.on(authApi.profile, { body: anAccount({ role: 'doctor' }) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/doctor'));
    expect(router.state.location.state).toEqual({ approved: true });
  });
});
