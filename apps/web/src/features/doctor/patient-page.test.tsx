import {
  appointmentsApi,
  documentsApi,
  meetingsApi,
  patientNotesApi,
  patientsApi,
  type Appointment,
  type Patient,
} from '@rozmova/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aCard } from '../../test/people.ts';
import { createApiDouble, type Answer, type ApiDouble } from '../../test/api-double.ts';
import { show } from '../../test/render.tsx';
import { DoctorPatientPage } from './patient-page.tsx';
import { adminAccount, appointmentAt, doctorAccount } from './test-data.ts';

const patient: Patient = {
  id: 'patient-1',
  user_id: 'patient-1',
  user_name: 'Olena Petrenko',
  email: 'olena@example.com',
  phone: '+380501234567',
  chat_patient_status: 'active',
  interacting_with_operator: null,
  patient_cardId: 'card-1',
  created_at: '2026-01-10T09:00:00.000Z',
};

const completed = appointmentAt(new Date('2026-10-02T08:00:00.000Z'), {
  id: 'a-completed',
  appointment_status: 'completed',
  appointment_reason: 'Anxiety before exams',
  appointment_note: 'Breathing exercises.\nFollow up in a month.',
  appointment_advice: 'Breathe in for four counts.',
});
const cancelled = appointmentAt(new Date('2026-11-05T08:00:00.000Z'), { id: 'a-cancelled', appointment_status: 'canceled' });
const withAnotherDoctor = appointmentAt(new Date('2026-11-10T08:00:00.000Z'), { id: 'a-other', appointment_doctorId: 'doctor-2' });

/** Every read of the page answered: the record, an empty card, no notes or documents, the consultations given. */
function patientApi(consultations: Appointment[]): ApiDouble {
  const api = createApiDouble();
  api.on(patientsApi.get, { body: patient });
  api.on(patientsApi.getCard, { body: aCard() });
  api.on(appointmentsApi.ofPatient, { body: consultations });
  api.on(appointmentsApi.list, { body: [] });
  api.on(patientNotesApi.list, { body: { notes: [] } });
  api.on(documentsApi.ofPatient, { body: { userReferences: [], count: 0 } });
  api.on(meetingsApi.callRecord, (call): Answer<typeof meetingsApi.callRecord> => ({
    body: {
      appointmentId: call.params.id!,
      events: [],
      startedAt: '2026-10-02T08:01:00.000Z',
      endedAt: '2026-10-02T08:46:00.000Z',
      durationSeconds: 45 * 60,
      reconnects: 1,
      endReason: 'completed',
    },
  }));
  return api;
}

const route = '/doctor/patients/:patientId';

describe('a patient’s page in the doctor console', { timeout: 20_000 }, () => {
  it('shows the patient’s contacts, self-check, notes and consultations with this doctor', async () => {
    const api = patientApi([completed, cancelled]);
    await show(<DoctorPatientPage />, { api, user: doctorAccount, at: '/doctor/patients/patient-1', route });
    // The first page of the file loads the most modules: more time than findBy's default second.
    expect(await screen.findByRole('heading', { level: 1, name: 'Olena Petrenko' }, { timeout: 5000 })).toBeVisible();
    expect(screen.getByText('olena@example.com · +380501234567')).toBeVisible();
    expect(await screen.findByText('The patient has not completed the self-check yet.')).toBeVisible();
    expect(await screen.findByText('No notes yet.')).toBeVisible();

    const consultations = within(screen.getByRole('region', { name: 'Consultations with you' }));
    const items = await consultations.findAllByRole('listitem');
    // Newest first.
    expect(items.map((item) => item.getAttribute('aria-labelledby'))).toEqual(['consultation-a-cancelled', 'consultation-a-completed']);
    expect(items[0]).toHaveTextContent('Cancelled');
    expect(items[1]).toHaveTextContent('Reason for the visit: Anxiety before exams');
    expect(items[1]).toHaveTextContent('Note: Breathing exercises.');
    expect(items[1]).toHaveTextContent('Advice: Breathe in for four counts.');
    expect(await within(items[1]!).findByText(/45 min; reconnects: 1; ended: completed by the doctor\./)).toBeVisible();
    expect(api.callsTo(meetingsApi.callRecord).map((call) => call.params.id)).toEqual(['a-completed']);
  });

  it('reads the patient’s record, card, notes and documents by the patient’s ids', async () => {
    const api = patientApi([]);
    await show(<DoctorPatientPage />, { api, user: doctorAccount, at: '/doctor/patients/patient-1', route });
    await screen.findByText('No consultations with you yet.');
    expect(api.callsTo(patientsApi.get, { id: 'patient-1' })).toHaveLength(1);
    expect(api.callsTo(patientsApi.getCard, { id: 'card-1' })).toHaveLength(1);
    expect(api.callsTo(patientNotesApi.list, { id: 'patient-1' })).toHaveLength(1);
    expect(api.callsTo(documentsApi.ofPatient, { id: 'patient-1' })).toHaveLength(1);
    expect(api.unanswered).toEqual([]);
  });

  it('offers the chat only with a coming consultation', async () => {
    await show(<DoctorPatientPage />, { api: patientApi([completed]), user: doctorAccount, at: '/doctor/patients/patient-1', route });
    const chat = await screen.findByRole('region', { name: 'Chat with Olena Petrenko' });
    expect(chat).toHaveTextContent("The chat opens with the patient's next consultation with you.");
  });

  it('shows an admin the chosen doctor’s consultations, and no note form or chat', async () => {
    const api = patientApi([completed, withAnotherDoctor]);
    await show(<DoctorPatientPage />, {
      api,
      user: adminAccount,
      at: `/doctor/patients/patient-1?doctorId=${doctorAccount.id}`,
      route,
    });
    const consultations = within(await screen.findByRole('region', { name: 'Consultations with you' }));
    expect(await consultations.findAllByRole('listitem')).toHaveLength(1);
    expect(screen.queryByRole('textbox', { name: 'New note' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Chat with Olena Petrenko' })).toBeNull();
  });

  it('says when the patient is not one of the doctor’s', async () => {
    const api = patientApi([]);
    api.on(patientsApi.get, { status: 404, error: { code: 'NOT_FOUND', message: 'Not found' } });
    await show(<DoctorPatientPage />, { api, user: doctorAccount, at: '/doctor/patients/patient-9', route });
    expect(await screen.findByRole('alert')).toBeVisible();
    expect(screen.getByRole('heading', { level: 1 })).not.toHaveTextContent('Olena Petrenko');
  });

  it('speaks Ukrainian', async () => {
    await show(<DoctorPatientPage />, {
      api: patientApi([]),
      user: doctorAccount,
      at: '/doctor/patients/patient-1',
      route,
      locale: 'uk',
    });
    expect(await screen.findByRole('region', { name: 'Нотатки лікарів' })).toBeVisible();
    expect(await screen.findByText('Нотаток поки немає.')).toBeVisible();
  });
});
