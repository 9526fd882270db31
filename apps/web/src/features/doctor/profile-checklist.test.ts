import type { Doctor } from '@rozmova/contracts';
import { describe, expect, it } from 'vitest';
import { checklistOf, isListed } from './profile-checklist.ts';

/** A doctor as an approval leaves it: the application's profile, published, without hours, a price or a photo. */
const approved: Doctor = {
  id: 'd1',
  user_name: 'Марія Коваленко',
  doctor_name_en: 'Mariia Kovalenko',
  photo_url: null,
  specialisations: ['psychologist'],
  bio: { uk: 'Про мене', en: 'About me' },
  languages: ['uk', 'en'],
  experience_years: 7,
  price: null,
  consultation_minutes: 50,
  buffer_minutes: 10,
  min_notice_minutes: 120,
  horizon_days: 60,
  time_zone: 'Europe/Kyiv',
  weekly_hours: [],
  days_off: [],
  extra_hours: [],
  rating: null,
  rating_count: 0,
  published: true,
  missing: ['hours', 'price'],
};

const states = (doctor: Doctor) => Object.fromEntries(checklistOf(doctor).map((item) => [item.key, item.done]));

describe('the profile checklist', () => {
  it('a newly approved doctor still needs hours and a price, and is not shown to patients', () => {
    expect(states(approved)).toEqual({ specialisations: true, hours: false, price: false, published: true, photo: false, bio: true });
    expect(isListed(checklistOf(approved))).toBe(false);
  });

  it('hours and a price show the profile; a photo is recommended, not required', () => {
    const ready = { ...approved, missing: [], price: 0, weekly_hours: [{ weekday: 1, start: '09:00', end: '17:00' }] };
    expect(isListed(checklistOf(ready))).toBe(true);
    expect(checklistOf(ready).find((item) => item.key === 'photo')).toMatchObject({ required: false, done: false });
  });

  it('an unpublished profile is not shown even when complete', () => {
    expect(isListed(checklistOf({ ...approved, missing: [], published: false }))).toBe(false);
  });

  it('a bio in one language only is not done', () => {
    expect(states({ ...approved, bio: { uk: 'Про мене', en: ' ' } }).bio).toBe(false);
  });

  it('each item links to its own field', () => {
    const targets = checklistOf(approved).map((item) => item.target);
    expect(new Set(targets).size).toBe(targets.length);
  });
});
