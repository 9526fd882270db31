import { notifications } from '@mantine/notifications';
import { doctorsApi, type Doctor } from '@rozmova/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import Toasts from '../../components/toasts.tsx';
import { createApiDouble, type ApiDouble } from '../../test/api-double.ts';
import { show } from '../../test/render.tsx';
import { DoctorsSection } from './doctors-section.tsx';

afterEach(() => notifications.clean());

const user = userEvent.setup({ delay: null });

const doctor = (overrides: Partial<Doctor>): Doctor =>
  ({
    id: 'doc-1',
    user_name: 'Taras Melnyk',
    price: 120000,
    consultation_minutes: 50,
    published: true,
    missing: [],
    ...overrides,
  }) as Doctor;

const listed = doctor({});
const incomplete = doctor({ id: 'doc-2', user_name: 'Maryna Koval', price: null, missing: ['hours', 'price'] });
const hidden = doctor({ id: 'doc-3', user_name: 'Oleh Bondar', published: false, price: 95050, consultation_minutes: 30 });

function withDoctors(doctors: Doctor[]): ApiDouble {
  const api = createApiDouble();
  api.on(doctorsApi.list, { body: doctors });
  return api;
}

async function openDoctors(api: ApiDouble, locale: 'en' | 'uk' = 'en') {
  await show(
    <>
      <DoctorsSection />
      <Toasts />
    </>,
    { api, locale },
  );
  return screen.findByRole('table');
}

const rowOf = (name: string) => screen.getAllByRole('row').find((row) => row.textContent?.includes(name))!;

describe('the doctors table', () => {
  it('asks for every doctor, listed or not', async () => {
    const api = withDoctors([listed]);
    await openDoctors(api);
    expect(api.callsTo(doctorsApi.list).map((call) => call.query)).toEqual([{ unlisted: 'true' }]);
  });

  it('shows whether each doctor is on the site, and what keeps one off it', async () => {
    const table = await openDoctors(withDoctors([listed, incomplete, hidden]));
    expect(table).toHaveAccessibleName('Doctors and prices');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Name', 'On the site', 'Price, UAH', 'Consultation length', 'Actions']);
    expect(rowOf('Taras Melnyk')).toHaveTextContent('Listed');
    expect(rowOf('Taras Melnyk')).toHaveTextContent(/UAH\s1,200/);
    expect(rowOf('Taras Melnyk')).toHaveTextContent('50 min');
    expect(rowOf('Maryna Koval')).toHaveTextContent('Published, not complete');
    expect(rowOf('Maryna Koval')).toHaveTextContent('Missing: working hours, price');
    expect(within(rowOf('Maryna Koval')).getAllByRole('cell')[2]).toHaveTextContent('—');
    expect(rowOf('Oleh Bondar')).toHaveTextContent('Not published');
    expect(rowOf('Oleh Bondar')).toHaveTextContent(/UAH\s950\.50/);
  });

  it('reads in Ukrainian', async () => {
    await openDoctors(withDoctors([listed, hidden]), 'uk');
    expect(screen.getByRole('heading', { level: 1, name: 'Лікарі та ціни' })).toBeInTheDocument();
    expect(rowOf('Taras Melnyk')).toHaveTextContent('У списку');
    expect(rowOf('Oleh Bondar')).toHaveTextContent('30 хв');
  });

  it('says why the list cannot be read', async () => {
    const api = createApiDouble();
    api.on(doctorsApi.list, { status: 500, error: { code: 'INTERNAL', message: 'Boom' } });
    await show(<DoctorsSection />, { api });
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side');
  });

  it('says so when there is no doctor yet', async () => {
    await show(<DoctorsSection />, { api: withDoctors([]) });
    expect(await screen.findByText('Nothing to show.')).toBeInTheDocument();
  });
});

async function openEditor(api: ApiDouble, name: string) {
  await openDoctors(api);
  await user.click(screen.getByRole('button', { name: `Edit ${name}` }));
  return screen.findByRole('dialog', { name: `${name}: price and length` });
}

const priceField = (dialog: HTMLElement) => within(dialog).getByRole('textbox', { name: 'Price, UAH' });
const lengthField = (dialog: HTMLElement) => within(dialog).getByRole('textbox', { name: 'Consultation length' });

describe('editing a doctor', () => {
  it('starts from the doctor’s price in hryvnias, length and publishing', async () => {
    const dialog = await openEditor(withDoctors([hidden]), 'Oleh Bondar');
    expect(priceField(dialog)).toHaveValue('950.5');
    expect(lengthField(dialog)).toHaveValue('30');
    expect(within(dialog).getByRole('switch', { name: 'Published' })).not.toBeChecked();
  });

  it('sends the price in kopiyky with the length and publishing, then says it is saved', async () => {
    const api = withDoctors([hidden]);
    api.on(doctorsApi.update, { body: { ...hidden, price: 99900, consultation_minutes: 45, published: true } });
    const dialog = await openEditor(api, 'Oleh Bondar');
    await user.clear(priceField(dialog));
    await user.type(priceField(dialog), '999');
    await user.clear(lengthField(dialog));
    await user.type(lengthField(dialog), '45');
    await user.click(within(dialog).getByRole('switch', { name: 'Published' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Oleh Bondar has been updated.')).toBeInTheDocument();
    const [sent] = api.callsTo(doctorsApi.update, { id: 'doc-3' });
    expect(sent).toMatchObject({ method: 'PUT', body: { price: 99900, consultation_minutes: 45, published: true } });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(api.callsTo(doctorsApi.list)).toHaveLength(2));
  });

  it('asks for a price and a length before sending', async () => {
    const api = withDoctors([incomplete]);
    const dialog = await openEditor(api, 'Maryna Koval');
    await user.clear(lengthField(dialog));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter a price (0 for free consultations).')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter a length from 15 to 180 minutes.')).toBeInTheDocument();
    expect(api.callsTo(doctorsApi.update)).toEqual([]);
  });

  it('brings a length out of range back to the nearest allowed one when the field is left', async () => {
    const dialog = await openEditor(withDoctors([listed]), 'Taras Melnyk');
    await user.clear(lengthField(dialog));
    await user.type(lengthField(dialog), '500');
    await user.tab();
    expect(lengthField(dialog)).toHaveValue('180');
  });

  it('keeps the values and shows the refusal when the profile cannot be published yet', async () => {
    const api = withDoctors([incomplete]);
    api.on(doctorsApi.update, { status: 409, error: { code: 'DOCTOR_PROFILE_INCOMPLETE', message: 'Incomplete' } });
    const dialog = await openEditor(api, 'Maryna Koval');
    await user.type(priceField(dialog), '800');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Complete the profile before publishing it: a specialisation, working hours and a price.',
    );
    expect(priceField(dialog)).toHaveValue('800');
    expect(within(dialog).getByRole('switch', { name: 'Published' })).toBeChecked();
  });

  it('shows the save button as busy while sending', async () => {
    const api = withDoctors([listed]);
    let answer: (value: { body: Doctor }) => void = () => {};
    api.on(doctorsApi.update, () => new Promise((resolve) => (answer = resolve)));
    const dialog = await openEditor(api, 'Taras Melnyk');
    const save = within(dialog).getByRole('button', { name: 'Save' });
    await user.click(save);
    await waitFor(() => expect(save).toBeDisabled());
    answer({ body: listed });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('sends nothing when cancelled', async () => {
    const api = withDoctors([listed]);
    const dialog = await openEditor(api, 'Taras Melnyk');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo(doctorsApi.update)).toEqual([]);
  });
});
