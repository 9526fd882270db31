import { doctorsApi, type Doctor } from '@rozmova/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { anAccount, formFlow } from '../../test/fixtures.ts';
import { aDoctor } from '../../test/people.ts';
import { createApiDouble, type ApiDouble } from '../../test/api-double.ts';
import { show } from '../../test/render.tsx';
import { PricesPage } from './prices-page.tsx';
import { SpecialistsPage } from './specialists-page.tsx';

const iryna = aDoctor();
const taras = aDoctor({
  id: 'doctor-2',
  user_name: 'Тарас Бойко',
  specialisations: ['psychiatrist'],
  price: 120_000,
  consultation_minutes: 60,
});

function answerDoctors(api: ApiDouble, doctors: Doctor[]) {
  api.on(doctorsApi.list, (call) => ({
    body: doctors.filter((doctor) => !call.query.specialisation || doctor.specialisations.includes(call.query.specialisation as never)),
  }));
  api.on(doctorsApi.availableSlots, { body: [] });
}

async function visit(api: ApiDouble, options: { at?: string; user?: ReturnType<typeof anAccount> } = {}) {
  const view = await show(<SpecialistsPage />, { api, at: '/our-specialists', route: '/our-specialists', ...options });
  return { ...view, user: userEvent.setup({ delay: null }) };
}

describe('our specialists', formFlow, () => {
  it('lists the doctors, each with a Book button that names them', async () => {
    const api = createApiDouble();
    answerDoctors(api, [iryna, taras]);
    await visit(api);
    expect(screen.getByRole('heading', { level: 1, name: 'Our specialists' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Book Ірина Шевченко' })).toHaveTextContent('Book');
    expect(screen.getByRole('button', { name: 'Book Тарас Бойко' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See prices' })).toHaveAttribute('href', '/prices');
  });

  it('filters by specialisation through the address', async () => {
    const api = createApiDouble();
    answerDoctors(api, [iryna, taras]);
    const { user, router } = await visit(api);
    await screen.findByRole('button', { name: 'Book Ірина Шевченко' });
    await user.selectOptions(screen.getByLabelText('Specialisation'), 'psychiatrist');
    await waitFor(() => expect(router.state.location.search).toBe('?specialisation=psychiatrist'));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Book Ірина Шевченко' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Book Тарас Бойко' })).toBeInTheDocument();
    expect(api.callsTo(doctorsApi.list).map((call) => call.query)).toEqual([{}, { specialisation: 'psychiatrist' }]);
  });

  it('says when no specialist matches', async () => {
    const api = createApiDouble();
    answerDoctors(api, [iryna]);
    await visit(api, { at: '/our-specialists?specialisation=neurologist' });
    expect(await screen.findByText('No specialists match your search.')).toHaveAttribute('role', 'status');
    expect(screen.getByLabelText('Specialisation')).toHaveValue('neurologist');
  });

  it("opens a visitor's booking dialog for the doctor chosen", async () => {
    const api = createApiDouble();
    answerDoctors(api, [iryna, taras]);
    const { user } = await visit(api);
    await user.click(await screen.findByRole('button', { name: 'Book Тарас Бойко' }));
    const dialog = await screen.findByRole('dialog', { name: 'Book a consultation with Тарас Бойко' });
    await waitFor(() => expect(api.callsTo(doctorsApi.availableSlots, { id: 'doctor-2' }).length).toBeGreaterThan(0));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("takes a signed-in patient to the booking's time step for the doctor instead", async () => {
    const api = createApiDouble();
    answerDoctors(api, [iryna]);
    const { user, router } = await visit(api, { user: anAccount() });
    await user.click(await screen.findByRole('button', { name: 'Book Ірина Шевченко' }));
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toMatch(/appointment-step2\?doctor=doctor-1$/),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('offers no booking to staff', async () => {
    const api = createApiDouble();
    answerDoctors(api, [iryna]);
    await visit(api, { user: anAccount({ role: 'doctor' }) });
    // The card names the doctor in the reader's language.
    expect(await screen.findByRole('heading', { name: 'Iryna Shevchenko' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Book/ })).not.toBeInTheDocument();
  });

  it('shows why the list could not be read', async () => {
    const api = createApiDouble();
    api.on(doctorsApi.list, { status: 503, error: { code: 'SERVICE_UNAVAILABLE', message: 'Unavailable' } });
    await visit(api);
    expect(await screen.findByRole('alert')).toHaveTextContent('The service is temporarily unavailable. Please try again later');
  });
});

describe('the prices page', formFlow, () => {
  it('gives the price and length of each specialisation from the listed doctors', async () => {
    const api = createApiDouble();
    answerDoctors(api, [iryna, aDoctor({ id: 'doctor-3', user_name: 'Ольга', price: 60_000, consultation_minutes: 45 }), taras]);
    await show(<PricesPage />, { api, at: '/prices' });
    const table = await screen.findByRole('table');
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toHaveLength(2);
    expect(rows.map((cells) => cells[0])).toEqual([expect.stringMatching(/600.*to.*800/), expect.stringMatching(/1,200/)]);
    expect(rows.map((cells) => cells[1])).toEqual(['45–50 min', '60 min']);
  });
});
