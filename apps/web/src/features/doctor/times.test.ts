import type { Appointment } from '@rozmova/contracts';
import { describe, expect, it } from 'vitest';
import {
  calendarDateText,
  canCancel,
  canComplete,
  canJoin,
  groupAppointments,
  nextChange,
  rangeText,
  weekdayName,
  zoneDateKey,
} from './times.ts';

type Slim = Pick<Appointment, 'id' | 'appointment_status' | 'appointment_date' | 'appointment_endDate'>;
const appointment = (id: string, date: string, status: Appointment['appointment_status'] = 'scheduled'): Slim => ({
  id,
  appointment_status: status,
  appointment_date: date,
  appointment_endDate: new Date(Date.parse(date) + 50 * 60_000).toISOString(),
});

describe('dates in a time zone', () => {
  it('gives the calendar day of an instant in the zone', () => {
    expect(zoneDateKey(new Date('2025-10-07T21:30:00Z'), 'Europe/Kyiv')).toBe('2025-10-08');
    expect(zoneDateKey(new Date('2025-10-07T21:30:00Z'), 'UTC')).toBe('2025-10-07');
  });

  it('writes a range in the doctor zone and in another one', () => {
    const start = '2025-10-07T14:00:00+03:00';
    const end = '2025-10-07T14:50:00+03:00';
    expect(rangeText(start, end, 'en', 'Europe/Kyiv')).toBe('Tue 7 October, 14:00–14:50');
    expect(rangeText(start, end, 'en', 'Europe/Warsaw')).toBe('Tue 7 October, 13:00–13:50');
    expect(rangeText(start, end, 'uk', 'Europe/Kyiv')).toMatch(/^вт.* 7 жовтня, 14:00–14:50$/);
  });

  it('names weekdays from Monday (1) to Sunday (7) and calendar days', () => {
    expect([1, 2, 7].map((day) => weekdayName(day, 'en'))).toEqual(['Monday', 'Tuesday', 'Sunday']);
    expect(weekdayName(1, 'uk')).toBe('Понеділок');
    expect(calendarDateText('2025-12-25', 'en')).toBe('25 December 2025');
  });
});

describe('what the doctor may do', () => {
  const start = '2025-10-07T14:00:00+03:00';
  it('joins from 10 minutes before the start until the end, and a running meeting at any time', () => {
    const scheduled = appointment('a', start);
    expect(canJoin(scheduled, new Date('2025-10-07T13:49:59+03:00'))).toBe(false);
    expect(canJoin(scheduled, new Date('2025-10-07T13:50:00+03:00'))).toBe(true);
    expect(canJoin(scheduled, new Date('2025-10-07T14:50:00+03:00'))).toBe(false);
    expect(canJoin(appointment('b', start, 'running'), new Date('2025-10-07T16:00:00+03:00'))).toBe(true);
    expect(canJoin(appointment('c', start, 'canceled'), new Date('2025-10-07T14:00:00+03:00'))).toBe(false);
  });

  it('completes an open consultation once its start time is reached, and cancels only a scheduled one', () => {
    const before = new Date('2025-10-07T13:59:59+03:00');
    const after = new Date('2025-10-07T14:00:00+03:00');
    expect(canComplete({ appointment_status: 'running', appointment_date: start }, before)).toBe(false);
    expect(canComplete({ appointment_status: 'running', appointment_date: start }, after)).toBe(true);
    expect(canComplete({ appointment_status: 'scheduled', appointment_date: start }, after)).toBe(true);
    expect(canComplete({ appointment_status: 'completed', appointment_date: start }, after)).toBe(false);
    expect(canComplete({ appointment_status: 'canceled', appointment_date: start }, after)).toBe(false);
    expect(canCancel({ appointment_status: 'scheduled' })).toBe(true);
    expect(canCancel({ appointment_status: 'completed' })).toBe(false);
  });
});

describe('nextChange', () => {
  it('is the nearest of join opening, start and end of the open appointments', () => {
    const list = [appointment('a', '2025-10-07T14:00:00+03:00'), appointment('b', '2025-10-07T12:00:00+03:00', 'canceled')];
    expect(nextChange(list, new Date('2025-10-07T13:00:00+03:00'))?.toISOString()).toBe('2025-10-07T10:50:00.000Z');
    expect(nextChange(list, new Date('2025-10-07T13:55:00+03:00'))?.toISOString()).toBe('2025-10-07T11:00:00.000Z');
    expect(nextChange(list, new Date('2025-10-07T14:10:00+03:00'))?.toISOString()).toBe('2025-10-07T11:50:00.000Z');
    expect(nextChange(list, new Date('2025-10-07T15:00:00+03:00'))).toBeUndefined();
  });
});

describe('groupAppointments', () => {
  const now = new Date('2025-10-07T10:00:00+03:00');
  const list = [
    appointment('later', '2025-10-09T09:00:00+03:00'),
    appointment('today-late', '2025-10-07T18:00:00+03:00'),
    appointment('today-early', '2025-10-07T08:00:00+03:00', 'completed'),
    appointment('yesterday', '2025-10-06T18:00:00+03:00', 'completed'),
    appointment('still-running', '2025-10-06T23:30:00+03:00', 'running'),
    appointment('cancelled', '2025-10-08T09:00:00+03:00', 'canceled'),
    appointment('tomorrow', '2025-10-08T00:10:00+03:00'),
  ];

  it('splits today (by the doctor calendar) from later days, each by start time, without cancelled ones', () => {
    const groups = groupAppointments(list, now, 'Europe/Kyiv');
    expect(groups.today.map((item) => item.id)).toEqual(['still-running', 'today-early', 'today-late']);
    expect(groups.upcoming.map((item) => item.id)).toEqual(['tomorrow', 'later']);
  });

  it('lists cancelled ones when asked, and uses the doctor zone for the day', () => {
    expect(groupAppointments(list, now, 'Europe/Kyiv', true).upcoming.map((item) => item.id)).toEqual(['tomorrow', 'cancelled', 'later']);
    // In New York it is 03:00 on 7 October: 00:10 on 8 October in Kyiv is still 7 October there.
    const newYork = groupAppointments(list, now, 'America/New_York');
    expect(newYork.today.map((item) => item.id)).toEqual(['still-running', 'today-early', 'today-late', 'tomorrow']);
    expect(newYork.upcoming.map((item) => item.id)).toEqual(['later']);
  });
});
