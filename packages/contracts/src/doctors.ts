import { z } from 'zod';
import { idSchema, multiLineTextSchema, oneLineTextSchema } from './common.ts';
import { AVAILABLE_SLOTS_MAX_DAYS, doctorProfileLimits, specialisations } from './constants.ts';

export const specialisationSchema = z.enum(specialisations);

/** A wall-clock time in the doctor's time zone; `24:00` ends a day. */
export const timeOfDaySchema = z.string().regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, 'Time is HH:mm');
/** A calendar day, YYYY-MM-DD. */
export const calendarDateSchema = z.iso.date();

const startsBeforeEnd = (hours: { start: string; end: string }) => hours.start < hours.end;
const startBeforeEnd = { message: 'The start is before the end', path: ['end'] };

/** ISO weekday: 1 Monday … 7 Sunday. */
export const weeklyHoursSchema = z
  .strictObject({ weekday: z.number().int().min(1).max(7), start: timeOfDaySchema, end: timeOfDaySchema })
  .refine(startsBeforeEnd, startBeforeEnd);
export type WeeklyHours = z.infer<typeof weeklyHoursSchema>;

/** Hours on one date on top of (or instead of a day off of) the weekly hours. */
export const extraHoursSchema = z
  .strictObject({ date: calendarDateSchema, start: timeOfDaySchema, end: timeOfDaySchema })
  .refine(startsBeforeEnd, startBeforeEnd);
export type ExtraHours = z.infer<typeof extraHoursSchema>;

/** The profile's text and schedule list limits, which the web editor holds its fields to (the number fields' ranges are `doctorProfileLimits`). */
export const DOCTOR_NAME_EN_MAX = 100;
export const DOCTOR_BIO_MAX = 4000;
export const DOCTOR_PHOTO_URL_MAX = 2000;
export const doctorScheduleListMax = { weekly_hours: 70, days_off: 400, extra_hours: 400 } as const;

const doctorBioSchema = z.strictObject({ uk: multiLineTextSchema(DOCTOR_BIO_MAX), en: multiLineTextSchema(DOCTOR_BIO_MAX) });

/** A time zone the runtime knows (IANA name). */
export const timeZoneSchema = z
  .string()
  .max(64)
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'Unknown time zone');

export const languageCodeSchema = z.string().regex(/^[a-z]{2}$/, 'A two-letter language code');

const limited = (field: keyof typeof doctorProfileLimits) =>
  z.number().int().min(doctorProfileLimits[field].min).max(doctorProfileLimits[field].max);

/** What a doctor (or an admin for a doctor) may change; every field optional. */
export const updateDoctorBodySchema = z
  .strictObject({
    photo_url: oneLineTextSchema(DOCTOR_PHOTO_URL_MAX)
      .pipe(z.url({ protocol: /^https?$/ }))
      .nullable()
      .optional(),
    specialisations: z.array(specialisationSchema).min(1).max(specialisations.length).optional(),
    /** The name in Latin letters that English readers see; empty shows `user_name`. */
    name_en: oneLineTextSchema(DOCTOR_NAME_EN_MAX).optional(),
    bio: doctorBioSchema.optional(),
    languages: z.array(languageCodeSchema).min(1).max(10).optional(),
    experience_years: limited('experience_years').optional(),
    /** UAH kopiyky. */
    price: limited('price').optional(),
    consultation_minutes: limited('consultation_minutes').optional(),
    buffer_minutes: limited('buffer_minutes').optional(),
    min_notice_minutes: limited('min_notice_minutes').optional(),
    horizon_days: limited('horizon_days').optional(),
    time_zone: timeZoneSchema.optional(),
    weekly_hours: z.array(weeklyHoursSchema).max(doctorScheduleListMax.weekly_hours).optional(),
    days_off: z.array(calendarDateSchema).max(doctorScheduleListMax.days_off).optional(),
    extra_hours: z.array(extraHoursSchema).max(doctorScheduleListMax.extra_hours).optional(),
    /** Listed publicly (list, search, prices, slots) while also complete: a specialisation, hours and a price. */
    published: z.boolean().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { message: 'Nothing to update' });
export type UpdateDoctorBody = z.infer<typeof updateDoctorBodySchema>;

export const doctorSchema = z.object({
  /** The doctor's user id; appointments name it as `appointment_doctorId`. */
  id: z.string(),
  user_name: z.string(),
  /** The name in Latin letters for English readers; empty when not set. */
  doctor_name_en: z.string(),
  photo_url: z.string().nullable(),
  specialisations: z.array(specialisationSchema),
  bio: z.object({ uk: z.string(), en: z.string() }),
  languages: z.array(z.string()),
  experience_years: z.number().int(),
  /** UAH kopiyky; null until set (0 is free). Listed doctors always have one. */
  price: z.number().int().nullable(),
  consultation_minutes: z.number().int(),
  buffer_minutes: z.number().int(),
  min_notice_minutes: z.number().int(),
  horizon_days: z.number().int(),
  time_zone: z.string(),
  weekly_hours: z.array(z.object({ weekday: z.number().int(), start: z.string(), end: z.string() })),
  days_off: z.array(z.string()),
  extra_hours: z.array(z.object({ date: z.string(), start: z.string(), end: z.string() })),
  /** Average of the published doctor feedback, one decimal; null without any. */
  rating: z.number().nullable(),
  rating_count: z.number().int(),
  /** Published by an admin or the doctor. */
  published: z.boolean(),
  /** What the profile still lacks to be listed (empty when complete): the doctor and admins read it. */
  missing: z.array(z.enum(['specialisations', 'hours', 'price'])),
});
export type Doctor = z.infer<typeof doctorSchema>;
export const doctorListSchema = z.array(doctorSchema);

export const listDoctorsQuerySchema = z.strictObject({
  specialisation: specialisationSchema.optional(),
  language: languageCodeSchema.optional(),
  /** Staff only: also doctors that are not published or not complete (an admin's doctor picker). */
  unlisted: z.enum(['true', 'false']).optional(),
});
export type ListDoctorsQuery = z.infer<typeof listDoctorsQuerySchema>;

export const searchDoctorsQuerySchema = z.strictObject({ query: oneLineTextSchema(100).min(1) });

/**
 * docs/product.md §7: `startDate` (a day or an instant; default now), `duration` in days, and an hour window
 * in the doctor's time zone that a slot must start in and end by.
 */
export const availableSlotsQuerySchema = z
  .strictObject({
    patientId: idSchema.optional(),
    startDate: z.union([calendarDateSchema, z.iso.datetime({ offset: true })]).optional(),
    duration: z.coerce.number().int().min(1).max(AVAILABLE_SLOTS_MAX_DAYS).default(7),
    startHour: z.coerce.number().int().min(0).max(23).default(0),
    endHour: z.coerce.number().int().min(1).max(24).default(24),
  })
  .refine((query) => query.startHour < query.endHour, { message: 'startHour is before endHour', path: ['endHour'] });
export type AvailableSlotsQuery = z.infer<typeof availableSlotsQuerySchema>;

/** Free start times, `YYYY-MM-DDTHH:mm:ss±hh:mm` in the doctor's time zone (docs/product.md §5). */
export const availableSlotsSchema = z.array(z.string());
