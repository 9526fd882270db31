import type { Appointment, User } from '@rozmova/contracts';

/** People and a consultation for the room's component tests, as the API answers them. */
export const patientUser: User = {
  id: 'patient-1',
  email: 'olena@example.com',
  user_name: 'Olena Petrenko',
  user_role: 'patient',
  phone: null,
  locale: 'en',
  has_password: true,
  email_verified: true,
  notification_settings: { in_app: true, email: true, push: false },
  user_push_token: null,
  role_specific_data: {},
  created_at: '2026-01-10T09:00:00.000Z',
};

export const doctorUser: User = {
  ...patientUser,
  id: 'doctor-1',
  email: 'iryna@example.com',
  user_name: 'Iryna Koval',
  user_role: 'doctor',
};

/** A consultation of `patientUser` with `doctorUser`, 50 minutes from `start`. */
export function consultation(overrides: Partial<Appointment> = {}, start = '2026-11-27T10:00:00.000Z'): Appointment {
  const end = new Date(Date.parse(start) + 50 * 60_000).toISOString();
  return {
    id: 'appointment-1',
    appointment_status: 'scheduled',
    appointment_paymentType: 'None',
    appointment_paymentStatus: 'not_required',
    appointment_price: 0,
    appointment_doctorId: doctorUser.id,
    appointment_patientId: patientUser.id,
    appointment_date: start,
    appointment_endDate: end,
    appointment_roomId: 'room-1',
    appointment_reason: null,
    appointment_phone: null,
    appointment_note: null,
    appointment_advice: null,
    appointment_urgent: false,
    appointment_holdExpiresAt: null,
    appointment_cancelledBy: null,
    doctor: { user_name: doctorUser.user_name, photo_url: null, specialisations: ['psychologist'] },
    patient: { user_name: patientUser.user_name },
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}
