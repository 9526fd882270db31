import type { Doctor } from '@rozmova/contracts';
import { describe, expect, it } from 'vitest';
import { toFormValues, toUpdateBody, validateSchedule, type ScheduleFormValues } from './schedule-form.ts';

const doctor: Doctor = {
  id: 'd1',
  user_name: 'Оксана Коваленко',
  doctor_name_en: 'Oksana Kovalenko',
  photo_url: null,
  specialisations: ['psychologist'],
  bio: { uk: 'Про мене', en: 'About me' },
  languages: ['uk', 'en'],
  experience_years: 7,
  price: 125_050,
  consultation_minutes: 50,
  buffer_minutes: 10,
  min_notice_minutes: 120,
  horizon_days: 60,
  time_zone: 'Europe/Kyiv',
  weekly_hours: [
    { weekday: 1, start: '09:00', end: '13:00' },
    { weekday: 1, start: '14:00', end: '18:00' },
  ],
  days_off: ['2025-12-25'],
  extra_hours: [{ date: '2025-12-27', start: '10:00', end: '12:00' }],
  rating: null,
  rating_count: 0,
  published: true,
  missing: [],
};

let keys = 0;
const newKey = () => `k${keys++}`;
const values = (patch: Partial<ScheduleFormValues> = {}): ScheduleFormValues => ({ ...toFormValues(doctor, newKey), ...patch });

describe('toFormValues and toUpdateBody', () => {
  it('edits the price in hryvnias and sends kopiyky, the photo as null when empty', () => {
    const form = values();
    expect(form.price).toBe(1250.5);
    expect(form.photo_url).toBe('');
    const body = toUpdateBody({ ...form, price: 99.99 });
    expect(body.price).toBe(9999);
    expect(body.photo_url).toBeNull();
    expect([form.published, toUpdateBody({ ...form, published: false }).published]).toEqual([true, false]);
    expect(toUpdateBody({ ...form, price: '300', photo_url: ' https://example.com/me.jpg ' })).toMatchObject({
      price: 30_000,
      photo_url: 'https://example.com/me.jpg',
    });
  });

  it('sends the intervals without their React keys, in weekday and time order, and each day off once', () => {
    const form = values({
      weekly_hours: [
        { key: 'a', weekday: 3, start: '10:00', end: '11:00' },
        { key: 'b', weekday: 1, start: '14:00', end: '18:00' },
        { key: 'c', weekday: 1, start: '09:00', end: '13:00' },
      ],
      days_off: ['2025-12-31', '2025-12-25', '2025-12-31'],
    });
    const body = toUpdateBody(form);
    expect(body.weekly_hours).toEqual([
      { weekday: 1, start: '09:00', end: '13:00' },
      { weekday: 1, start: '14:00', end: '18:00' },
      { weekday: 3, start: '10:00', end: '11:00' },
    ]);
    expect(body.days_off).toEqual(['2025-12-25', '2025-12-31']);
    expect(body.extra_hours).toEqual([{ date: '2025-12-27', start: '10:00', end: '12:00' }]);
    expect(body.bio).toEqual({ uk: 'Про мене', en: 'About me' });
    expect(body.name_en).toBe('Oksana Kovalenko');
    expect(toUpdateBody({ ...form, name_en: '  ' }).name_en).toBe('');
  });

  it('round-trips a doctor unchanged', () => {
    const body = toUpdateBody(values());
    expect(body).toMatchObject({
      weekly_hours: doctor.weekly_hours,
      days_off: doctor.days_off,
      extra_hours: doctor.extra_hours,
      consultation_minutes: 50,
      buffer_minutes: 10,
      min_notice_minutes: 120,
      horizon_days: 60,
      time_zone: 'Europe/Kyiv',
      specialisations: ['psychologist'],
      languages: ['uk', 'en'],
      experience_years: 7,
      price: 125_050,
    });
  });
});

describe('validateSchedule', () => {
  it('accepts a valid schedule, touching intervals and an end of 24:00', () => {
    expect(validateSchedule(values())).toEqual({});
    expect(
      validateSchedule(
        values({
          weekly_hours: [
            { key: 'a', weekday: 2, start: '09:00', end: '13:00' },
            { key: 'b', weekday: 2, start: '13:00', end: '24:00' },
          ],
        }),
      ),
    ).toEqual({});
  });

  it('names the time that is not HH:mm, an end not after its start, and overlapping intervals of one day', () => {
    const problems = validateSchedule(
      values({
        weekly_hours: [
          { key: 'a', weekday: 1, start: '9:00', end: '12:00' },
          { key: 'b', weekday: 1, start: '12:00', end: '11:00' },
          { key: 'c', weekday: 2, start: '09:00', end: '12:00' },
          { key: 'd', weekday: 2, start: '11:00', end: '13:00' },
          { key: 'e', weekday: 3, start: '11:00', end: '13:00' },
          { key: 'f', weekday: 4, start: '24:00', end: '00:00' },
        ],
      }),
    );
    expect(problems).toEqual({
      'weekly_hours.0.start': 'doctor.validation.time',
      'weekly_hours.1.end': 'doctor.validation.order',
      'weekly_hours.2.start': 'doctor.validation.overlap',
      'weekly_hours.3.start': 'doctor.validation.overlap',
      'weekly_hours.5.start': 'doctor.validation.time',
      'weekly_hours.5.end': 'doctor.validation.time',
    });
  });

  it('checks extra hours by date, days off, the lists that need one entry, the numbers and the photo address', () => {
    const problems = validateSchedule(
      values({
        extra_hours: [
          { key: 'a', date: '2025-12-27', start: '10:00', end: '12:00' },
          { key: 'b', date: '2025-12-27', start: '11:00', end: '13:00' },
          { key: 'c', date: '2025-12-28', start: '11:00', end: '13:00' },
          { key: 'd', date: '', start: '11:00', end: '13:00' },
        ],
        days_off: ['2025-12-25', ''],
        specialisations: [],
        languages: [],
        consultation_minutes: 10,
        buffer_minutes: '',
        horizon_days: 1.5,
        price: -1,
        photo_url: 'ftp://example.com/me.jpg',
      }),
    );
    expect(problems).toEqual({
      'extra_hours.0.start': 'doctor.validation.overlap',
      'extra_hours.1.start': 'doctor.validation.overlap',
      'extra_hours.3.date': 'doctor.validation.date',
      'days_off.1': 'doctor.validation.date',
      specialisations: 'doctor.validation.specialisations',
      languages: 'doctor.validation.languages',
      consultation_minutes: 'doctor.validation.range',
      buffer_minutes: 'doctor.validation.range',
      horizon_days: 'doctor.validation.range',
      price: 'doctor.validation.range',
      photo_url: 'doctor.validation.url',
    });
  });
});

describe('a profile without a price', () => {
  it('is saved without one: the hours come first, the price later (not sent while empty)', () => {
    const form = values({ price: '' });
    expect(validateSchedule(form)).toEqual({});
    expect(toUpdateBody(form).price).toBeUndefined();
    expect(validateSchedule(values({ price: ' ' }))).toEqual({});
  });
});
