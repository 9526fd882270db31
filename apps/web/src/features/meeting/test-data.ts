import type { Appointment, Feedback, User } from '@rozmova/contracts';
import { anAppointment } from '../../test/fixtures.ts';
import { aUser } from '../../test/people.ts';

/** People and a consultation for the room's component tests, as the API answers them. */
export const patientUser = aUser('patient', {
  id: 'patient-1',
  email: 'olena@example.com',
  user_name: 'Olena Petrenko',
  role_specific_data: {},
});

export const doctorUser: User = {
  ...patientUser,
  id: 'doctor-1',
  email: 'iryna@example.com',
  user_name: 'Iryna Koval',
  user_role: 'doctor',
};

/** A consultation of `patientUser` with `doctorUser`, 50 minutes from `start` (or from the `appointment_date` given). */
export function consultation(overrides: Partial<Appointment> = {}, start = '2026-11-27T10:00:00.000Z'): Appointment {
  return anAppointment({
    appointment_paymentType: 'None',
    appointment_paymentStatus: 'not_required',
    appointment_price: 0,
    appointment_doctorId: doctorUser.id,
    appointment_patientId: patientUser.id,
    appointment_date: start,
    doctor: { user_name: doctorUser.user_name, photo_url: null, specialisations: ['psychologist'] },
    patient: { user_name: patientUser.user_name },
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  });
}

/** The patient's rating of the consultation `appointmentId` as the feedback API answers it: five stars, not published. */
export const aReview = (appointmentId: string, changes: Partial<Feedback> = {}): Feedback => ({
  id: 'f1',
  type: 'doctor',
  feedback_type: 'doctor',
  feedback_rating: 5,
  feedback_user_name: 'Olena',
  feedback_clinic_name: '',
  feedback_comment: '',
  doctor_id: doctorUser.id,
  is_anonymous: false,
  is_published: false,
  patient_id: patientUser.id,
  appointment_id: appointmentId,
  createdAt: '2026-11-27T11:00:00.000Z',
  updatedAt: '2026-11-27T11:00:00.000Z',
  ...changes,
});
