import type { Appointment, MessagesReadEvent } from '@rozmova/contracts';

/**
 * Payloads of the contracts' shapes, for tests that need some event to travel: the bus sends only declared events, and
 * under test checks each payload.
 */
export const sampleReadEvent = (id: string): MessagesReadEvent => ({ patientId: id, appointmentId: null, ids: [id] });

export const sampleAppointment = (id: string): Appointment => ({
  id,
  appointment_status: 'scheduled',
  appointment_paymentType: 'None',
  appointment_paymentStatus: 'not_required',
  appointment_price: 0,
  appointment_doctorId: 'doctor-1',
  appointment_patientId: 'patient-1',
  appointment_date: '2026-05-12T10:00:00+03:00',
  appointment_endDate: '2026-05-12T10:30:00+03:00',
  appointment_roomId: 'room-1',
  appointment_reason: null,
  appointment_phone: null,
  appointment_note: null,
  appointment_advice: null,
  appointment_urgent: false,
  appointment_holdExpiresAt: null,
  appointment_cancelledBy: null,
  doctor: { user_name: 'Лікар', photo_url: null, specialisations: [] },
  patient: { user_name: 'Пацієнт' },
  createdAt: '2026-05-01T09:00:00.000Z',
  updatedAt: '2026-05-01T09:00:00.000Z',
});
