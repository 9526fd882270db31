import { notifications } from '@mantine/notifications';
import { adminApi, type AdminUser, type User } from '@rozmova/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import Toasts from '../../components/toasts.tsx';
import { createApiDouble, fieldRefusal, type ApiDouble } from '../../test/api-double.ts';
import { show } from '../../test/render.tsx';
import { CreateUserModal } from './create-user-modal.tsx';
import { EditUserModal } from './edit-user-modal.tsx';
import { aUser } from '../../test/people.ts';

afterEach(() => notifications.clean());

/** Types without a pause between keys (the machine running the tests may be busy). */
const user = userEvent.setup({ delay: null });

const me = aUser('admin', { id: 'admin-1', email: 'admin@rozmova.test', user_name: 'Olha Admin' });

const created = (overrides: Partial<AdminUser> = {}): AdminUser => ({
  id: 'user-9',
  email: 'maryna@rozmova.test',
  user_name: 'Maryna Koval',
  user_role: 'doctor',
  is_active: true,
  email_verified: true,
  created_at: '2026-11-27T10:00:00.000Z',
  ...overrides,
});

async function openCreate(api: ApiDouble, locale: 'en' | 'uk' = 'en') {
  const onClose = vi.fn();
  await show(
    <>
      <CreateUserModal onClose={onClose} />
      <Toasts />
    </>,
    { api, locale },
  );
  const dialog = await screen.findByRole('dialog');
  return { dialog, onClose };
}

/** Pastes into a field, as a person copying an address from a mail would (one input event, not one per key). */
async function paste(field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

async function fillCreate(
  dialog: HTMLElement,
  { name = ' Maryna Koval ', email = ' maryna@rozmova.test ', password = 'Kyiv-Clinic-2291' } = {},
) {
  if (name) await paste(within(dialog).getByRole('textbox', { name: 'Name' }), name);
  if (email) await paste(within(dialog).getByRole('textbox', { name: 'E-mail' }), email);
  if (password) await paste(within(dialog).getByLabelText(/^Password/), password);
}

// A dialog of five fields: slower than the rest when the machine is busy.
describe('creating a user', { timeout: 15_000 }, () => {
  it('sends the trimmed name and e-mail with the chosen role and language, then says it is done', async () => {
    const api = createApiDouble();
    api.on(adminApi.create, { status: 201, body: created() });
    const { dialog, onClose } = await openCreate(api);
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveFocus();
    await fillCreate(dialog);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Role' }), 'Doctor');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Language' }), 'Ukrainian');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('User maryna@rozmova.test has been created.')).toBeInTheDocument();
    const [sent] = api.callsTo(adminApi.create);
    expect(sent!.method).toBe('POST');
    expect(sent!.body).toEqual({
      user_name: 'Maryna Koval',
      email: 'maryna@rozmova.test',
      password: 'Kyiv-Clinic-2291',
      user_role: 'doctor',
      locale: 'uk',
    });
    expect(onClose).toHaveBeenCalled();
  });

  it('makes an operator in the admin’s own language unless told otherwise', async () => {
    const api = createApiDouble();
    api.on(adminApi.create, { status: 201, body: created({ user_role: 'operator' }) });
    const { dialog } = await openCreate(api);
    expect(within(dialog).getByRole('combobox', { name: 'Role' })).toHaveValue('operator');
    await fillCreate(dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(api.callsTo(adminApi.create)).toHaveLength(1));
    expect(api.callsTo(adminApi.create)[0]!.body).toMatchObject({ user_role: 'operator', locale: 'en' });
  });

  it('offers the patient role but never "No role"', async () => {
    const { dialog } = await openCreate(createApiDouble());
    const options = within(within(dialog).getByRole('combobox', { name: 'Role' })).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Operator', 'Doctor', 'Administrator', 'Patient']);
  });

  it('checks the name, the e-mail and the password length before sending anything', async () => {
    const api = createApiDouble();
    const { dialog } = await openCreate(api);
    await fillCreate(dialog, { name: '   ', email: 'maryna@', password: 'short' });
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Enter your name')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(within(dialog).getByText('The password must be 8 to 128 characters long')).toBeInTheDocument();
    expect(api.callsTo(adminApi.create)).toEqual([]);
  });

  it('takes no more than 100 characters of a name', async () => {
    const { dialog } = await openCreate(createApiDouble());
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await paste(name, 'N'.repeat(120));
    expect(name).toHaveValue('N'.repeat(100));
  });

  it('keeps what was typed and says the e-mail is taken when the server refuses it', async () => {
    const api = createApiDouble();
    api.on(adminApi.create, { status: 409, error: { code: 'EMAIL_TAKEN', message: 'Taken' } });
    const { dialog, onClose } = await openCreate(api);
    await fillCreate(dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('A user with this e-mail is already registered');
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue(' Maryna Koval ');
    expect(within(dialog).getByRole('textbox', { name: 'E-mail' })).toHaveValue('maryna@rozmova.test');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('puts the server’s word on the field it names', async () => {
    const api = createApiDouble();
    api.on(adminApi.create, fieldRefusal({ path: 'body.user_name', code: 'ONE_LINE_TEXT', message: 'One line' }));
    const { dialog } = await openCreate(api);
    await fillCreate(dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Use one line of text, without tabs or special characters')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('cannot be sent twice while the first request is on its way', async () => {
    const api = createApiDouble();
    let answer: (value: { status: 201; body: AdminUser }) => void = () => {};
    api.on(adminApi.create, () => new Promise((resolve) => (answer = resolve)));
    const { dialog } = await openCreate(api);
    await fillCreate(dialog);
    const submit = within(dialog).getByRole('button', { name: 'Create' });
    await user.click(submit);
    await waitFor(() => expect(submit).toBeDisabled());
    await user.click(submit);
    answer({ status: 201, body: created() });
    expect(await screen.findByText('User maryna@rozmova.test has been created.')).toBeInTheDocument();
    expect(api.callsTo(adminApi.create)).toHaveLength(1);
  });

  it('reads in Ukrainian', async () => {
    const { dialog } = await openCreate(createApiDouble(), 'uk');
    expect(screen.getByRole('dialog', { name: 'Створення користувача' })).toBe(dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Створити' }));
    expect(await within(dialog).findByText("Вкажіть ваше ім'я")).toBeInTheDocument();
  });
});

async function openEdit(api: ApiDouble, user: AdminUser, signedIn: User = me) {
  const onClose = vi.fn();
  await show(
    <>
      <EditUserModal user={user} onClose={onClose} />
      <Toasts />
    </>,
    { api, user: signedIn },
  );
  const dialog = await screen.findByRole('dialog', { name: `Edit ${user.email}` });
  return { dialog, onClose };
}

const operator = created({ id: 'user-3', email: 'iryna@rozmova.test', user_name: 'Iryna Shevchuk', user_role: 'operator' });

describe('editing a user', () => {
  it('sends only what changed: the trimmed name and the new role', async () => {
    const api = createApiDouble();
    api.on(adminApi.update, { body: { ...operator, user_name: 'Iryna Shevchuk-Koval', user_role: 'doctor' } });
    const { dialog, onClose } = await openEdit(api, operator);
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await paste(name, ' Iryna Shevchuk-Koval ');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Role' }), 'Doctor');
    expect(within(dialog).getByText('A new role signs the person out on every device.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('iryna@rozmova.test has been updated.')).toBeInTheDocument();
    const [sent] = api.callsTo(adminApi.update, { id: 'user-3' });
    expect(sent).toMatchObject({ method: 'PATCH', body: { user_name: 'Iryna Shevchuk-Koval', user_role: 'doctor' } });
    expect(onClose).toHaveBeenCalled();
  });

  it('sends only the name when the role stays', async () => {
    const api = createApiDouble();
    api.on(adminApi.update, { body: operator });
    const { dialog } = await openEdit(api, operator);
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), ' Jr');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo(adminApi.update)).toHaveLength(1));
    expect(api.callsTo(adminApi.update)[0]!.body).toEqual({ user_name: 'Iryna Shevchuk Jr' });
  });

  it('closes without a request or a message when nothing changed', async () => {
    const api = createApiDouble();
    const { dialog, onClose } = await openEdit(api, operator);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.callsTo(adminApi.update)).toEqual([]);
    expect(screen.queryByText('iryna@rozmova.test has been updated.')).not.toBeInTheDocument();
  });

  it('shows a patient’s role and the admin’s own role as fixed', async () => {
    const patient = created({ id: 'user-4', email: 'taras@rozmova.test', user_role: 'patient' });
    const { dialog } = await openEdit(createApiDouble(), patient);
    expect(within(dialog).getByRole('textbox', { name: 'Role' })).toHaveAttribute('readonly');
    expect(within(dialog).getByRole('textbox', { name: 'Role' })).toHaveValue('Patient');
    expect(within(dialog).getByText('Patients keep their role, and you cannot change your own.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('does not let the admin change their own role', async () => {
    const self = created({ id: me.id, email: me.email, user_name: me.user_name, user_role: 'admin' });
    const { dialog } = await openEdit(createApiDouble(), self);
    expect(within(dialog).getByRole('textbox', { name: 'Role' })).toHaveValue('Administrator');
    expect(within(dialog).queryByRole('combobox', { name: 'Role' })).not.toBeInTheDocument();
  });

  it('refuses an empty name before sending', async () => {
    const api = createApiDouble();
    const { dialog } = await openEdit(api, operator);
    await user.clear(within(dialog).getByRole('textbox', { name: 'Name' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter your name')).toBeInTheDocument();
    expect(api.callsTo(adminApi.update)).toEqual([]);
  });

  it('keeps the new name and shows why the server refused a role change', async () => {
    const api = createApiDouble();
    api.on(adminApi.update, { status: 409, error: { code: 'LAST_ADMIN', message: 'Last admin' } });
    const admin = created({ id: 'user-5', email: 'second@rozmova.test', user_name: 'Second Admin', user_role: 'admin' });
    const { dialog, onClose } = await openEdit(api, admin);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Role' }), 'Operator');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Make another person an administrator first.');
    expect(within(dialog).getByRole('combobox', { name: 'Role' })).toHaveValue('operator');
    expect(onClose).not.toHaveBeenCalled();
  });
});
