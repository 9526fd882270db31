import type { Appointment } from '@rozmova/contracts';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  agendaRange,
  agendaStatus,
  dayHeading,
  dayTitle,
  groupByDay,
  hoursText,
  stepDay,
  timeRangeText,
  viewDays,
  weekStart,
  weekTitle,
  workingHoursOn,
  zoneDayStart,
} from './agenda.ts';

type Slim = Pick<Appointment, 'id' | 'appointment_status' | 'appointment_date' | 'appointment_endDate'>;
const consultation = (id: string, start: string, minutes = 50, status: Appointment['appointment_status'] = 'scheduled'): Slim => ({
  id,
  appointment_status: status,
  appointment_date: start,
  appointment_endDate: new Date(Date.parse(start) + minutes * 60_000).toISOString(),
});
const KYIV = 'Europe/Kyiv';
const ids = (days: ReturnType<typeof groupByDay<Slim>>) =>
  Object.fromEntries(days.map(({ day, entries }) => [day, entries.map((entry) => entry.appointment.id)]));

describe('weeks start on Monday', () => {
  it('finds the Monday of any day, across months and years', () => {
    expect(weekStart('2025-10-27')).toBe('2025-10-27');
    expect(weekStart('2025-11-02')).toBe('2025-10-27');
    expect(weekStart('2025-10-29')).toBe('2025-10-27');
    expect(weekStart('2026-01-01')).toBe('2025-12-29');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-01-01', -1)).toBe('2024-12-31');
  });

  it('shows a day, or the seven days of its week from Monday to Sunday, and steps by a day or a week', () => {
    expect(viewDays('day', '2025-11-02')).toEqual(['2025-11-02']);
    expect(viewDays('week', '2025-11-02')).toEqual([
      '2025-10-27',
      '2025-10-28',
      '2025-10-29',
      '2025-10-30',
      '2025-10-31',
      '2025-11-01',
      '2025-11-02',
    ]);
    expect(stepDay('day', '2025-10-31', 1)).toBe('2025-11-01');
    expect(stepDay('week', '2025-10-29', -1)).toBe('2025-10-22');
  });
});

describe('days in the doctor zone across clock changes', () => {
  it('late October in Kyiv: the Sunday the clocks go back lasts 25 hours', () => {
    expect(zoneDayStart('2025-10-26', KYIV).toISOString()).toBe('2025-10-25T21:00:00.000Z');
    expect(zoneDayStart('2025-10-27', KYIV).toISOString()).toBe('2025-10-26T22:00:00.000Z');
  });

  it('late March in Kyiv: the Sunday the clocks go forward lasts 23 hours', () => {
    expect(zoneDayStart('2025-03-30', KYIV).toISOString()).toBe('2025-03-29T22:00:00.000Z');
    expect(zoneDayStart('2025-03-31', KYIV).toISOString()).toBe('2025-03-30T21:00:00.000Z');
  });

  it('a zone whose clocks skip midnight starts that day when they resume', () => {
    expect(zoneDayStart('2024-09-08', 'America/Santiago').toISOString()).toBe('2024-09-08T04:00:00.000Z');
  });

  it('places consultations by the Kyiv calendar on the day the clocks go back, the repeated hour included', () => {
    const days = groupByDay(
      [
        consultation('saturday-late', '2025-10-25T20:00:00Z'), // Sat 23:00–23:50 EEST
        consultation('repeated-hour', '2025-10-26T01:30:00Z'), // Sun 03:30 EET, the second 03:30 of the night
        consultation('first-0330', '2025-10-26T00:30:00Z'), // Sun 03:30 EEST
        consultation('sunday-evening', '2025-10-26T21:00:00Z', 50), // Sun 23:00 EET
      ],
      viewDays('week', '2025-10-26'),
      KYIV,
    );
    expect(ids(days)['2025-10-25']).toEqual(['saturday-late']);
    expect(ids(days)['2025-10-26']).toEqual(['first-0330', 'repeated-hour', 'sunday-evening']);
  });

  it('places consultations by the Kyiv calendar on the day the clocks go forward', () => {
    const days = groupByDay(
      [consultation('before', '2025-03-30T00:30:00Z'), consultation('after', '2025-03-30T21:10:00Z')],
      ['2025-03-30', '2025-03-31'],
      KYIV,
    );
    expect(ids(days)).toEqual({ '2025-03-30': ['before'], '2025-03-31': ['after'] });
  });
});

describe('grouping by day', () => {
  it('shows a consultation that crosses midnight on both days, marked, also across the week boundary', () => {
    const crossing = consultation('crossing', '2025-10-26T21:30:00Z'); // Sun 26 Oct 23:30–00:20 Mon, Kyiv
    const sunday = groupByDay([crossing], viewDays('week', '2025-10-26'), KYIV).at(-1)!;
    expect(sunday.entries).toEqual([{ appointment: crossing, startsBefore: false, endsAfter: true }]);
    const monday = groupByDay([crossing], viewDays('week', '2025-10-27'), KYIV)[0]!;
    expect(monday.entries).toEqual([{ appointment: crossing, startsBefore: true, endsAfter: false }]);
    // The next week's request starts early enough to bring it.
    const range = agendaRange('2025-10-29', KYIV);
    expect(Date.parse(range.from)).toBeLessThanOrEqual(Date.parse(crossing.appointment_date));
    expect(range.to).toBe('2025-11-02T22:00:00.000Z');
  });

  it('sorts each day by start and leaves cancelled consultations out; a day without any is empty', () => {
    const days = groupByDay(
      [
        consultation('late', '2025-10-28T15:00:00Z'),
        consultation('cancelled', '2025-10-28T09:00:00Z', 50, 'canceled'),
        consultation('early', '2025-10-28T07:00:00Z', 50, 'completed'),
      ],
      ['2025-10-28', '2025-10-29'],
      KYIV,
    );
    expect(ids(days)).toEqual({ '2025-10-28': ['early', 'late'], '2025-10-29': [] });
  });

  it('asks for whole weeks in the doctor zone, also the week the clocks go forward', () => {
    expect(agendaRange('2025-03-30', KYIV)).toEqual({ from: '2025-03-23T19:00:00.000Z', to: '2025-03-30T21:00:00.000Z' });
    expect(agendaRange('2025-03-24', KYIV)).toEqual(agendaRange('2025-03-30', KYIV));
  });
});

describe('what the agenda shows beside each consultation', () => {
  it('says scheduled, awaiting payment, in progress or completed', () => {
    const of = (status: Appointment['appointment_status'], payment: Appointment['appointment_paymentStatus']) =>
      agendaStatus({ appointment_status: status, appointment_paymentStatus: payment });
    expect(of('scheduled', 'not_required')).toBe('scheduled');
    expect(of('scheduled', 'paid')).toBe('scheduled');
    expect(of('scheduled', 'pending')).toBe('awaitingPayment');
    expect(of('scheduled', 'failed')).toBe('awaitingPayment');
    expect(of('running', 'paid')).toBe('running');
    expect(of('completed', 'paid')).toBe('completed');
  });

  it('gives the working hours of a day: weekly ones unless a day off, plus that date, merged', () => {
    const doctor = {
      weekly_hours: [
        { weekday: 1, start: '14:00', end: '18:00' },
        { weekday: 1, start: '09:00', end: '13:00' },
        { weekday: 2, start: '09:00', end: '17:00' },
      ],
      days_off: ['2025-11-04'],
      extra_hours: [
        { date: '2025-11-03', start: '12:00', end: '15:00' },
        { date: '2025-11-04', start: '10:00', end: '12:00' },
      ],
    };
    expect(workingHoursOn(doctor, '2025-11-03')).toEqual([{ start: '09:00', end: '18:00' }]);
    expect(workingHoursOn(doctor, '2025-11-10')).toEqual([
      { start: '09:00', end: '13:00' },
      { start: '14:00', end: '18:00' },
    ]);
    expect(workingHoursOn(doctor, '2025-11-04')).toEqual([{ start: '10:00', end: '12:00' }]);
    expect(workingHoursOn(doctor, '2025-11-05')).toEqual([]);
  });
});

describe('texts in the interface language', () => {
  it('names the day and the week from Monday to Sunday in English and Ukrainian alike', () => {
    expect(dayTitle('2025-10-27', 'en')).toBe('Monday, 27 October 2025');
    expect(dayTitle('2025-10-27', 'uk')).toMatch(/^Понеділок, 27 жовтня 2025\sр\.$/);
    expect(weekTitle('2025-11-02', 'en')).toMatch(/^27 October\s–\s2 November 2025$/);
    expect(weekTitle('2025-11-02', 'uk')).toMatch(/^27 жовтня\s–\s2 листопада 2025\sр\.$/);
    expect(dayHeading('2025-10-27', 'en')).toBe('Mon 27 Oct');
    expect(dayHeading('2025-10-27', 'uk')).toMatch(/^Пн, 27 жовт/);
  });

  it('writes times in the doctor zone, across the night the clocks go back', () => {
    const crossing = consultation('crossing', '2025-10-26T00:30:00Z', 60); // 03:30 EEST, then 03:30 again in EET
    expect(timeRangeText(crossing, KYIV)).toBe('03:30–03:30');
    expect(timeRangeText(consultation('late', '2025-10-26T21:30:00Z'), KYIV)).toBe('23:30–00:20');
    expect(
      hoursText([
        { start: '09:00', end: '13:00' },
        { start: '14:00', end: '24:00' },
      ]),
    ).toBe('09:00–13:00, 14:00–24:00');
  });
});
