import type { UseFormReturnType } from '@mantine/form';
import { doctorProfileLimits, type Doctor, type Specialisation, type UpdateDoctorBody } from '@rozmova/contracts';
import { kopiykyToUah, uahToKopiyky } from '../../lib/format.ts';

/**
 * The schedule and profile editor's values. They keep the shape of `UpdateDoctorBody` (flat `weekly_hours`,
 * `days_off`, `extra_hours`, nested `bio`), so a field error the server names, e.g. `weekly_hours.3.end`, lands
 * on the same form path. The price is edited in hryvnias and sent in kopiyky.
 */
export interface IntervalValue {
  /** A React key only; not sent. */
  key: string;
  start: string;
  end: string;
}
export interface WeeklyHoursValue extends IntervalValue {
  weekday: number;
}
export interface ExtraHoursValue extends IntervalValue {
  date: string;
}

type NumberField = number | string;

export interface ScheduleFormValues {
  weekly_hours: WeeklyHoursValue[];
  days_off: string[];
  extra_hours: ExtraHoursValue[];
  consultation_minutes: NumberField;
  buffer_minutes: NumberField;
  min_notice_minutes: NumberField;
  horizon_days: NumberField;
  time_zone: string;
  specialisations: string[];
  /** The name in Latin letters for English readers; empty shows the account's name. */
  name_en: string;
  bio: { uk: string; en: string };
  languages: string[];
  experience_years: NumberField;
  /** UAH. */
  price: NumberField;
  photo_url: string;
  /** Listed for patients; the server publishes only a complete profile. */
  published: boolean;
}

export type ScheduleForm = UseFormReturnType<ScheduleFormValues>;

export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

export function toFormValues(doctor: Doctor, newKey: () => string): ScheduleFormValues {
  return {
    weekly_hours: doctor.weekly_hours.map((hours) => ({ ...hours, key: newKey() })),
    days_off: [...doctor.days_off],
    extra_hours: doctor.extra_hours.map((hours) => ({ ...hours, key: newKey() })),
    consultation_minutes: doctor.consultation_minutes,
    buffer_minutes: doctor.buffer_minutes,
    min_notice_minutes: doctor.min_notice_minutes,
    horizon_days: doctor.horizon_days,
    time_zone: doctor.time_zone,
    specialisations: [...doctor.specialisations],
    name_en: doctor.doctor_name_en,
    bio: { uk: doctor.bio.uk, en: doctor.bio.en },
    languages: [...doctor.languages],
    experience_years: doctor.experience_years,
    // No price yet (a new doctor): an empty field, not "free".
    price: doctor.price === null ? '' : kopiykyToUah(doctor.price),
    photo_url: doctor.photo_url ?? '',
    published: doctor.published,
  };
}

const toNumber = (value: NumberField): number => (typeof value === 'number' ? value : Number(value.trim() === '' ? Number.NaN : value));
const byStart = (a: { start: string }, b: { start: string }) => a.start.localeCompare(b.start);

/** Everything the editor shows, as the PUT body: intervals in order, days off sorted once each, the price in kopiyky. */
export function toUpdateBody(values: ScheduleFormValues): UpdateDoctorBody {
  const photo = values.photo_url.trim();
  return {
    weekly_hours: values.weekly_hours
      .map(({ weekday, start, end }) => ({ weekday, start, end }))
      .sort((a, b) => a.weekday - b.weekday || byStart(a, b)),
    days_off: [...new Set(values.days_off)].sort(),
    extra_hours: values.extra_hours
      .map(({ date, start, end }) => ({ date, start, end }))
      .sort((a, b) => a.date.localeCompare(b.date) || byStart(a, b)),
    consultation_minutes: toNumber(values.consultation_minutes),
    buffer_minutes: toNumber(values.buffer_minutes),
    min_notice_minutes: toNumber(values.min_notice_minutes),
    horizon_days: toNumber(values.horizon_days),
    time_zone: values.time_zone,
    specialisations: values.specialisations as Specialisation[],
    name_en: values.name_en.trim(),
    bio: { uk: values.bio.uk.trim(), en: values.bio.en.trim() },
    languages: values.languages,
    experience_years: toNumber(values.experience_years),
    price: values.price === '' ? undefined : uahToKopiyky(toNumber(values.price)),
    photo_url: photo === '' ? null : photo,
    published: values.published,
  };
}

/** HH:mm, with 24:00 for the end of a day (as the contracts accept). */
export const TIME_OF_DAY = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;
const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** What is wrong with the editor's values, as form path → text key (`doctor.validation.*`). */
export type ScheduleProblems = Record<string, string>;

function checkIntervals<T extends IntervalValue>(
  list: T[],
  path: string,
  groupOf: (item: T) => string | number,
  problems: ScheduleProblems,
): void {
  list.forEach((item, index) => {
    if (!TIME_OF_DAY.test(item.start) || item.start === '24:00') problems[`${path}.${index}.start`] = 'doctor.validation.time';
    if (!TIME_OF_DAY.test(item.end) || item.end === '00:00') problems[`${path}.${index}.end`] = 'doctor.validation.time';
    else if (TIME_OF_DAY.test(item.start) && item.start >= item.end) problems[`${path}.${index}.end`] = 'doctor.validation.order';
  });
  // Two intervals of one day may not overlap (touching is fine: 09:00–13:00 and 13:00–18:00).
  list.forEach((item, index) => {
    if (problems[`${path}.${index}.start`] || problems[`${path}.${index}.end`]) return;
    const clash = list.some(
      (other, otherIndex) =>
        otherIndex !== index &&
        groupOf(other) === groupOf(item) &&
        !problems[`${path}.${otherIndex}.end`] &&
        other.start < item.end &&
        item.start < other.end,
    );
    if (clash) problems[`${path}.${index}.start`] = 'doctor.validation.overlap';
  });
}

/** The limits of the number fields (as the contracts'; the price in UAH), also for the text of `doctor.validation.range`. */
export const numberRanges = {
  ...doctorProfileLimits,
  price: { min: kopiykyToUah(doctorProfileLimits.price.min), max: kopiykyToUah(doctorProfileLimits.price.max) },
} satisfies Record<string, { min: number; max: number }>;

/** The limits of a form path that has them (for the text of `doctor.validation.range`). */
export const rangeOf = (path: string): { min: number; max: number } | undefined =>
  Object.hasOwn(numberRanges, path) ? numberRanges[path as keyof typeof numberRanges] : undefined;

export function validateSchedule(values: ScheduleFormValues): ScheduleProblems {
  const problems: ScheduleProblems = {};
  checkIntervals(values.weekly_hours, 'weekly_hours', (item) => item.weekday, problems);
  values.extra_hours.forEach((item, index) => {
    if (!CALENDAR_DATE.test(item.date)) problems[`extra_hours.${index}.date`] = 'doctor.validation.date';
  });
  checkIntervals(values.extra_hours, 'extra_hours', (item) => item.date, problems);
  values.days_off.forEach((day, index) => {
    if (!CALENDAR_DATE.test(day)) problems[`days_off.${index}`] = 'doctor.validation.date';
  });
  if (values.specialisations.length === 0) problems.specialisations = 'doctor.validation.specialisations';
  if (values.languages.length === 0) problems.languages = 'doctor.validation.languages';
  for (const [field, { min, max }] of Object.entries(numberRanges)) {
    const raw = values[field as keyof ScheduleFormValues] as NumberField;
    // No price yet is allowed (it is not sent): a new doctor saves its hours first, and is listed once a price is set.
    if (field === 'price' && typeof raw === 'string' && raw.trim() === '') continue;
    const value = toNumber(raw);
    const whole = field === 'price' || Number.isInteger(value);
    if (!Number.isFinite(value) || value < min || value > max || !whole) problems[field] = 'doctor.validation.range';
  }
  const photo = values.photo_url.trim();
  if (photo !== '' && !/^https?:\/\/\S+$/i.test(photo)) problems.photo_url = 'doctor.validation.url';
  return problems;
}
