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
import type { ApiDouble } from '../../test/api-double.ts';

/** The booking tests' people and answers: a patient, a doctor with free times, and the appointments the server keeps. */

export const card = (changes: Partial<PatientCard> = {}): PatientCard => ({
  patient_cardId: 'card-1',
  patient_quizz_results: [],
  patient_quizz_recommendations: [],
  patient_quizz_is_completed: false,
  patient_notes: [],
  patient_available_free_consultations: 0,
  ...changes,
});

export const patient = (changes: Partial<User> = {}): User => ({
  id: 'user-1',
  email: 'olena@example.com',
  user_name: 'Olena Koval',
  user_role: 'patient',
  phone: '+380671234567',
  locale: 'en',
  has_password: true,
  email_verified: true,
  notification_settings: { in_app: true, email: true, push: false },
  user_push_token: null,
  role_specific_data: {
    patient: { patientId: 'patient-1', patient_cardId: 'card-1', patientCard: card(), patient_appointmentId: null },
  },
  created_at: '2026-01-05T10:00:00Z',
  ...changes,
});

export const doctor = (changes: Partial<Doctor> = {}): Doctor => ({
  id: 'doctor-1',
  user_name: 'Ірина Бондар',
  doctor_name_en: 'Iryna Bondar',
  photo_url: null,
  specialisations: ['psychologist'],
  bio: { uk: 'Працюю з тривогою.', en: 'I work with anxiety.' },
  languages: ['uk', 'en'],
  experience_years: 8,
  price: 50_000,
  consultation_minutes: 50,
  buffer_minutes: 10,
  min_notice_minutes: 120,
  horizon_days: 60,
  time_zone: 'Europe/Kyiv',
  weekly_hours: [{ weekday: 4, start: '09:00', end: '17:00' }],
  days_off: [],
  extra_hours: [],
  rating: null,
  rating_count: 0,
  published: true,
  missing: [],
  ...changes,
});

/** "Now" in the booking tests, and the free times the doctor has after it (in UTC, the same calendar day anywhere). */
export const NOW = new Date('2026-03-10T08:00:00Z');
export const SLOTS = ['2026-03-12T10:00:00Z', '2026-03-12T11:00:00Z', '2026-03-13T09:00:00Z'] as const;

export const appointment = (changes: Partial<Appointment> = {}): Appointment => ({
  id: 'appointment-1',
  appointment_status: 'scheduled',
  appointment_paymentType: 'ADRA',
  appointment_paymentStatus: 'not_required',
  appointment_price: 0,
  appointment_doctorId: 'doctor-1',
  appointment_patientId: 'patient-1',
  appointment_date: SLOTS[0],
  appointment_endDate: '2026-03-12T10:50:00Z',
  appointment_roomId: 'room-1',
  appointment_reason: null,
  appointment_phone: '+380671234567',
  appointment_note: null,
  appointment_advice: null,
  appointment_urgent: false,
  appointment_holdExpiresAt: null,
  appointment_cancelledBy: null,
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
