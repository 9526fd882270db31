import { appointmentsApi, patientsApi, type Appointment, type Patient } from '@rozmova/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createApiDouble, type ApiDouble } from '../../test/api-double.ts';
import { show } from '../../test/render.tsx';
import { PatientSearch } from './patient-search.tsx';

const user = userEvent.setup({ delay: null });

const patient = (id: string, name: string, email: string, phone: string | null = null): Patient => ({
  id,
  user_id: `u-${id}`,
  user_name: name,
  email,
  phone,
  chat_patient_status: 'new',
  interacting_with_operator: null,
  patient_cardId: `card-${id}`,
  created_at: '2026-10-01T10:00:00.000Z',
});

const sofiia = patient('pat-1', 'Sofiia Bondar', 'sofiia@rozmova.test', '+380671234567');
const solomiia = patient('pat-2', 'Solomiia Kravets', 'solomiia@rozmova.test');

const consultation = (date: string, doctor: string) => ({ appointment_date: date, doctor: { user_name: doctor } }) as Appointment;

function withPatients(patients: Patient[], appointments: Record<string, Appointment[]> = {}): ApiDouble {
  const api = createApiDouble();
  api.on(patientsApi.lookup, { body: { success: true, patients } });
  api.on(appointmentsApi.ofPatient, (call) => ({ body: appointments[call.params.id!] ?? [] }));
  return api;
}

async function openSearch(api: ApiDouble, at = '/operator/patients', locale: 'en' | 'uk' = 'en') {
  const view = await show(<PatientSearch />, { api, at, route: '/operator/patients', locale });
  return { router: view.router, box: screen.getByRole('searchbox') };
}

const results = () => screen.getAllByRole('listitem');

describe('finding a patient', () => {
  it('searches by what was typed once the typing stops, and keeps it in the address', async () => {
    const api = withPatients([sofiia, solomiia]);
    const { router, box } = await openSearch(api);
    expect(box).toHaveAccessibleName('E-mail, phone or name');
    expect(box).toHaveFocus();
    await user.type(box, 'so');
    expect(await screen.findByText('Patients found: 2')).toBeInTheDocument();
    expect(api.callsTo(patientsApi.lookup).map((call) => call.query)).toEqual([{ findCriteria: 'so' }]);
    expect(router.state.location.search).toBe('?q=so');
    expect(results()).toHaveLength(2);
  });

  it('sends nothing for a single character', async () => {
    const api = withPatients([sofiia]);
    const { box } = await openSearch(api, '/operator/patients?q=s');
    expect(box).toHaveValue('s');
    await user.type(box, 'o');
    expect(await screen.findByText('Patients found: 1')).toBeInTheDocument();
    expect(api.callsTo(patientsApi.lookup).map((call) => call.query.findCriteria)).toEqual(['so']);
  });

  it('shows each patient’s contacts and last consultation', async () => {
    const api = withPatients([sofiia, solomiia], {
      'pat-1': [consultation('2026-10-05T10:00:00+03:00', 'Taras Melnyk'), consultation('2026-11-12T15:00:00+02:00', 'Maryna Koval')],
    });
    await openSearch(api, '/operator/patients?q=so');
    const [first, second] = await screen.findAllByRole('listitem');
    expect(within(first!).getByRole('link', { name: 'Sofiia Bondar' })).toHaveAttribute('href', '/operator/patients/pat-1');
    expect(first).toHaveTextContent('sofiia@rozmova.test · +380671234567');
    expect(await within(first!).findByText(/^Last consultation: .*, Maryna Koval$/)).toBeInTheDocument();
    expect(await within(second!).findByText('No consultations yet')).toBeInTheDocument();
    expect(second).not.toHaveTextContent('·');
  });

  it('starts from the search in the address, as when coming back', async () => {
    const api = withPatients([sofiia]);
    const { box } = await openSearch(api, '/operator/patients?q=bondar');
    expect(box).toHaveValue('bondar');
    expect(await screen.findByText('Patients found: 1')).toBeInTheDocument();
    expect(api.callsTo(patientsApi.lookup)[0]!.query).toEqual({ findCriteria: 'bondar' });
  });

  it('forgets the search in the address when the box is emptied', async () => {
    const { router, box } = await openSearch(withPatients([sofiia]), '/operator/patients?q=bondar');
    await user.clear(box);
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('says when no patient matches, in Ukrainian too', async () => {
    await openSearch(withPatients([]), '/operator/patients?q=nobody', 'uk');
    expect(await screen.findByText('Такого пацієнта не знайшлося.')).toBeInTheDocument();
  });

  it('counts the results in Ukrainian', async () => {
    const { box } = await openSearch(withPatients([sofiia]), '/operator/patients?q=so', 'uk');
    expect(await screen.findByText('Знайдено пацієнтів: 1')).toBeInTheDocument();
    expect(box).toHaveAccessibleName('Ел. пошта, телефон або ім’я');
  });

  it('shows why the search failed', async () => {
    const api = createApiDouble();
    api.on(patientsApi.lookup, { status: 403, error: { code: 'FORBIDDEN', message: 'Forbidden' } });
    await openSearch(api, '/operator/patients?q=so');
    expect(await screen.findByRole('alert')).toHaveTextContent('You are not allowed to do this');
  });

  it('takes no more than 254 characters', async () => {
    const { box } = await openSearch(withPatients([]));
    await user.click(box);
    await user.paste('x'.repeat(300));
    expect(box).toHaveValue('x'.repeat(254));
  });
});

describe('moving through the results with the keyboard', () => {
  it('opens the only result with Enter', async () => {
    const { router, box } = await openSearch(withPatients([sofiia]), '/operator/patients?q=sofiia');
    await screen.findByRole('link', { name: 'Sofiia Bondar' });
    await user.type(box, '{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/operator/patients/pat-1'));
  });

  it('does not guess with Enter when there are several', async () => {
    const { router, box } = await openSearch(withPatients([sofiia, solomiia]), '/operator/patients?q=so');
    await screen.findAllByRole('link');
    await user.type(box, '{Enter}');
    expect(router.state.location.pathname).toBe('/operator/patients');
  });

  it('goes down into the list with the arrow keys and back up to the box', async () => {
    const { box } = await openSearch(withPatients([sofiia, solomiia]), '/operator/patients?q=so');
    const [first, second] = await screen.findAllByRole('link');
    await user.click(box);
    await user.keyboard('{ArrowDown}');
    expect(first).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(second).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(second).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(box).toHaveFocus();
  });
});
