import { notificationsApi, type User } from '@rozmova/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../lib/auth-store.ts';
import { createApiDouble } from '../../test/api-double.ts';
import { aUser } from '../../test/people.ts';
import { show } from '../../test/render.tsx';
import { LandingLayout } from './landing-layout.tsx';
import { StaffLayout } from './staff-layout.tsx';
import { UserLayout } from './user-layout.tsx';

// The signed-in header opens the realtime connection: here it connects to nothing.
vi.mock('../../lib/socket.ts', () => ({
  openRealtime: (token: string) => ({
    token,
    connected: false,
    on: () => () => {},
    onReconnect: () => () => {},
    onConnectionChange: () => () => {},
    emit: () => {},
    emitWithAck: () => Promise.reject(new Error('offline')),
    close: () => {},
  }),
}));

afterEach(() => authStore.forgetSession());

const navigation = () => screen.getByRole('navigation', { name: 'Main' });
const navLinks = () =>
  within(navigation())
    .getAllByRole('link')
    .map((link) => link.textContent);

async function signedInAs(user: User, layout: ReactNode, at: string) {
  const api = createApiDouble();
  api.on(notificationsApi.ofUser, { body: { notifications: [], unread_count: 0 } });
  const view = await show(layout, { api, user, at });
  // The signed-in controls come in their own chunk, which the test run compiles on its first import: slow on a busy machine.
  expect(await screen.findByRole('button', { name: 'Account menu' }, { timeout: 15_000 })).toBeInTheDocument();
  return view;
}

describe('the public pages’ frame', { timeout: 30_000 }, () => {
  it('has a skip link, the main navigation, the switches and a way to log in', async () => {
    await show(<LandingLayout />);
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
    expect(navLinks()).toEqual(['Home', 'Self-check', 'Our specialists', 'Prices', 'About us', 'Contacts']);
    expect(screen.getByRole('combobox', { name: 'Language' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Colour mode' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Footer' })).toBeInTheDocument();
  });

  it('opens the log-in dialog by the address, so the page stays under it', async () => {
    const { router } = await show(<LandingLayout />, { at: '/about-us' });
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(router.state.location.pathname).toBe('/about-us');
    expect(router.state.location.search).toBe('?auth=login');
  });

  it('puts the navigation and the sign-up in the menu on a narrow screen', async () => {
    const user = userEvent.setup();
    const { router } = await show(<LandingLayout />, { at: '/about-us' });
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'Self-check', 'Our specialists', 'Prices', 'About us', 'Contacts']);
    await user.click(within(menu).getByRole('button', { name: 'Sign up' }));
    expect(router.state.location.search).toBe('?auth=signup');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument());
  });

  it('reads in Ukrainian', async () => {
    await show(<LandingLayout />, { locale: 'uk' });
    expect(screen.getByRole('link', { name: 'Перейти до вмісту' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Увійти' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Головне меню' })).toBeInTheDocument();
  });

  it('shows a signed-in person the account menu instead of logging in', async () => {
    await signedInAs(aUser('patient'), <LandingLayout />, '/');
    expect(screen.queryByRole('button', { name: 'Log in' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign up' })).not.toBeInTheDocument();
  });
});

describe('the cabinet’s and the staff’s frames', { timeout: 30_000 }, () => {
  it('offer a patient the cabinet and the self-check', async () => {
    await signedInAs(aUser('patient'), <UserLayout />, '/user');
    expect(navLinks()).toEqual(['My cabinet', 'Self-check']);
    expect(within(navigation()).getByRole('link', { name: 'My cabinet' })).toHaveAttribute('aria-current', 'page');
  });

  it('leave the self-check out for an account a landing booking made (not claimed yet)', async () => {
    await signedInAs(aUser('patient', { email_verified: false }), <UserLayout />, '/user');
    expect(navLinks()).toEqual(['My cabinet']);
  });

  it.each([
    ['admin', ['Admin', 'Doctor console', 'Operator console']],
    ['doctor', ['Doctor console']],
    ['operator', ['Operator console']],
  ] as const)('offer the %s role its consoles', async (role, expected) => {
    await signedInAs(aUser(role), <StaffLayout />, '/doctor');
    expect(navLinks()).toEqual(expected);
  });
});
