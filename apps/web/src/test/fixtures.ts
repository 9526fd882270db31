import type { Appointment, Role, User } from '@rozmova/contracts';
import { aUser } from './people.ts';

/** Olena, the person these tests sign in: `aUser` of the role (a patient unless named) with her name and e-mail. */
export function anAccount(overrides: Partial<User> & { role?: Role } = {}): User {
  const { role = 'patient', ...rest } = overrides;
  return aUser(role, { id: 'user-1', email: 'olena@example.com', user_name: 'Olena Kovalenko', ...rest });
}

/** A patient's consultation as the appointments API answers it: paid, scheduled, with Dr Ivanenko, a week ahead. */
export function anAppointment(overrides: Partial<Appointment> = {}): Appointment {
  const start = overrides.appointment_date ?? new Date(Date.now() + 7 * 86_400_000).toISOString();
  return {
    id: 'appointment-1',
    appointment_status: 'scheduled',
    appointment_paymentType: 'Patient',
    appointment_paymentStatus: 'paid',
    appointment_price: 120_000,
    appointment_doctorId: 'doctor-1',
    appointment_patientId: 'patient-1',
    appointment_date: start,
    appointment_endDate: new Date(Date.parse(start) + 50 * 60_000).toISOString(),
    appointment_roomId: 'room-1',
    appointment_reason: null,
    appointment_phone: null,
    appointment_note: null,
    appointment_advice: null,
    appointment_urgent: false,
    appointment_holdExpiresAt: null,
    appointment_cancelledBy: null,
    doctor: { user_name: 'Dr Ivan Ivanenko', photo_url: null, specialisations: [] },
    patient: { user_name: 'Olena Kovalenko' },
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

/**
 * For a describe block of forms filled in as a person does: each key and click re-renders a Mantine form, which takes
 * seconds on a machine busy with other suites; more room than vitest's 5 s.
 */
export const formFlow = { timeout: 20_000 };
