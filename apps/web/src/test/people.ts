import type { Doctor, PatientCard, Role, User } from '@rozmova/contracts';

/** A patient's card as `GET /v1/patients/:id/card` answers it: no self-check yet, no notes, no free consultations. */
export const aCard = (changes: Partial<PatientCard> = {}): PatientCard => ({
  patient_cardId: 'card-1',
  patient_quizz_results: [],
  patient_quizz_recommendations: [],
  patient_quizz_is_completed: false,
  patient_notes: [],
  patient_available_free_consultations: 0,
  ...changes,
});

/**
 * A signed-in person as `GET /v1/auth/profile` answers: a verified account in English, a patient with an empty card
 * unless another role is named. Pass it to `show(…, { user })`.
 */
export function aUser(role: Role = 'patient', overrides: Partial<User> = {}): User {
  return {
    id: `${role}-1`,
    email: `${role}@example.com`,
    user_name: 'Олена Коваль',
    user_role: role,
    phone: null,
    locale: 'en',
    has_password: true,
    email_verified: true,
    notification_settings: { in_app: true, email: true, push: false },
    user_push_token: null,
    role_specific_data:
      role === 'patient'
        ? {
            patient: {
              patientId: 'patient-1',
              patient_cardId: 'card-1',
              patientCard: aCard(),
              patient_appointmentId: null,
            },
          }
        : {},
    created_at: '2026-01-10T09:00:00.000Z',
    ...overrides,
  };
}

/** A listed doctor as `GET /v1/doctors` answers: a psychologist, 800 UAH for 50 minutes, no reviews yet. */
export function aDoctor(overrides: Partial<Doctor> = {}): Doctor {
  return {
    id: 'doctor-1',
    user_name: 'Ірина Шевченко',
    doctor_name_en: 'Iryna Shevchenko',
    photo_url: null,
    specialisations: ['psychologist'],
    bio: { uk: 'Працюю з тривогою та вигоранням.', en: 'I work with anxiety and burnout.' },
    languages: ['uk', 'en'],
    experience_years: 7,
    price: 80_000,
    consultation_minutes: 50,
    buffer_minutes: 10,
    min_notice_minutes: 60,
    horizon_days: 30,
    time_zone: 'Europe/Kyiv',
    weekly_hours: [{ weekday: 1, start: '09:00', end: '17:00' }],
    days_off: [],
    extra_hours: [],
    rating: null,
    rating_count: 0,
    published: true,
    missing: [],
    ...overrides,
  };
}
