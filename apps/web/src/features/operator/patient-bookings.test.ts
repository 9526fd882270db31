import type { Appointment } from '@rozmova/contracts';
import { describe, expect, test } from 'vitest';
import { lastConsultation, minuteInputValue, paymentTypeOf, splitAppointments, urgentStart } from './patient-bookings.ts';

const appointment = (id: string, date: string, status: Appointment['appointment_status']) =>
  ({ id, appointment_date: date, appointment_status: status }) as Appointment;

describe('a patient’s appointments for the operator', () => {
  const list = [
    appointment('done', '2027-01-10T10:00:00+02:00', 'completed'),
    appointment('later', '2027-01-20T10:00:00+02:00', 'scheduled'),
    appointment('now', '2027-01-15T09:00:00+02:00', 'running'),
    appointment('cancelled', '2027-01-12T10:00:00+02:00', 'canceled'),
  ];

  test('upcoming are the pending ones soonest first, past the others newest first', () => {
    const { upcoming, past } = splitAppointments(list);
    expect(upcoming.map((item) => item.id)).toEqual(['now', 'later']);
    expect(past.map((item) => item.id)).toEqual(['cancelled', 'done']);
  });

  test('the last consultation is the one with the latest start; none without appointments', () => {
    expect(lastConsultation(list)?.id).toBe('later');
    expect(lastConsultation([])).toBeUndefined();
    expect(lastConsultation(undefined)).toBeUndefined();
  });
});

describe('the urgent start', () => {
  test('a datetime-local value goes out as the same instant in UTC, to the minute', () => {
    const at = new Date(2027, 0, 15, 9, 7, 42);
    const value = minuteInputValue(at);
    expect(value).toMatch(/^2027-01-15T09:07$/);
    expect(urgentStart(value)).toBe(new Date(2027, 0, 15, 9, 7).toISOString().replace('.000Z', 'Z'));
  });

  test('anything but a whole minute is refused', () => {
    expect(urgentStart('')).toBeUndefined();
    expect(urgentStart('2027-01-15T09:07:30')).toBeUndefined();
    expect(urgentStart('2027-13-45T09:07')).toBeUndefined();
  });

  test('the usual payment rules send no payment type', () => {
    expect(paymentTypeOf('usual')).toBeUndefined();
    expect(paymentTypeOf('Other')).toBe('Other');
  });
});
