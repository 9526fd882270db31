import type { Appointment, AppointmentStatus, PaymentStatus, PaymentType, Specialisation } from '@rozmova/contracts';
import { formatInZone } from '@rozmova/contracts';
import type { AppointmentView } from './appointments.repository.ts';
import type { AppointmentFacts } from './appointments.texts.ts';

/**
 * The API's shape of an appointment (docs/product.md §3): times in the doctor's zone. The doctor's note is for the record: the
 * patient (`viewerId` its user) reads the advice instead.
 */
export function toAppointment({ appointment: a, doctor, patient }: AppointmentView, viewerId?: string): Appointment {
  const zone = doctor.timeZone;
  return {
    id: a.id,
    appointment_status: a.status,
    appointment_paymentType: a.paymentType,
    appointment_paymentStatus: a.paymentStatus,
    appointment_price: a.price,
    appointment_doctorId: a.doctorId,
    appointment_patientId: a.patientId,
    appointment_date: formatInZone(a.startsAt, zone),
    appointment_endDate: formatInZone(a.endsAt, zone),
    appointment_roomId: a.roomId,
    appointment_reason: a.reason,
    appointment_phone: a.phone,
    appointment_note: viewerId === patient.userId ? null : a.note,
    appointment_advice: a.advice,
    appointment_urgent: a.urgent,
    appointment_holdExpiresAt: a.holdExpiresAt ? formatInZone(a.holdExpiresAt, zone) : null,
    appointment_cancelledBy: a.cancelledBy,
    doctor: { user_name: doctor.userName, photo_url: doctor.photoUrl, specialisations: doctor.specialisations as Specialisation[] },
    patient: { user_name: patient.userName },
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
}

/** What the texts may name. */
export const factsOf = (view: AppointmentView): AppointmentFacts => ({
  doctorName: view.doctor.userName,
  patientName: view.patient.userName,
  start: view.appointment.startsAt,
});

/** What payments need to know of an appointment. */
export interface PayableAppointment {
  id: string;
  patientId: string;
  patientUserId: string;
  doctorUserId: string;
  doctorName: string;
  status: AppointmentStatus;
  paymentType: PaymentType;
  paymentStatus: PaymentStatus;
  /** UAH kopiyky. */
  price: number;
  holdExpiresAt: Date | null;
  startsAt: Date;
}

export const toPayable = (v: AppointmentView): PayableAppointment => ({
  id: v.appointment.id,
  patientId: v.appointment.patientId,
  patientUserId: v.patient.userId,
  doctorUserId: v.doctor.userId,
  doctorName: v.doctor.userName,
  status: v.appointment.status,
  paymentType: v.appointment.paymentType,
  paymentStatus: v.appointment.paymentStatus,
  price: v.appointment.price,
  holdExpiresAt: v.appointment.holdExpiresAt,
  startsAt: v.appointment.startsAt,
});
