import { notifications } from '@mantine/notifications';
import { adminApi, twoFactorApi, type AdminUser } from '@rozmova/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import Toasts from '../../components/toasts.tsx';
import { createApiDouble, type ApiDouble } from '../../test/api-double.ts';
import { show } from '../../test/render.tsx';
import { UsersPage } from './users-page.tsx';
import { aUser } from '../../test/people.ts';

afterEach(() => notifications.clean());

const me = aUser('admin', { id: 'admin-1', email: 'admin@rozmova.test', user_name: 'Olha Admin' });

const person = (overrides: Partial<AdminUser>): AdminUser => ({
  id: 'user-1',
  email: 'iryna@rozmova.test',
  user_name: 'Iryna Shevchuk',
  user_role: 'operator',
  is_active: true,
  email_verified: true,
  created_at: '2026-03-05T10:00:00.000Z',
  ...overrides,
});

const iryna = person({});
const taras = person({ id: 'user-2', email: 'taras@rozmova.test', user_name: 'Taras Melnyk', user_role: 'patient', is_active: false });
const olha = person({ id: me.id, email: me.email, user_name: me.user_name, user_role: 'admin' });

function withUsers(users: AdminUser[], total = users.length): ApiDouble {
  const api = createApiDouble();
  api.on(adminApi.list, { body: { users, total } });
  return api;
}

async function openUsers(api: ApiDouble, locale: 'en' | 'uk' = 'en') {
  await show(
    <>
      <UsersPage />
      <Toasts />
    </>,
    { api, user: me, locale },
  );
  return screen.findByRole('table', { name: 'Users' });
}

const rowOf = (name: string) => screen.getAllByRole('row').find((row) => row.textContent?.includes(name))!;
const lastQuery = (api: ApiDouble) => api.callsTo(adminApi.list).at(-1)!.query;

describe('the users table', () => {
  it('lists each person with their e-mail, role and state under named column headers', async () => {
    const table = await openUsers(withUsers([iryna, taras]));
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual(['Name', 'E-mail', 'Role', 'Status', 'Created', 'Actions']);
    expect(headers.every((header) => header.getAttribute('scope') === 'col')).toBe(true);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(rowOf('Iryna Shevchuk')).toHaveTextContent('iryna@rozmova.test');
    expect(rowOf('Iryna Shevchuk')).toHaveTextContent('Operator');
    expect(rowOf('Iryna Shevchuk')).toHaveTextContent('Active');
    expect(rowOf('Taras Melnyk')).toHaveTextContent('Deactivated');
    expect(screen.getByText('Users found: 2')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Users' })).toHaveAttribute('tabindex', '0');
  });

  it('asks for the first page of 20, of every role, with no empty search', async () => {
    const api = withUsers([iryna]);
    await openUsers(api);
    expect(lastQuery(api)).toEqual({ limit: '20', offset: '0' });
  });

  it('offers to activate a deactivated person and to deactivate an active one', async () => {
    await openUsers(withUsers([iryna, taras]));
    expect(within(rowOf('Iryna Shevchuk')).getByRole('button', { name: 'Deactivate iryna@rozmova.test' })).toBeEnabled();
    expect(within(rowOf('Taras Melnyk')).getByRole('button', { name: 'Activate taras@rozmova.test' })).toBeEnabled();
  });

  it('offers the two-factor reset only for other members of staff', async () => {
    await openUsers(withUsers([iryna, taras, olha]));
    expect(
      within(rowOf('Iryna Shevchuk')).getByRole('button', { name: 'Reset the two-factor sign-in of iryna@rozmova.test' }),
    ).toBeVisible();
    expect(within(rowOf('Taras Melnyk')).queryByRole('button', { name: /two-factor/ })).not.toBeInTheDocument();
    expect(within(rowOf('Olha Admin')).queryByRole('button', { name: /two-factor/ })).not.toBeInTheDocument();
  });

  it('says so when nobody matches', async () => {
    await show(<UsersPage />, { api: withUsers([]), user: me });
    expect(await screen.findByText('Nothing to show.')).toBeInTheDocument();
    expect(screen.getByText('Users found: 0')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows why the list cannot be read', async () => {
    const api = createApiDouble();
    api.on(adminApi.list, { status: 403, error: { code: 'FORBIDDEN', message: 'Forbidden' } });
    await show(<UsersPage />, { api, user: me });
    expect(await screen.findByRole('alert')).toHaveTextContent('You are not allowed to do this');
  });

  it('reads in Ukrainian', async () => {
    await show(<UsersPage />, { api: withUsers([iryna]), user: me, locale: 'uk' });
    const table = await screen.findByRole('table', { name: 'Користувачі' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(["Ім'я", 'Ел. пошта', 'Роль', 'Стан', 'Створено', 'Дії']);
    expect(screen.getByText('Знайдено користувачів: 1')).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Деактивувати iryna@rozmova.test' })).toBeInTheDocument();
  });
});

describe('finding a person', () => {
  it('searches by what was typed, once the typing stops', async () => {
    const api = withUsers([iryna]);
    await openUsers(api);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search by name or e-mail' }), 'shevchuk');
    await waitFor(() => expect(lastQuery(api).search).toBe('shevchuk'));
    expect(api.callsTo(adminApi.list).filter((call) => call.query.search === 'shev')).toEqual([]);
  });

  it('filters by role', async () => {
    const api = withUsers([iryna]);
    await openUsers(api);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Filter by role' }), 'Doctor');
    await waitFor(() => expect(lastQuery(api).role).toBe('doctor'));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Filter by role' }), 'All roles');
    await waitFor(() => expect(lastQuery(api).role).toBeUndefined());
  });

  it('moves through the pages, and a new filter starts again at the first', async () => {
    const api = createApiDouble();
    api.on(adminApi.list, (call) => ({
      body: { users: [person({ id: `u${call.query.offset}`, user_name: `From ${call.query.offset}` })], total: 45 },
    }));
    await openUsers(api);
    expect(screen.getByText('Users found: 45')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByText('From 40')).toBeInTheDocument();
    expect(lastQuery(api).offset).toBe('40');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Filter by role' }), 'Operator');
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ role: 'operator', offset: '0' }));
  });
});

describe('deactivating and activating', () => {
  it('asks first, then sends the new state and says it is done', async () => {
    const api = withUsers([iryna]);
    api.on(adminApi.update, { body: { ...iryna, is_active: false } });
    await openUsers(api);
    await userEvent.click(screen.getByRole('button', { name: 'Deactivate iryna@rozmova.test' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate user' });
    expect(dialog).toHaveTextContent('Iryna Shevchuk (iryna@rozmova.test) will be signed out everywhere and will not be able to log in.');
    expect(api.callsTo(adminApi.update)).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('iryna@rozmova.test has been deactivated.')).toBeInTheDocument();
    const [sent] = api.callsTo(adminApi.update, { id: 'user-1' });
    expect(sent).toMatchObject({ method: 'PATCH', path: '/v1/admin/users/user-1', body: { is_active: false } });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('activates a deactivated person', async () => {
    const api = withUsers([taras]);
    api.on(adminApi.update, { body: { ...taras, is_active: true } });
    await openUsers(api);
    await userEvent.click(screen.getByRole('button', { name: 'Activate taras@rozmova.test' }));
    const dialog = await screen.findByRole('dialog', { name: 'Activate user' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Activate' }));
    expect(await screen.findByText('taras@rozmova.test has been activated.')).toBeInTheDocument();
    expect(api.callsTo(adminApi.update)[0]!.body).toEqual({ is_active: true });
  });

  it('keeps the dialog open with the server’s reason when it refuses', async () => {
    const api = withUsers([iryna]);
    api.on(adminApi.update, { status: 409, error: { code: 'LAST_ADMIN', message: 'Last admin' } });
    await openUsers(api);
    await userEvent.click(screen.getByRole('button', { name: 'Deactivate iryna@rozmova.test' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate user' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This is the last active administrator.');
    expect(screen.getByRole('dialog', { name: 'Deactivate user' })).toBeInTheDocument();
  });

  it('sends nothing when cancelled', async () => {
    const api = withUsers([iryna]);
    await openUsers(api);
    await userEvent.click(screen.getByRole('button', { name: 'Deactivate iryna@rozmova.test' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo(adminApi.update)).toEqual([]);
  });

  it('shows the confirm button as busy while sending', async () => {
    const api = withUsers([iryna]);
    let answer: (value: { body: AdminUser }) => void = () => {};
    api.on(adminApi.update, () => new Promise((resolve) => (answer = resolve)));
    await openUsers(api);
    await userEvent.click(screen.getByRole('button', { name: 'Deactivate iryna@rozmova.test' }));
    const dialog = await screen.findByRole('dialog');
    const confirm = within(dialog).getByRole('button', { name: 'Deactivate' });
    await userEvent.click(confirm);
    await waitFor(() => expect(confirm).toBeDisabled());
    answer({ body: { ...iryna, is_active: false } });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('resetting a password and two-factor sign-in', () => {
  it('mails a recovery code after asking', async () => {
    const api = withUsers([iryna]);
    api.on(adminApi.resetPassword, { status: 204 });
    await openUsers(api);
    await userEvent.click(screen.getByRole('button', { name: 'Reset the password of iryna@rozmova.test' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset password' });
    expect(dialog).toHaveTextContent('will get an e-mail with a code to set a new password');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('A recovery e-mail has been sent to iryna@rozmova.test.')).toBeInTheDocument();
    expect(api.callsTo(adminApi.resetPassword, { id: 'user-1' })).toHaveLength(1);
  });

  it('resets two-factor sign-in with the cancel button focused first', async () => {
    const api = withUsers([iryna]);
    api.on(twoFactorApi.reset, { status: 204 });
    await openUsers(api);
    await userEvent.click(screen.getByRole('button', { name: 'Reset the two-factor sign-in of iryna@rozmova.test' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset two-factor sign-in' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset two-factor' }));
    expect(await screen.findByText('The two-factor sign-in of iryna@rozmova.test has been reset.')).toBeInTheDocument();
    expect(api.callsTo(twoFactorApi.reset, { id: 'user-1' })[0]!.method).toBe('DELETE');
  });

  it('says once that there was nothing to reset, and closes', async () => {
    const api = withUsers([iryna]);
    api.on(twoFactorApi.reset, { status: 409, error: { code: 'TWO_FACTOR_NOT_ENABLED', message: 'Not enabled' } });
    await openUsers(api);
    await userEvent.click(screen.getByRole('button', { name: 'Reset the two-factor sign-in of iryna@rozmova.test' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reset two-factor' }));
    expect(await screen.findByText('iryna@rozmova.test has no two-factor sign-in set up: there is nothing to reset.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('keeps the dialog with the reason for any other refusal', async () => {
    const api = withUsers([iryna]);
    api.on(twoFactorApi.reset, { status: 403, error: { code: 'FORBIDDEN', message: 'Forbidden' } });
    await openUsers(api);
    await userEvent.click(screen.getByRole('button', { name: 'Reset the two-factor sign-in of iryna@rozmova.test' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset two-factor' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You are not allowed to do this');
  });
});
