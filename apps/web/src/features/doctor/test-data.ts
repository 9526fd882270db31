import type { Appointment, Doctor, User } from '@rozmova/contracts';
import { anAppointment } from '../../test/fixtures.ts';
import { aDoctor, aUser } from '../../test/people.ts';

/** A doctor, its account and its consultations for the console's component tests, as the API answers them. */
export const doctorAccount = aUser('doctor', { id: 'doctor-1', email: 'iryna@example.com', user_name: 'Iryna Koval' });

export const adminAccount: User = { ...doctorAccount, id: 'admin-1', email: 'admin@example.com', user_name: 'Admin', user_role: 'admin' };

export function doctorProfile(overrides: Partial<Doctor> = {}): Doctor {
  return aDoctor({
    id: doctorAccount.id,
    user_name: doctorAccount.user_name,
    doctor_name_en: '',
    bio: { uk: '', en: '' },
    languages: ['uk'],
    experience_years: 5,
    price: 45_000,
    min_notice_minutes: 120,
    weekly_hours: [{ weekday: 1, start: '09:00', end: '13:00' }],
    published: false,
    ...overrides,
  });
}

/** A consultation of the doctor with Olena Petrenko, 50 minutes from `start`. */
export function appointmentAt(start: Date, overrides: Partial<Appointment> = {}): Appointment {
  return anAppointment({
    appointment_paymentType: 'None',
    appointment_paymentStatus: 'not_required',
    appointment_price: 0,
    appointment_doctorId: doctorAccount.id,
    appointment_date: start.toISOString(),
    doctor: { user_name: doctorAccount.user_name, photo_url: null, specialisations: ['psychologist'] },
    patient: { user_name: 'Olena Petrenko' },
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  });
}
