import type { Appointment } from './appointments.ts';

/**
 * Samples of the contracts' shapes for the apps' tests, imported as `@rozmova/contracts/testing`. No app code imports
 * this module, so it is in neither bundle.
 */

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
