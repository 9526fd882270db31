import { authApi, type Role } from '@rozmova/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { authStore } from '../lib/auth-store.ts';
import { readAuthToken } from '../lib/auth-token.ts';
import { createApiDouble } from '../test/api-double.ts';
import { aUser } from '../test/people.ts';
import { show } from '../test/render.tsx';
import { UserMenu } from './user-menu.tsx';

afterEach(() => authStore.forgetSession());

// jsdom lays nothing out, so Floating UI finds the menu's button outside the (0 × 0) window and Mantine hides the open
// dropdown with `display: none`; the menu is queried with `hidden: true`, and whether it is open by the button's state.
const hidden = true;

async function openMenu(role: Role, locale: 'en' | 'uk' = 'en') {
  const api = createApiDouble();
  const person = aUser(role);
  const user = userEvent.setup();
  const view = await show(<UserMenu user={person} />, { api, user: person, locale, at: '/user/cabinet' });
  await user.click(screen.getByRole('button', { name: locale === 'uk' ? 'Меню облікового запису' : 'Account menu' }));
  await screen.findByRole('menu', { hidden });
  return { api, user, view };
}

const items = () => screen.getAllByRole('menuitem', { hidden }).map((item) => item.textContent);

describe('the account menu', () => {
  it('shows the name and initials on its button and the e-mail at the top', async () => {
    await openMenu('patient');
    expect(screen.getByRole('button', { name: 'Account menu' })).toHaveTextContent('ОКОлена Коваль');
    expect(screen.getByRole('menu', { hidden })).toHaveTextContent('patient@example.com');
  });

  it.each([
    ['patient', ['My cabinet', 'Log out']],
    ['doctor', ['My cabinet', 'Doctor console', 'Log out']],
    ['operator', ['My cabinet', 'Operator console', 'Log out']],
    ['admin', ['My cabinet', 'Administration', 'Doctor console', 'Operator console', 'Log out']],
  ] as const)('offers the %s role its pages', async (role, expected) => {
    await openMenu(role);
    expect(items()).toEqual(expected);
  });

  it('leads to each page by its address', async () => {
    await openMenu('admin');
    expect(screen.getByRole('menuitem', { name: 'My cabinet', hidden })).toHaveAttribute('href', '/user');
    expect(screen.getByRole('menuitem', { name: 'Administration', hidden })).toHaveAttribute('href', '/admin');
    expect(screen.getByRole('menuitem', { name: 'Doctor console', hidden })).toHaveAttribute('href', '/doctor');
    expect(screen.getByRole('menuitem', { name: 'Operator console', hidden })).toHaveAttribute('href', '/operator');
  });

  it('reads in Ukrainian', async () => {
    await openMenu('doctor', 'uk');
    expect(items()).toEqual(['Мій кабінет', 'Кабінет лікаря', 'Вийти']);
  });

  it('logs out: the server ends the session, the token is forgotten and the start page opens', async () => {
    const { api, user } = await openMenu('patient');
    api.on(authApi.logout, { status: 204 });
    await user.click(screen.getByRole('menuitem', { name: 'Log out', hidden }));
    expect(await screen.findByText('Left to another page')).toBeInTheDocument();
    const [logout] = api.callsTo(authApi.logout);
    expect(logout?.headers.authorization).toBe('Bearer test-session');
    expect(authStore.getState().user).toBeNull();
    expect(readAuthToken()).toBeUndefined();
  });

  it('logs out on this device even when the server cannot be told', async () => {
    const { api, user, view } = await openMenu('doctor');
    api.on(authApi.logout, { status: 503, error: { code: 'SERVICE_UNAVAILABLE', message: 'Down' } });
    await user.click(screen.getByRole('menuitem', { name: 'Log out', hidden }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/'));
    expect(authStore.getState().user).toBeNull();
    expect(readAuthToken()).toBeUndefined();
  });

  it('is reached and walked with the keyboard', async () => {
    const api = createApiDouble();
    const person = aUser('operator');
    const user = userEvent.setup();
    await show(<UserMenu user={person} />, { api, user: person });
    await user.tab();
    expect(screen.getByRole('button', { name: 'Account menu' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await screen.findByRole('menu', { hidden });
    expect(screen.getByRole('button', { name: 'Account menu' })).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'My cabinet', hidden })).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Account menu' })).toHaveAttribute('aria-expanded', 'false'));
  });
});
