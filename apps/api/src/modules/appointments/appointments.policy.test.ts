import { describe, expect, test } from 'vitest';
import type { Role } from '@rozmova/contracts';
import { AppError } from '../../lib/app-error.ts';
import {
  assertBookingRequest,
  assertMayComplete,
  assertMayJoin,
  assertMayMove,
  assertMeetingOpen,
  assertModifyRequest,
  assertMovable,
  assertOpen,
  assertPatientInTime,
  assertStarted,
  canSee,
  cancelledByRole,
  closesAt,
  holdHasRunOut,
  isAuditedReader,
  refundsOnCancel,
  remindsOf,
  staffChosenTerms,
  termsAfterDoctorChange,
  holdOfNewBooking,
  termsForPrice,
  type Actor,
  type AppointmentState,
} from './appointments.policy.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const NOW = new Date('2027-01-11T08:00:00Z');
const at = (msFromNow: number) => new Date(NOW.getTime() + msFromNow);

const actor = (role: Role, id = `${role}-1`, patientId: string | null = role === 'patient' ? 'patient-1' : null): Actor => ({
  user: { id, role } as Actor['user'],
  patientId,
  cardId: null,
});
const patient = actor('patient', 'user-p', 'patient-1');
const otherPatient = actor('patient', 'user-q', 'patient-2');
const doctor = actor('doctor', 'doctor-1');
const otherDoctor = actor('doctor', 'doctor-2');
const operator = actor('operator');
const admin = actor('admin');

const appointment = (changes: Partial<AppointmentState> = {}): AppointmentState => ({
  doctorId: 'doctor-1',
  patientId: 'patient-1',
  status: 'scheduled',
  startsAt: at(3 * HOUR),
  endsAt: at(3 * HOUR + 50 * MINUTE),
  paymentType: 'Patient',
  paymentStatus: 'paid',
  price: 100_000,
  holdExpiresAt: null,
  ...changes,
});

const codeOf = (work: () => unknown): string | undefined => {
  try {
    work();
    return undefined;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
};

describe('who sees an appointment', () => {
  test('its patient, its doctor and staff; another patient or doctor does not', () => {
    const a = appointment();
    expect([patient, doctor, operator, admin].map((who) => canSee(who, a))).toEqual([true, true, true, true]);
    expect([otherPatient, otherDoctor].map((who) => canSee(who, a))).toEqual([false, false]);
  });

  test('reads by doctors and staff are audited, a patient’s own are not', () => {
    expect([patient, doctor, operator, admin].map(isAuditedReader)).toEqual([false, true, true, true]);
  });
});

describe('booking requests and payment terms', () => {
  const body = { appointment_doctorId: 'doctor-1', appointment_patientId: 'patient-1', appointment_date: '2027-01-12T10:00:00Z' };

  test('both ids are required; a patient books only for itself; staff choose only Other or None', () => {
    expect(codeOf(() => assertBookingRequest(patient, { ...body, appointment_patientId: undefined }))).toBe('VALIDATION_FAILED');
    expect(codeOf(() => assertBookingRequest(otherPatient, body))).toBe('FORBIDDEN');
    expect(codeOf(() => assertBookingRequest(operator, { ...body, appointment_paymentType: 'ADRA' }))).toBe('VALIDATION_FAILED');
    expect(codeOf(() => assertBookingRequest(operator, { ...body, appointment_paymentType: 'Other' }))).toBeUndefined();
    expect(codeOf(() => assertBookingRequest(patient, body))).toBeUndefined();
  });

  test('staff may invoice (Other, at the price) or waive (None); a patient’s choice is ignored', () => {
    expect(staffChosenTerms(operator, 'Other', 90_000)).toMatchObject({ paymentType: 'Other', price: 90_000, holdExpiresAt: null });
    expect(staffChosenTerms(admin, 'None', 90_000)).toMatchObject({ paymentType: 'None', price: 0 });
    expect(staffChosenTerms(patient, 'None', 90_000)).toBeUndefined();
    expect(staffChosenTerms(operator, undefined, 90_000)).toBeUndefined();
  });

  test('a price of 0 is free; otherwise the patient pays and the time is held', () => {
    expect(termsForPrice(0, at(15 * MINUTE))).toEqual({
      paymentType: 'None',
      paymentStatus: 'not_required',
      price: 0,
      holdExpiresAt: null,
    });
    expect(termsForPrice(80_000, at(15 * MINUTE))).toEqual({
      paymentType: 'Patient',
      paymentStatus: 'pending',
      price: 80_000,
      holdExpiresAt: at(15 * MINUTE),
    });
  });

  test('the hold: 15 minutes when the patient books; a day when staff book, until an hour before the start, at least 15 minutes', () => {
    const inDays = (days: number) => at(days * 24 * 60 * MINUTE);
    expect(holdOfNewBooking(patient, inDays(3), NOW)).toEqual(at(15 * MINUTE));
    expect(holdOfNewBooking(operator, inDays(3), NOW)).toEqual(inDays(1));
    expect(holdOfNewBooking(operator, at(5 * 60 * MINUTE), NOW)).toEqual(at(4 * 60 * MINUTE));
    expect(holdOfNewBooking(operator, at(30 * MINUTE), NOW)).toEqual(at(15 * MINUTE));
  });

  test('moving to another doctor: a paid one only at the same price; an unpaid one takes the new price', () => {
    expect(codeOf(() => termsAfterDoctorChange(patient, appointment(), 120_000, NOW))).toBe('VALIDATION_FAILED');
    expect(termsAfterDoctorChange(patient, appointment(), 100_000, NOW).price).toBe(100_000);
    expect(termsAfterDoctorChange(patient, appointment({ paymentStatus: 'pending' }), 120_000, NOW).price).toBe(120_000);
    expect(termsAfterDoctorChange(patient, appointment({ paymentType: 'ADRA', price: 0 }), 120_000, NOW).price).toBe(0);
    expect(termsAfterDoctorChange(operator, appointment({ paymentType: 'Other' }), 120_000, NOW).price).toBe(120_000);
  });

  test('a patient moving a free (None) booking to a paid doctor pays, with a new hold; staff moving it do not', () => {
    const free = appointment({ paymentType: 'None', paymentStatus: 'not_required', price: 0 });
    expect(termsAfterDoctorChange(patient, free, 50_000, NOW)).toMatchObject({ paymentType: 'Patient', holdExpiresAt: at(15 * MINUTE) });
    expect(termsAfterDoctorChange(operator, free, 50_000, NOW)).toMatchObject({ paymentType: 'None', price: 0 });
  });
});

describe('the 2-hour rule and other changes', () => {
  test('a patient changes until 2 hours before the start, staff at any time', () => {
    expect(codeOf(() => assertPatientInTime(patient, appointment({ startsAt: at(2 * HOUR) }), NOW))).toBeUndefined();
    expect(codeOf(() => assertPatientInTime(patient, appointment({ startsAt: at(2 * HOUR - 1) }), NOW))).toBe(
      'APPOINTMENT_CHANGE_TOO_LATE',
    );
    expect(codeOf(() => assertPatientInTime(operator, appointment({ startsAt: at(MINUTE) }), NOW))).toBeUndefined();
  });

  test('a consultation under way is not moved, by anyone', () => {
    expect(codeOf(() => assertMovable(patient, appointment({ status: 'running' }), NOW))).toBe('APPOINTMENT_CHANGE_TOO_LATE');
    expect(codeOf(() => assertMovable(admin, appointment({ status: 'running' }), NOW))).toBe('APPOINTMENT_CHANGE_TOO_LATE');
  });

  test('completed and cancelled appointments do not change', () => {
    expect(codeOf(() => assertOpen(appointment({ status: 'completed' })))).toBe('APPOINTMENT_CLOSED');
    expect(codeOf(() => assertOpen(appointment({ status: 'canceled' })))).toBe('APPOINTMENT_CLOSED');
    expect(codeOf(() => assertOpen(appointment({ status: 'running' })))).toBeUndefined();
  });

  test('a status change comes alone; a note only with completion', () => {
    expect(codeOf(() => assertModifyRequest({ appointment_status: 'canceled', appointment_reason: 'x' }))).toBe('VALIDATION_FAILED');
    expect(codeOf(() => assertModifyRequest({ appointment_note: 'x' }))).toBe('VALIDATION_FAILED');
    expect(codeOf(() => assertModifyRequest({ appointment_status: 'completed', appointment_note: 'x' }))).toBeUndefined();
  });

  test('a doctor cancels or completes but does not move; only its doctor or an admin completes, once started', () => {
    expect(codeOf(() => assertMayMove(doctor))).toBe('FORBIDDEN');
    expect(codeOf(() => assertMayMove(patient))).toBeUndefined();
    expect(codeOf(() => assertMayComplete(otherDoctor, appointment()))).toBe('FORBIDDEN');
    expect(codeOf(() => assertMayComplete(operator, appointment()))).toBe('FORBIDDEN');
    expect(codeOf(() => assertMayComplete(admin, appointment()))).toBeUndefined();
    expect(codeOf(() => assertStarted(appointment(), NOW))).toBe('MEETING_NOT_OPEN');
    expect(codeOf(() => assertStarted(appointment({ startsAt: NOW }), NOW))).toBeUndefined();
  });

  test('who cancelled is recorded by role', () => {
    expect((['patient', 'doctor', 'operator', 'admin'] as const).map(cancelledByRole)).toEqual(['patient', 'doctor', 'operator', 'admin']);
  });
});

describe('refunds', () => {
  test('anyone but the patient: a paid appointment is refunded; the patient: only more than 24 hours ahead', () => {
    const soon = appointment({ startsAt: at(24 * HOUR) });
    const later = appointment({ startsAt: at(24 * HOUR + 1) });
    expect(refundsOnCancel(soon, 'doctor', NOW)).toBe(true);
    expect(refundsOnCancel(soon, 'operator', NOW)).toBe(true);
    expect(refundsOnCancel(soon, 'patient', NOW)).toBe(false);
    expect(refundsOnCancel(soon, 'account-removed', NOW)).toBe(false);
    expect(refundsOnCancel(later, 'patient', NOW)).toBe(true);
  });

  test('nothing is refunded that was not paid', () => {
    expect(refundsOnCancel(appointment({ paymentStatus: 'pending' }), 'admin', NOW)).toBe(false);
  });
});

describe('the meeting', () => {
  test('only its patient and its doctor join', () => {
    expect(codeOf(() => assertMayJoin(patient, appointment()))).toBeUndefined();
    expect(codeOf(() => assertMayJoin(doctor, appointment()))).toBeUndefined();
    expect(codeOf(() => assertMayJoin(admin, appointment()))).toBe('FORBIDDEN');
    expect(codeOf(() => assertMayJoin(otherPatient, appointment()))).toBe('FORBIDDEN');
  });

  test('open from 10 minutes before the start until the end, once paid', () => {
    const a = appointment({ startsAt: at(10 * MINUTE), endsAt: at(60 * MINUTE) });
    expect(codeOf(() => assertMeetingOpen(a, at(-1)))).toBe('MEETING_NOT_OPEN');
    expect(codeOf(() => assertMeetingOpen(a, NOW))).toBeUndefined();
    expect(codeOf(() => assertMeetingOpen(a, at(60 * MINUTE)))).toBe('MEETING_NOT_OPEN');
    expect(codeOf(() => assertMeetingOpen({ ...a, paymentStatus: 'pending' }, NOW))).toBe('MEETING_NOT_OPEN');
    expect(codeOf(() => assertMeetingOpen({ ...a, paymentType: 'ADRA', paymentStatus: 'not_required' }, NOW))).toBeUndefined();
  });
});

describe('timed work', () => {
  test('a hold runs out only for an unpaid, scheduled Patient booking past its time', () => {
    const held = appointment({ paymentStatus: 'pending', holdExpiresAt: NOW });
    expect(holdHasRunOut(held, NOW)).toBe(true);
    expect(holdHasRunOut(held, at(-1))).toBe(false);
    expect(holdHasRunOut({ ...held, paymentStatus: 'paid' }, NOW)).toBe(false);
    expect(holdHasRunOut({ ...held, status: 'canceled' }, NOW)).toBe(false);
  });

  test('a reminder goes for the start it was planned for, and not for an unpaid Patient booking', () => {
    const a = appointment();
    expect(remindsOf(a, a.startsAt.toISOString())).toBe(true);
    expect(remindsOf(a, at(HOUR).toISOString())).toBe(false);
    expect(remindsOf({ ...a, paymentStatus: 'pending' }, a.startsAt.toISOString())).toBe(false);
    expect(remindsOf({ ...a, status: 'canceled' }, a.startsAt.toISOString())).toBe(false);
  });

  test('an appointment nobody completed closes 2 hours after its end', () => {
    expect(closesAt(appointment())).toEqual(at(3 * HOUR + 50 * MINUTE + 2 * HOUR));
  });
});
