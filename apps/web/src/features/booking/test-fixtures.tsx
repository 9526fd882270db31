import {
  appointmentsApi,
  doctorsApi,
  documentsApi,
  patientsApi,
  type Appointment,
  type Doctor,
  type PatientCard,
  type User,
} from '@rozmova/contracts';
import { configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import type { ApiDouble } from '../../test/api-double.ts';
import { anAppointment } from '../../test/fixtures.ts';
import { aCard, aDoctor, aUser } from '../../test/people.ts';
import { show } from '../../test/render.tsx';
import { BookingPage } from './booking-page.tsx';
import { clearDraft } from './draft.ts';

/** The booking tests' people and answers: a patient, a doctor with free times, and the appointments the server keeps. */

export const card = aCard;

export const patient = (changes: Partial<User> = {}): User =>
  aUser('patient', {
    id: 'user-1',
    email: 'olena@example.com',
    user_name: 'Olena Koval',
    phone: '+380671234567',
    created_at: '2026-01-05T10:00:00Z',
    ...changes,
  });

export const doctor = (changes: Partial<Doctor> = {}): Doctor =>
  aDoctor({
    user_name: 'Ірина Бондар',
    doctor_name_en: 'Iryna Bondar',
    bio: { uk: 'Працюю з тривогою.', en: 'I work with anxiety.' },
    experience_years: 8,
    price: 50_000,
    min_notice_minutes: 120,
    horizon_days: 60,
    weekly_hours: [{ weekday: 4, start: '09:00', end: '17:00' }],
    ...changes,
  });

/** The booking page at `/user/<page>` (its route in the app), shown as `show` does. */
export const openBooking = (page: string, options: Parameters<typeof show>[1]) =>
  show(<BookingPage />, { at: `/user/${page}`, route: '/user/:page', ...options });

/** "Now" in the booking tests, and the free times the doctor has after it (in UTC, the same calendar day anywhere). */
export const NOW = new Date('2026-03-10T08:00:00Z');
export const SLOTS = ['2026-03-12T10:00:00Z', '2026-03-12T11:00:00Z', '2026-03-13T09:00:00Z'] as const;

export const appointment = (changes: Partial<Appointment> = {}): Appointment =>
  anAppointment({
    appointment_paymentType: 'ADRA',
    appointment_paymentStatus: 'not_required',
    appointment_price: 0,
    appointment_date: SLOTS[0],
    appointment_phone: '+380671234567',
    doctor: { user_name: 'Ірина Бондар', photo_url: null, specialisations: ['psychologist'] },
    patient: { user_name: 'Olena Koval' },
    createdAt: '2026-03-10T08:00:00Z',
    updatedAt: '2026-03-10T08:00:00Z',
    ...changes,
  });

/**
 * What the booking pages read: the patient's appointments (a list the test may change), the card, the doctor, the
 * doctor's free times and the patient's documents (step 3).
 */
export function answerBookingReads(
  api: ApiDouble,
  {
    appointments = [],
    patientCard = card(),
    doctors = [doctor()],
  }: { appointments?: Appointment[]; patientCard?: PatientCard; doctors?: Doctor[] } = {},
) {
  const state = { appointments };
  api.on(appointmentsApi.ofPatient, () => ({ body: state.appointments }));
  api.on(patientsApi.getCard, { body: patientCard });
  api.on(doctorsApi.list, { body: doctors });
  api.on(doctorsApi.get, (call) => {
    const found = doctors.find((item) => item.id === call.params.id);
    return found ? { body: found } : { status: 404, error: { code: 'NOT_FOUND', message: 'No such doctor' } };
  });
  api.on(doctorsApi.availableSlots, { body: [...SLOTS] });
  api.on(documentsApi.listMine, { body: { userReferences: [], count: 0 } });
  return state;
}

/** A booking test file's hooks: each test starts at NOW (only Date faked), with no session or draft kept. */
export function bookingTestSetup() {
  // A person's typing, Mantine's first render and lazy chunks take a while on a busy machine.
  vi.setConfig({ testTimeout: 30_000 });
  configure({ asyncUtilTimeout: 5_000 });
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    sessionStorage.clear();
    clearDraft();
  });
  afterEach(() => vi.useRealTimers());
}
