import { authApi } from '@rozmova/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { anAccount, formFlow } from '../../test/fixtures.ts';
import { createApiDouble } from '../../test/api-double.ts';
import { show } from '../../test/render.tsx';
import AuthDialogs from './auth-dialogs.tsx';
import { StaffSignInPage } from './staff-sign-in-page.tsx';

const where = (router: { state: { location: { pathname: string; search: string } } }) =>
  `${router.state.location.pathname}${router.state.location.search}`;

async function logIn(email: string) {
  const user = userEvent.setup({ delay: null });
  await user.click(screen.getByLabelText(/^E-mail/));
  await user.paste(email);
  await user.click(screen.getByLabelText(/^Password/));
  await user.paste('correct horse 1');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('the dialogs the auth parameter opens', formFlow, () => {
  it('opens the dialog the address names and moves between them in the address', async () => {
    const api = createApiDouble();
    const { router } = await show(<AuthDialogs />, { api, at: '/?auth=login&from=menu', route: '/' });
    expect(screen.getByRole('dialog', { name: 'Log in' })).toBeInTheDocument();
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Create an account' }));
    expect(await screen.findByRole('dialog', { name: 'Sign up' })).toBeInTheDocument();
    expect(where(router)).toBe('/?auth=signup&from=menu');
  });

  it('closes by removing only its own parameter', async () => {
    const api = createApiDouble();
    const { router } = await show(<AuthDialogs />, { api, at: '/?auth=forgot&from=menu', route: '/' });
    expect(screen.getByRole('dialog', { name: 'Reset password' })).toBeInTheDocument();
    await userEvent.setup({ delay: null }).keyboard('{Escape}');
    await waitFor(() => expect(where(router)).toBe('/?from=menu'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens nothing for a name it does not know', async () => {
    const api = createApiDouble();
    await show(<AuthDialogs />, { api, at: '/?auth=admin', route: '/' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it.each([
    ['patient', '/user'],
    ['doctor', '/doctor'],
  ] as const)('takes a %s home after signing in (%s)', async (role, home) => {
    const api = createApiDouble();
    api.on(authApi.login, { body: { token: 'session-token' } });
    api.on(authApi.profile, { body: anAccount({ role }) });
    const { router } = await show(<AuthDialogs />, { api, at: '/?auth=login', route: '/' });
    await logIn('someone@example.com');
    await waitFor(() => expect(router.state.location.pathname).toBe(home));
  });

  it('stays on the page where asked to (the meeting room), closing the dialog', async () => {
    const api = createApiDouble();
    api.on(authApi.login, { body: { token: 'session-token' } });
    api.on(authApi.profile, { body: anAccount() });
    const { router } = await show(<AuthDialogs stay />, { api, at: '/meet/room-1?auth=login', route: '/meet/:roomId' });
    await logIn('olena@example.com');
    await waitFor(() => expect(where(router)).toBe('/meet/room-1'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe("the staff's sign-in page", formFlow, () => {
  it('offers the login dialog', async () => {
    const api = createApiDouble();
    await show(<StaffSignInPage />, { api });
    expect(screen.getByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in to your console' })).toHaveAttribute('href', '/?auth=login');
  });

  it('sends a signed-in operator straight to the console', async () => {
    const api = createApiDouble();
    const { router } = await show(<StaffSignInPage />, { api, user: anAccount({ role: 'operator' }) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/operator'));
  });
});
