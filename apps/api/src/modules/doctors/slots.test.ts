import { describe, expect, test } from 'vitest';
import { AppError } from '../../lib/app-error.ts';
import { formatInZone } from '@rozmova/contracts';
import { checkBookable, freeSlotStrings, slotRange, type SlotQuery, type SlotRules, type TimeRange } from './slots.ts';

const weekdays = [1, 2, 3, 4, 5];
const everyDay = [1, 2, 3, 4, 5, 6, 7];
const hours = (days: number[], start: string, end: string) => days.map((weekday) => ({ weekday, start, end }));

const rules = (overrides: Partial<SlotRules> = {}): SlotRules => ({
  timeZone: 'Europe/Kyiv',
  weeklyHours: hours(weekdays, '09:00', '18:00'),
  daysOff: [],
  extraHours: [],
  consultationMinutes: 50,
  bufferMinutes: 10,
  minNoticeMinutes: 120,
  horizonDays: 60,
  ...overrides,
});

// Monday 2026-06-01, Kyiv summer time (+03:00). "Now" is a week earlier unless a test says otherwise.
const MONDAY = '2026-06-01';
const EARLIER = new Date('2026-05-25T06:00:00Z');
const at = (iso: string) => new Date(iso);
const range = (start: string, end: string): TimeRange => ({ start: at(start), end: at(end) });

const slots = (r: SlotRules, query: Partial<SlotQuery> = {}) => freeSlotStrings(r, { firstDay: MONDAY, days: 1, now: EARLIER, ...query });
/** The wall-clock times of one day's slots, `HH:mm`. */
const times = (list: string[]) => list.map((slot) => slot.slice(11, 16));

describe('formatting', () => {
  test('slots are YYYY-MM-DDTHH:mm:ss±hh:mm', () => {
    const list = slots(rules());
    expect(list.length).toBeGreaterThan(0);
    for (const slot of list) expect(slot).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00[+-]\d{2}:\d{2}$/);
    // The per-day formatter of the slots writes what formatInZone writes.
    for (const slot of list) expect(formatInZone(new Date(slot), 'Europe/Kyiv')).toBe(slot);
  });
});

describe('the grid', () => {
  test('starts at the interval start and steps by consultation + buffer; the consultation ends by the interval end', () => {
    expect(slots(rules())).toEqual([9, 10, 11, 12, 13, 14, 15, 16, 17].map((h) => `${MONDAY}T${String(h).padStart(2, '0')}:00:00+03:00`));
  });

  test('the buffer may run past the interval end, the consultation may not', () => {
    expect(times(slots(rules({ weeklyHours: hours([1], '09:00', '10:50') })))).toEqual(['09:00', '10:00']);
    expect(times(slots(rules({ weeklyHours: hours([1], '09:00', '10:49') })))).toEqual(['09:00']);
    expect(times(slots(rules({ weeklyHours: hours([1], '09:00', '09:49') })))).toEqual([]);
  });

  test('consultation length and buffer set the step', () => {
    expect(times(slots(rules({ consultationMinutes: 30, bufferMinutes: 15, weeklyHours: hours([1], '09:00', '11:00') })))).toEqual([
      '09:00',
      '09:45',
      '10:30',
    ]);
    expect(times(slots(rules({ consultationMinutes: 60, bufferMinutes: 0, weeklyHours: hours([1], '09:00', '12:00') })))).toEqual([
      '09:00',
      '10:00',
      '11:00',
    ]);
  });

  test('several intervals of a day each start their own grid; overlapping ones merge', () => {
    const split = rules({ weeklyHours: [...hours([1], '09:00', '11:00'), ...hours([1], '14:30', '16:30')] });
    expect(times(slots(split))).toEqual(['09:00', '10:00', '14:30', '15:30']);
    const overlapping = rules({ weeklyHours: [...hours([1], '09:00', '11:00'), ...hours([1], '10:30', '12:00')] });
    expect(times(slots(overlapping))).toEqual(['09:00', '10:00', '11:00']);
  });

  test('24:00 ends the day', () => {
    expect(times(slots(rules({ weeklyHours: hours([1], '22:00', '24:00') })))).toEqual(['22:00', '23:00']);
  });

  test('a day without hours has no slots; weekends follow the weekly hours', () => {
    expect(slots(rules(), { firstDay: '2026-06-06', days: 2 })).toEqual([]);
    expect(times(slots(rules({ weeklyHours: hours([6], '10:00', '12:00') }), { firstDay: '2026-06-06', days: 2 }))).toEqual([
      '10:00',
      '11:00',
    ]);
  });

  test('several days come in order, each in its own date', () => {
    const list = slots(rules({ weeklyHours: hours(weekdays, '09:00', '11:00') }), { days: 7 });
    expect(list).toEqual(
      ['01', '02', '03', '04', '05'].flatMap((day) => [`2026-06-${day}T09:00:00+03:00`, `2026-06-${day}T10:00:00+03:00`]),
    );
  });
});

describe('days off and extra hours', () => {
  test('a day off removes the weekly hours', () => {
    expect(slots(rules({ daysOff: [MONDAY] }))).toEqual([]);
    expect(slots(rules({ daysOff: ['2026-06-02'] })).length).toBe(9);
  });

  test('extra hours add to a day, also to a weekend and to a day off', () => {
    const extra = rules({ weeklyHours: hours([1], '09:00', '11:00'), extraHours: [{ date: MONDAY, start: '15:00', end: '17:00' }] });
    expect(times(slots(extra))).toEqual(['09:00', '10:00', '15:00', '16:00']);
    const saturday = rules({ extraHours: [{ date: '2026-06-06', start: '10:00', end: '12:00' }] });
    expect(slots(saturday, { firstDay: '2026-06-06' })).toEqual(['2026-06-06T10:00:00+03:00', '2026-06-06T11:00:00+03:00']);
    const dayOffWithExtra = rules({ daysOff: [MONDAY], extraHours: [{ date: MONDAY, start: '13:00', end: '14:00' }] });
    expect(times(slots(dayOffWithExtra))).toEqual(['13:00']);
  });

  test('extra hours that overlap the weekly hours extend them (one grid)', () => {
    const extended = rules({ weeklyHours: hours([1], '09:00', '11:00'), extraHours: [{ date: MONDAY, start: '10:30', end: '13:00' }] });
    expect(times(slots(extended))).toEqual(['09:00', '10:00', '11:00', '12:00']);
  });
});

describe('now, minimum notice and horizon', () => {
  test('nothing in the past or inside the minimum notice', () => {
    // 08:30 Kyiv: with 2 hours' notice the first slot is 11:00 (10:30 is not on the grid).
    expect(times(slots(rules(), { now: at('2026-06-01T05:30:00Z') }))[0]).toBe('11:00');
    // Exactly at the notice is allowed.
    expect(times(slots(rules(), { now: at('2026-06-01T06:00:00Z') }))[0]).toBe('11:00');
    expect(times(slots(rules(), { now: at('2026-06-01T06:00:01Z') }))[0]).toBe('12:00');
    expect(times(slots(rules({ minNoticeMinutes: 0 }), { now: at('2026-06-01T06:00:00Z') }))[0]).toBe('09:00');
    expect(slots(rules(), { now: at('2026-06-02T00:00:00Z') })).toEqual([]);
  });

  test('nothing past the horizon', () => {
    const now = at('2026-06-01T06:00:00Z'); // 09:00 Kyiv, Monday
    const list = slots(rules({ horizonDays: 2, minNoticeMinutes: 0 }), { now, days: 5 });
    expect(list.at(0)).toBe('2026-06-01T09:00:00+03:00');
    // Up to, not including, 09:00 on Wednesday.
    expect(list.at(-1)).toBe('2026-06-02T17:00:00+03:00');
    expect(list).toHaveLength(18);
  });

  test('a start instant limits the first day', () => {
    expect(times(slots(rules(), { from: at('2026-06-01T11:00:00Z') }))).toEqual(['14:00', '15:00', '16:00', '17:00']);
  });
});

describe('busy ranges', () => {
  test("a slot whose consultation or buffer touches the doctor's appointment is not free", () => {
    const r = rules({ weeklyHours: hours([1], '09:00', '14:00') });
    // An appointment 10:00–10:50, blocked until 11:00 (Kyiv +03:00).
    expect(times(slots(r, { busy: [range('2026-06-01T07:00:00Z', '2026-06-01T08:00:00Z')] }))).toEqual([
      '09:00',
      '11:00',
      '12:00',
      '13:00',
    ]);
    // Off the grid (the rules changed after booking): 10:30–11:30 takes 10:00 and 11:00.
    expect(times(slots(r, { busy: [range('2026-06-01T07:30:00Z', '2026-06-01T08:30:00Z')] }))).toEqual(['09:00', '12:00', '13:00']);
    // Starting at 09:55, inside 09:00's buffer, it takes 09:00 too.
    expect(times(slots(r, { busy: [range('2026-06-01T06:55:00Z', '2026-06-01T07:05:00Z')] }))).toEqual(['11:00', '12:00', '13:00']);
  });

  test('ranges are half-open: touching is not overlapping', () => {
    const r = rules({ weeklyHours: hours([1], '09:00', '12:00') });
    // Ends exactly at 10:00, starts exactly at 11:00 (where 10:00's buffer ends).
    const busy = [range('2026-06-01T05:00:00Z', '2026-06-01T07:00:00Z'), range('2026-06-01T08:00:00Z', '2026-06-01T09:00:00Z')];
    expect(times(slots(r, { busy }))).toEqual(['10:00']);
  });

  test('many appointments, given in any order', () => {
    const r = rules({ minNoticeMinutes: 0 });
    const busy: TimeRange[] = [];
    for (const day of ['01', '02', '03']) {
      for (const hour of [14, 6, 10])
        busy.push(
          range(`2026-06-${day}T${String(hour).padStart(2, '0')}:00:00Z`, `2026-06-${day}T${String(hour).padStart(2, '0')}:50:00Z`),
        );
    }
    const list = slots(r, { days: 3, busy });
    expect(list).toHaveLength(3 * 6);
    expect(list.filter((slot) => /T(09|13|17):00/.test(slot))).toEqual([]);
  });

  test("the patient's own appointment (with any doctor) removes slots whose consultation overlaps it", () => {
    const r = rules({ weeklyHours: hours([1], '09:00', '13:00') });
    // The patient's 11:00–11:50 (Kyiv): 10:00 ends 10:50 and stays; the buffer is the doctor's, not the patient's.
    expect(times(slots(r, { patientBusy: [range('2026-06-01T08:00:00Z', '2026-06-01T08:50:00Z')] }))).toEqual(['09:00', '10:00', '12:00']);
    expect(times(slots(r, { patientBusy: [range('2026-06-01T07:40:00Z', '2026-06-01T08:10:00Z')] }))).toEqual(['09:00', '12:00']);
  });
});

describe('startHour and endHour', () => {
  test('a slot starts at or after startHour and its consultation ends by endHour', () => {
    expect(times(slots(rules(), { startHour: 12, endHour: 15 }))).toEqual(['12:00', '13:00', '14:00']);
    expect(times(slots(rules({ consultationMinutes: 70, bufferMinutes: 0 }), { startHour: 10, endHour: 13 }))).toEqual(['10:10', '11:20']);
    expect(times(slots(rules(), { startHour: 0, endHour: 9 }))).toEqual([]);
    expect(times(slots(rules(), { startHour: 17, endHour: 24 }))).toEqual(['17:00']);
  });
});

describe('daylight saving time in Kyiv', () => {
  const night = rules({ weeklyHours: hours(everyDay, '00:00', '08:00'), minNoticeMinutes: 0, horizonDays: 365 });

  test('spring forward 2026-03-29: 03:00 does not exist, the offset changes from +02:00 to +03:00', () => {
    expect(slots(night, { firstDay: '2026-03-29', now: at('2026-03-01T00:00:00Z') })).toEqual([
      '2026-03-29T00:00:00+02:00',
      '2026-03-29T01:00:00+02:00',
      '2026-03-29T02:00:00+02:00',
      '2026-03-29T04:00:00+03:00',
      '2026-03-29T05:00:00+03:00',
      '2026-03-29T06:00:00+03:00',
      '2026-03-29T07:00:00+03:00',
    ]);
  });

  test('fall back 2026-10-25: 03:00 exists twice, the first is used', () => {
    const list = slots(night, { firstDay: '2026-10-25', now: at('2026-10-01T00:00:00Z') });
    expect(list).toEqual([
      '2026-10-25T00:00:00+03:00',
      '2026-10-25T01:00:00+03:00',
      '2026-10-25T02:00:00+03:00',
      '2026-10-25T03:00:00+03:00',
      '2026-10-25T04:00:00+02:00',
      '2026-10-25T05:00:00+02:00',
      '2026-10-25T06:00:00+02:00',
      '2026-10-25T07:00:00+02:00',
    ]);
    expect(at(list[3]!).toISOString()).toBe('2026-10-25T00:00:00.000Z');
  });

  test('day hours on both days keep their wall-clock times; the days around have the other offset', () => {
    const days = rules({ weeklyHours: hours(everyDay, '09:00', '11:00'), horizonDays: 365 });
    expect(slots(days, { firstDay: '2026-03-28', days: 2, now: at('2026-03-01T00:00:00Z') })).toEqual([
      '2026-03-28T09:00:00+02:00',
      '2026-03-28T10:00:00+02:00',
      '2026-03-29T09:00:00+03:00',
      '2026-03-29T10:00:00+03:00',
    ]);
    expect(slots(days, { firstDay: '2026-10-24', days: 2, now: at('2026-10-01T00:00:00Z') })).toEqual([
      '2026-10-24T09:00:00+03:00',
      '2026-10-24T10:00:00+03:00',
      '2026-10-25T09:00:00+02:00',
      '2026-10-25T10:00:00+02:00',
    ]);
  });

  test('an interval that starts or ends in the skipped hour', () => {
    const now = at('2026-03-01T00:00:00Z');
    // 03:30 does not exist: the grid's 03:30 is skipped, 04:30 is the first slot.
    expect(slots(rules({ weeklyHours: hours([7], '03:30', '06:00'), minNoticeMinutes: 0 }), { firstDay: '2026-03-29', now })).toEqual([
      '2026-03-29T04:30:00+03:00',
    ]);
    // Ending at 03:30 ends when the clocks jump (04:00 +03:00): 02:00–02:50 +02:00 fits.
    expect(slots(rules({ weeklyHours: hours([7], '01:00', '03:30'), minNoticeMinutes: 0 }), { firstDay: '2026-03-29', now })).toEqual([
      '2026-03-29T01:00:00+02:00',
      '2026-03-29T02:00:00+02:00',
    ]);
  });

  test('slots never overlap when the clocks skip an hour inside an interval', () => {
    // Step 80 minutes: 02:40 (+02:00) and 04:00 (+03:00) are 20 real minutes apart, so 04:00 is left out.
    const r = rules({ weeklyHours: hours([7], '00:00', '07:00'), consultationMinutes: 70, bufferMinutes: 10, minNoticeMinutes: 0 });
    const list = slots(r, { firstDay: '2026-03-29', now: at('2026-03-01T00:00:00Z') });
    expect(list).toEqual([
      '2026-03-29T00:00:00+02:00',
      '2026-03-29T01:20:00+02:00',
      '2026-03-29T02:40:00+02:00',
      '2026-03-29T05:20:00+03:00',
    ]);
    const instants = list.map((slot) => at(slot).getTime());
    for (let i = 1; i < instants.length; i++) expect(instants[i]! - instants[i - 1]!).toBeGreaterThanOrEqual(80 * 60_000);
  });

  test('an hour window inside the skipped hour starts when the clocks jump', () => {
    const r = rules({ weeklyHours: hours([7], '00:00', '08:00'), consultationMinutes: 30, bufferMinutes: 0, minNoticeMinutes: 0 });
    expect(slots(r, { firstDay: '2026-03-29', now: at('2026-03-01T00:00:00Z'), startHour: 3, endHour: 5 })).toEqual([
      '2026-03-29T04:00:00+03:00',
      '2026-03-29T04:30:00+03:00',
    ]);
  });

  test('another zone: New York springs forward on 2026-03-08', () => {
    const r = rules({ timeZone: 'America/New_York', weeklyHours: hours([7], '01:00', '04:00'), minNoticeMinutes: 0 });
    expect(slots(r, { firstDay: '2026-03-08', now: at('2026-03-01T00:00:00Z') })).toEqual([
      '2026-03-08T01:00:00-05:00',
      '2026-03-08T03:00:00-04:00',
    ]);
  });
});

describe('slotRange', () => {
  const now = at('2026-06-01T22:30:00Z'); // already 01:30 on 2 June in Kyiv
  test('no startDate: today in the zone, from now', () => {
    expect(slotRange(undefined, now, 'Europe/Kyiv')).toEqual({ firstDay: '2026-06-02', from: now });
    expect(slotRange(undefined, now, 'UTC')).toEqual({ firstDay: '2026-06-01', from: now });
  });
  test('a day: all of it', () => {
    expect(slotRange('2026-07-01', now, 'Europe/Kyiv')).toEqual({ firstDay: '2026-07-01' });
  });
  test('an instant: its day in the zone, from the instant', () => {
    expect(slotRange('2026-07-01T23:00:00-01:00', now, 'Europe/Kyiv')).toEqual({
      firstDay: '2026-07-02',
      from: at('2026-07-02T00:00:00Z'),
    });
  });
});

describe('checkBookable', () => {
  const now = EARLIER;
  const unavailable = (run: () => unknown) => {
    try {
      run();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe('APPOINTMENT_SLOT_UNAVAILABLE');
      expect((error as AppError).status).toBe(409);
      return;
    }
    throw new Error('expected APPOINTMENT_SLOT_UNAVAILABLE');
  };

  test('a grid start gives the consultation end and the buffer end', () => {
    expect(checkBookable(rules(), at('2026-06-01T09:00:00+03:00'), now)).toEqual({
      endsAt: at('2026-06-01T09:50:00+03:00'),
      blockedUntil: at('2026-06-01T10:00:00+03:00'),
    });
    expect(checkBookable(rules({ consultationMinutes: 30, bufferMinutes: 15 }), at('2026-06-01T09:45:00+03:00'), now)).toEqual({
      endsAt: at('2026-06-01T10:15:00+03:00'),
      blockedUntil: at('2026-06-01T10:30:00+03:00'),
    });
  });

  test('refuses a time off the grid, outside the hours or on a day off', () => {
    unavailable(() => checkBookable(rules(), at('2026-06-01T09:30:00+03:00'), now));
    unavailable(() => checkBookable(rules(), at('2026-06-01T09:00:01+03:00'), now));
    unavailable(() => checkBookable(rules(), at('2026-06-01T18:00:00+03:00'), now));
    unavailable(() => checkBookable(rules(), at('2026-06-06T10:00:00+03:00'), now));
    unavailable(() => checkBookable(rules({ daysOff: [MONDAY] }), at('2026-06-01T10:00:00+03:00'), now));
    unavailable(() => checkBookable(rules(), new Date(Number.NaN), now));
    // Extra hours make a day off bookable.
    expect(
      checkBookable(rules({ extraHours: [{ date: '2026-06-06', start: '10:00', end: '12:00' }] }), at('2026-06-06T11:00:00+03:00'), now)
        .endsAt,
    ).toEqual(at('2026-06-06T11:50:00+03:00'));
  });

  test('refuses the past, the minimum notice and beyond the horizon', () => {
    const monday0830 = at('2026-06-01T08:30:00+03:00');
    unavailable(() => checkBookable(rules(), at('2026-06-01T10:00:00+03:00'), monday0830));
    expect(checkBookable(rules(), at('2026-06-01T11:00:00+03:00'), monday0830).endsAt).toEqual(at('2026-06-01T11:50:00+03:00'));
    unavailable(() => checkBookable(rules(), at('2026-05-29T10:00:00+03:00'), monday0830));
    unavailable(() => checkBookable(rules({ horizonDays: 7 }), at('2026-06-08T11:00:00+03:00'), monday0830));
    expect(checkBookable(rules({ horizonDays: 7 }), at('2026-06-05T17:00:00+03:00'), monday0830).endsAt).toEqual(
      at('2026-06-05T17:50:00+03:00'),
    );
  });

  test('across daylight saving time: the first 03:00 of 25 October, never a skipped time', () => {
    const night = rules({ weeklyHours: hours(everyDay, '00:00', '08:00'), horizonDays: 365 });
    const march = at('2026-03-01T00:00:00Z');
    expect(checkBookable(night, at('2026-03-29T04:00:00+03:00'), march).endsAt).toEqual(at('2026-03-29T04:50:00+03:00'));
    // 03:00 on 29 March does not exist; 02:00 +02:00 and 04:00 +03:00 are one hour apart.
    expect(checkBookable(night, at('2026-03-29T02:00:00+02:00'), march).endsAt).toEqual(at('2026-03-29T02:50:00+02:00'));
    const october = at('2026-10-01T00:00:00Z');
    expect(checkBookable(night, at('2026-10-25T03:00:00+03:00'), october).blockedUntil).toEqual(at('2026-10-25T01:00:00Z'));
    unavailable(() => checkBookable(night, at('2026-10-25T03:00:00+02:00'), october));
  });

  test('agrees with freeSlots: every free slot is bookable', () => {
    const r = rules({ consultationMinutes: 45, bufferMinutes: 15, extraHours: [{ date: '2026-06-06', start: '08:30', end: '13:00' }] });
    const list = freeSlotStrings(r, { firstDay: MONDAY, days: 14, now });
    expect(list.length).toBeGreaterThan(50);
    for (const slot of list) expect(() => checkBookable(r, at(slot), now)).not.toThrow();
  });
});
