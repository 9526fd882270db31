import { authApi, twoFactorApi } from '@rozmova/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { anAccount, formFlow } from '../../test/fixtures.ts';
import { createApiDouble, type ApiDouble } from '../../test/api-double.ts';
import { show } from '../../test/render.tsx';
import { shownRecoveryCodes } from './test-data.ts';
import { TwoFactorEnrolmentPage } from './enrolment-page.tsx';

const challenge = 'enrol-challenge-0123456789';
const setup = { secret: 'KRSXG5CTMVRXEZLU', otpauth_uri: 'otpauth://totp/Rozmova', qr_svg: '<svg xmlns="http://www.w3.org/2000/svg"/>' };
const codes = ['AAAAA-BBBBB', 'CCCCC-DDDDD'];

function keep(kind: 'enrol' | 'code', expiresInMs = 60_000) {
  sessionStorage.setItem(
    'rozmova-second-step',
    JSON.stringify({ second_step: kind, challenge, expires_at: new Date(Date.now() + expiresInMs).toISOString() }),
  );
}

async function open(api: ApiDouble) {
  const view = await show(<TwoFactorEnrolmentPage />, { api, at: '/sign-in/authenticator' });
  return { ...view, user: userEvent.setup({ delay: null }) };
}

/** jsdom's Blob has no `text()`. */
const textOf = (blob: Blob) =>
  new Promise<unknown>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result);
    reader.readAsText(blob);
  });

const expiredText = 'This sign-in has timed out. Sign in again with your password to set up two-factor sign-in.';

beforeEach(() => sessionStorage.clear());
// jsdom has no object URLs; the download test lends them.
const { createObjectURL, revokeObjectURL } = URL;
afterEach(() => {
  vi.restoreAllMocks();
  Object.assign(URL, { createObjectURL, revokeObjectURL });
});

describe('setting up an authenticator between the password and the session', formFlow, () => {
  it('shows the authenticator for the kept challenge, signs in with its first code and shows the recovery codes', async () => {
    const api = createApiDouble();
    keep('enrol');
    api.on(twoFactorApi.startEnrolment, { body: setup });
    api.on(twoFactorApi.confirmEnrolment, { body: { token: 'staff-session', recovery_codes: codes } });
    api.on(authApi.profile, { body: anAccount({ role: 'admin', email: 'admin@example.com' }) });
    const { user, router } = await open(api);
    expect(await screen.findByText(/^Your role signs in with two factors/)).toBeInTheDocument();
    expect(screen.getByTestId('two-factor-secret')).toHaveTextContent('KRSX G5CT MVRX EZLU');
    expect(api.callsTo(twoFactorApi.startEnrolment).map((call) => call.body)).toEqual([{ challenge }]);

    await user.type(screen.getByLabelText(/^Code from the app/), '987-654');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await shownRecoveryCodes()).toEqual(codes);
    expect(api.callsTo(twoFactorApi.confirmEnrolment).map((call) => call.body)).toEqual([{ challenge, code: '987654' }]);
    // The challenge is used up: a reload does not offer it again.
    expect(sessionStorage.getItem('rozmova-second-step')).toBeNull();

    await user.click(screen.getByRole('checkbox', { name: 'I have saved these codes somewhere safe' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
  });

  it('downloads the recovery codes as a text file naming the account', async () => {
    const api = createApiDouble();
    keep('enrol');
    api.on(twoFactorApi.startEnrolment, { body: setup });
    api.on(twoFactorApi.confirmEnrolment, { body: { token: 'staff-session', recovery_codes: codes } });
    api.on(authApi.profile, { body: anAccount({ role: 'doctor', email: 'doctor@example.com' }) });
    const files: Blob[] = [];
    URL.createObjectURL = (blob: Blob) => {
      files.push(blob);
      return 'blob:recovery-codes';
    };
    URL.revokeObjectURL = () => {};
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('rozmova-recovery-codes.txt');
    });
    const { user } = await open(api);
    await user.type(await screen.findByLabelText(/^Code from the app/), '987654');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await user.click(await screen.findByRole('button', { name: 'Download as a file' }));
    expect(clicked).toHaveBeenCalledTimes(1);
    expect(await textOf(files[0]!)).toBe(
      [
        'Rozmova recovery codes for doctor@example.com',
        'Each code signs in once, instead of a code from the authenticator app.',
        '',
        'AAAAA-BBBBB',
        'CCCCC-DDDDD',
        '',
      ].join('\n'),
    );
    await user.click(screen.getByRole('button', { name: 'Copy the codes' }));
    await expect(navigator.clipboard.readText()).resolves.toBe('AAAAA-BBBBB\nCCCCC-DDDDD');
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();
  });

  it('explains a wrong first code and lets it be typed again', async () => {
    const api = createApiDouble();
    keep('enrol');
    api.on(twoFactorApi.startEnrolment, { body: setup });
    api.on(twoFactorApi.confirmEnrolment, { status: 400, error: { code: 'CODE_INVALID', message: 'Code invalid' } });
    const { user } = await open(api);
    await user.type(await screen.findByLabelText(/^Code from the app/), '111111');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^This code is not right\./);
    expect(screen.getByLabelText(/^Code from the app/)).toHaveValue('111111');
    expect(sessionStorage.getItem('rozmova-second-step')).not.toBeNull();
  });

  it('sends back to the password when nothing was kept for this tab', async () => {
    const api = createApiDouble();
    await open(api);
    expect(screen.getByRole('alert')).toHaveTextContent(expiredText);
    expect(screen.getByRole('link', { name: 'Sign in again' })).toHaveAttribute('href', '/?auth=login');
    expect(api.callsTo(twoFactorApi.startEnrolment)).toEqual([]);
  });

  it('does not set up with a challenge for a code, nor with an expired one', async () => {
    const api = createApiDouble();
    keep('code');
    const first = await open(api);
    expect(screen.getByRole('alert')).toHaveTextContent(expiredText);
    first.unmount();
    keep('enrol', -1_000);
    await open(api);
    expect(screen.getByRole('alert')).toHaveTextContent(expiredText);
    expect(api.callsTo(twoFactorApi.startEnrolment)).toEqual([]);
  });

  it('sends back to the password when the server says the challenge is over', async () => {
    const api = createApiDouble();
    keep('enrol');
    api.on(twoFactorApi.startEnrolment, {
      status: 401,
      error: { code: 'TWO_FACTOR_CHALLENGE_INVALID', message: 'Challenge invalid' },
    });
    await open(api);
    expect(await screen.findByRole('alert')).toHaveTextContent(expiredText);
  });

  it('says why the setup could not be read otherwise', async () => {
    const api = createApiDouble();
    keep('enrol');
    api.on(twoFactorApi.startEnrolment, { status: 429, error: { code: 'TOO_MANY_REQUESTS', message: 'Too many requests' } });
    await open(api);
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please wait a minute and try again');
  });
});
