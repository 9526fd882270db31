import type { Appointment, Doctor, User } from '@rozmova/contracts';

/** A doctor, its account and its consultations for the console's component tests, as the API answers them. */
export const doctorAccount: User = {
  id: 'doctor-1',
  email: 'iryna@example.com',
  user_name: 'Iryna Koval',
  user_role: 'doctor',
  phone: null,
  locale: 'en',
  has_password: true,
  email_verified: true,
  notification_settings: { in_app: true, email: true, push: false },
  user_push_token: null,
  role_specific_data: {},
  created_at: '2026-01-10T09:00:00.000Z',
};

export const adminAccount: User = { ...doctorAccount, id: 'admin-1', email: 'admin@example.com', user_name: 'Admin', user_role: 'admin' };

export function doctorProfile(overrides: Partial<Doctor> = {}): Doctor {
  return {
    id: doctorAccount.id,
    user_name: doctorAccount.user_name,
    doctor_name_en: '',
    photo_url: null,
    specialisations: ['psychologist'],
    bio: { uk: '', en: '' },
    languages: ['uk'],
    experience_years: 5,
    price: 45_000,
    consultation_minutes: 50,
    buffer_minutes: 10,
    min_notice_minutes: 120,
    horizon_days: 30,
    time_zone: 'Europe/Kyiv',
    weekly_hours: [{ weekday: 1, start: '09:00', end: '13:00' }],
    days_off: [],
    extra_hours: [],
    rating: null,
    rating_count: 0,
    published: false,
    missing: [],
    ...overrides,
  };
}

/** A consultation of the doctor with Olena Petrenko, 50 minutes from `start`. */
export function appointmentAt(start: Date, overrides: Partial<Appointment> = {}): Appointment {
  return {
    id: 'appointment-1',
    appointment_status: 'scheduled',
    appointment_paymentType: 'None',
    appointment_paymentStatus: 'not_required',
    appointment_price: 0,
    appointment_doctorId: doctorAccount.id,
    appointment_patientId: 'patient-1',
    appointment_date: start.toISOString(),
    appointment_endDate: new Date(start.getTime() + 50 * 60_000).toISOString(),
    appointment_roomId: 'room-1',
    appointment_reason: null,
    appointment_phone: null,
    appointment_note: null,
    appointment_advice: null,
    appointment_urgent: false,
    appointment_holdExpiresAt: null,
    appointment_cancelledBy: null,
    doctor: { user_name: doctorAccount.user_name, photo_url: null, specialisations: ['psychologist'] },
    patient: { user_name: 'Olena Petrenko' },
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}
