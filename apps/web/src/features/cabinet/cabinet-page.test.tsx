import { appointmentsApi, patientsApi, type PatientCard, type User } from '@rozmova/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { anAccount, anAppointment, formFlow } from '../../test/fixtures.ts';
import { createApiDouble, type ApiDouble } from '../../test/api-double.ts';
import { show } from '../../test/render.tsx';
import { CabinetPage } from './cabinet-page.tsx';

const emptyCard = (): PatientCard => anAccount().role_specific_data.patient!.patientCard;

async function open(api: ApiDouble, person: User, at = '/user', card: PatientCard = emptyCard()) {
  api.on(patientsApi.getCard, { body: card });
  const view = await show(<CabinetPage />, { api, user: person, at, route: '/user' });
  await screen.findByRole('heading', { level: 1, name: `Hello, ${person.user_name}!` });
  return { ...view, user: userEvent.setup({ delay: null }) };
}

const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);

describe('the cabinet', formFlow, () => {
  it("opens a patient's profile first, with the tabs of a patient", async () => {
    const api = createApiDouble();
    api.on(appointmentsApi.ofPatient, { body: [] });
    await open(api, anAccount());
    expect(tabNames()).toEqual([
      'Profile',
      'My card',
      'Documents',
      'Chat with support',
      'My consultations',
      'Who opened my records',
      'Support requests',
    ]);
    expect(screen.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('heading', { name: 'Personal details' })).toBeInTheDocument();
    expect(await screen.findByText('You have no upcoming consultation.')).toBeInTheDocument();
  });

  it('keeps the chosen tab in the address', async () => {
    const api = createApiDouble();
    api.on(appointmentsApi.ofPatient, { body: [] });
    const { user, router } = await open(api, anAccount());
    await user.click(screen.getByRole('tab', { name: 'My consultations' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=consultations'));
    expect(await screen.findByText('No upcoming consultations.')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Profile' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it("shows the card tab: no self-check yet, the doctors' advice and no notes", async () => {
    const api = createApiDouble();
    api.on(appointmentsApi.ofPatient, {
      body: [
        anAppointment({
          appointment_status: 'completed',
          appointment_date: '2026-10-02T12:00:00.000Z',
          appointment_advice: 'Keep a mood diary.',
        }),
      ],
    });
    await open(api, anAccount(), '/user?tab=card');
    expect(await screen.findByText(/You have not taken the self-check yet\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Take the self-check' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Advice from your doctors' })).toBeInTheDocument();
    expect(screen.getByText('Keep a mood diary.')).toBeInTheDocument();
    expect(screen.getByText(/^Dr Ivan Ivanenko, consultation on /)).toBeInTheDocument();
    expect(screen.getByText('No notes yet.')).toBeInTheDocument();
  });

  it('offers to continue a self-check that was started', async () => {
    const api = createApiDouble();
    api.on(appointmentsApi.ofPatient, { body: [] });
    const started = { ...emptyCard(), patient_quizz_results: [{ question_id: 'q1', answer_id: 'a1' }] };
    await open(api, anAccount(), '/user?tab=card', started);
    expect(await screen.findByRole('link', { name: 'Continue the self-check' })).toBeInTheDocument();
  });

  it('opens the profile for a tab it does not know', async () => {
    const api = createApiDouble();
    api.on(appointmentsApi.ofPatient, { body: [] });
    await open(api, anAccount(), '/user?tab=settings');
    expect(screen.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows staff their profile only, whatever tab the address names', async () => {
    const api = createApiDouble();
    await open(api, anAccount({ role: 'operator' }), '/user?tab=card');
    expect(tabNames()).toEqual(['Profile']);
    expect(screen.getByRole('heading', { name: 'Personal details' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Consultation' })).not.toBeInTheDocument();
  });

  it('asks a person who booked without signing up to set a password, and shows nothing else', async () => {
    const api = createApiDouble();
    api.on(appointmentsApi.ofPatient, { body: [anAppointment({ appointment_paymentStatus: 'pending' })] });
    await open(api, anAccount({ email_verified: false, has_password: false }));
    expect(screen.getByRole('heading', { name: 'Confirm your e-mail' })).toBeInTheDocument();
    expect(screen.getByText(/Set a password with the code we send to olena@example\.com/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Set a password' })).toHaveAttribute('href', '/?auth=forgot');
    expect(await screen.findByText(/^Your consultation with Dr Ivan Ivanenko/)).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });
});
