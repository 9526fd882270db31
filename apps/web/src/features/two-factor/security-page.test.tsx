import { Notifications, notifications } from '@mantine/notifications';
import { twoFactorApi, type TwoFactorStatus } from '@rozmova/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { anAccount, formFlow } from '../../test/fixtures.ts';
import { createApiDouble, type ApiDouble } from '../../test/api-double.ts';
import { show } from '../../test/render.tsx';
import { shownRecoveryCodes } from './test-data.ts';
import { AccountSecurityPage } from './security-page.tsx';

const off: TwoFactorStatus = { enabled: false, required: false, enabled_at: null, recovery_codes_left: 0 };
const on: TwoFactorStatus = { enabled: true, required: false, enabled_at: '2026-10-01T08:00:00.000Z', recovery_codes_left: 10 };
const setup = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DP',
  otpauth_uri: 'otpauth://totp/Rozmova',
  qr_svg: '<svg xmlns="http://www.w3.org/2000/svg"/>',
};
const codes = ['AAAAA-BBBBB', 'CCCCC-DDDDD', 'EEEEE-FFFFF'];

beforeEach(() => notifications.clean());

async function open(api: ApiDouble, status: TwoFactorStatus | null, role: 'doctor' | 'patient' = 'doctor') {
  if (status) api.on(twoFactorApi.status, { body: status });
  await show(
    <>
      <Notifications />
      <AccountSecurityPage />
    </>,
    { api, user: anAccount({ role }), at: '/user/security' },
  );
  return userEvent.setup({ delay: null });
}

describe('two-factor sign-in on the account page', formFlow, () => {
  it('tells a patient it is for staff, without asking the server', async () => {
    const api = createApiDouble();
    await open(api, null, 'patient');
    expect(screen.getByText(/^Two-factor sign-in is for staff accounts\./)).toBeInTheDocument();
    expect(api.callsTo(twoFactorApi.status)).toEqual([]);
  });

  it('sets up an authenticator: the QR code and key, one code, then the recovery codes once', async () => {
    const api = createApiDouble();
    api.on(twoFactorApi.setup, { body: setup });
    api.on(twoFactorApi.enable, { body: { recovery_codes: codes } });
    const user = await open(api, off);
    expect(await screen.findByText('Off')).toBeInTheDocument();
    expect(screen.getByText('Recommended for every staff account.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Set up' }));

    expect(await screen.findByRole('img', { name: 'QR code that adds Rozmova to your authenticator app' })).toHaveAttribute(
      'src',
      `data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qr_svg)}`,
    );
    expect(screen.getByTestId('two-factor-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP');
    await user.click(screen.getByRole('button', { name: 'Copy the key' }));
    await expect(navigator.clipboard.readText()).resolves.toBe(setup.secret);
    expect(api.callsTo(twoFactorApi.setup).map((call) => call.body)).toEqual([{ code: null }]);

    api.on(twoFactorApi.status, { body: { ...on, recovery_codes_left: 3 } });
    await user.type(screen.getByLabelText(/^Code from the app/), '123 456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await shownRecoveryCodes()).toEqual(codes);
    expect(api.callsTo(twoFactorApi.enable).map((call) => call.body)).toEqual([{ code: '123456' }]);

    const next = screen.getByRole('button', { name: 'Continue' });
    expect(next).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'I have saved these codes somewhere safe' }));
    await user.click(next);
    expect(await screen.findByText('Two-factor sign-in is on. You have been signed out on your other devices.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
    expect(await screen.findByText('On')).toBeInTheDocument();
    expect(screen.getByText('Recovery codes left: 3')).toBeInTheDocument();
  });

  it('refuses a code that is not 6 digits and explains a wrong one, keeping the setup', async () => {
    const api = createApiDouble();
    api.on(twoFactorApi.setup, { body: setup });
    api.on(twoFactorApi.enable, { status: 400, error: { code: 'CODE_INVALID', message: 'Code invalid' } });
    const user = await open(api, off);
    await user.click(await screen.findByRole('button', { name: 'Set up' }));
    const field = await screen.findByLabelText(/^Code from the app/);
    await user.type(field, '12a45');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Enter the 6 digits the app shows.')).toBeInTheDocument();
    expect(api.callsTo(twoFactorApi.enable)).toEqual([]);
    await user.clear(field);
    await user.type(field, '000000');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^This code is not right\./);
    expect(screen.getByTestId('two-factor-secret')).toBeInTheDocument();
  });

  it('can leave the setup without turning anything on', async () => {
    const api = createApiDouble();
    api.on(twoFactorApi.setup, { body: setup });
    const user = await open(api, off);
    await user.click(await screen.findByRole('button', { name: 'Set up' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('button', { name: 'Set up' })).toBeInTheDocument();
    expect(api.callsTo(twoFactorApi.enable)).toEqual([]);
  });

  it('warns when few recovery codes are left and offers no way off where the role requires it', async () => {
    const api = createApiDouble();
    await open(api, { ...on, required: true, recovery_codes_left: 2 });
    expect(await screen.findByRole('status')).toHaveTextContent('Few recovery codes are left.');
    expect(screen.getByText(/^Your role must sign in with two factors, so it cannot be turned off\./)).toBeInTheDocument();
    expect(screen.getByText(/^Set up on /)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Turn off' })).not.toBeInTheDocument();
  });

  it('moves to a new phone after a code of the current app (or a recovery code)', async () => {
    const api = createApiDouble();
    api.on(twoFactorApi.setup, { body: setup });
    const user = await open(api, on);
    await user.click(await screen.findByRole('button', { name: 'Set up a new authenticator' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set up a new authenticator' });
    await user.type(within(dialog).getByLabelText(/^Code from the app or a recovery code/), 'abcde-fgh23');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await screen.findByTestId('two-factor-secret')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo(twoFactorApi.setup).map((call) => call.body)).toEqual([{ code: 'ABCDEFGH23' }]);
  });

  it('turns it off with a code and says the other devices were signed out', async () => {
    const api = createApiDouble();
    api.on(twoFactorApi.disable, { status: 204 });
    const user = await open(api, on);
    await user.click(await screen.findByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off two-factor sign-in' });
    expect(within(dialog).getByText(/^Signing in will ask for your password only\./)).toBeInTheDocument();
    api.on(twoFactorApi.status, { body: off });
    await user.type(within(dialog).getByLabelText(/^Code from the app or a recovery code/), '654 321');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('Two-factor sign-in is off. You have been signed out on your other devices.')).toBeInTheDocument();
    expect(api.callsTo(twoFactorApi.disable).map((call) => call.body)).toEqual([{ code: '654321' }]);
    expect(await screen.findByText('Off')).toBeInTheDocument();
  });
});

describe('the code dialog', formFlow, () => {
  async function openTurnOff(api: ApiDouble) {
    const user = await open(api, on);
    await user.click(await screen.findByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off two-factor sign-in' });
    return { user, dialog, field: within(dialog).getByLabelText(/^Code from the app or a recovery code/) };
  }

  it('takes neither too short a code nor more than a recovery code holds', async () => {
    const api = createApiDouble();
    const { user, dialog, field } = await openTurnOff(api);
    await user.type(field, '12345');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(
      await within(dialog).findByText('Enter the 6 digits the app shows, or a recovery code (10 letters and digits).'),
    ).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, 'ABCDE-FGH23-XYZ');
    expect(field).toHaveValue('ABCDE-FGH23');
    expect(api.callsTo(twoFactorApi.disable)).toEqual([]);
  });

  it.each([
    [400, 'TWO_FACTOR_CODE_USED', 'This code has just been used. Wait for the next code in your app.'],
    [429, 'TOO_MANY_REQUESTS', 'Too many attempts. Please wait a minute and try again'],
    [409, 'TWO_FACTOR_REQUIRED', 'Your role must sign in with two factors: it cannot be turned off.'],
  ])('explains a refusal (%i %s) and keeps the code', async (status, code, text) => {
    const api = createApiDouble();
    api.on(twoFactorApi.disable, { status, error: { code, message: code } });
    const { user, dialog, field } = await openTurnOff(api);
    await user.type(field, '111222');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(text);
    expect(field).toHaveValue('111222');
  });

  it('closes on Cancel and forgets the refusal', async () => {
    const api = createApiDouble();
    api.on(twoFactorApi.disable, { status: 400, error: { code: 'CODE_INVALID', message: 'Code invalid' } });
    const { user, dialog, field } = await openTurnOff(api);
    await user.type(field, '111222');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    await within(dialog).findByRole('alert');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(within(await screen.findByRole('dialog')).queryByRole('alert')).not.toBeInTheDocument();
  });
});
