import { z } from 'zod';
import { emailSchema, localeSchema, multiLineTextSchema, oneLineTextSchema, phoneSchema, roleSchema, userNameSchema } from './common.ts';
import { DEFAULT_DOCTOR_TIME_ZONE } from './constants.ts';
import { timeZoneSchema } from './doctors.ts';
import { paymentProviderSchema } from './payments.ts';

/** One time a member of staff opened the patient's records, as the patient reads it: no ids of anyone else. */
export const recordAccessEntrySchema = z.object({
  id: z.string(),
  actor_name: z.string(),
  actor_role: roleSchema,
  /** `read`, `update`, `lookup` (found in a search) or `list` (shown in a list). */
  action: z.string(),
  /** What was opened: `patient`, `patient_card`, `user_reference`, `appointment`, `call_record`, `message`, … */
  resource: z.string(),
  created_at: z.string(),
});
export type RecordAccessEntry = z.infer<typeof recordAccessEntrySchema>;

export const recordAccessQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type RecordAccessQuery = z.infer<typeof recordAccessQuerySchema>;

export const recordAccessListSchema = z.object({ entries: z.array(recordAccessEntrySchema), total: z.number().int() });
export type RecordAccessList = z.infer<typeof recordAccessListSchema>;

/** How many of a group's times the grouped log sends (newest first); `count` says how many there were. */
export const RECORD_ACCESS_GROUP_TIMES = 20;

/**
 * A day's time zone for grouping: an IANA name (`Europe/Kyiv`). Offsets such as `+05:00` are refused, since
 * PostgreSQL reads them with the opposite sign (POSIX).
 */
export const recordAccessTimeZoneSchema = timeZoneSchema.refine(
  (zone) => /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(zone),
  'Unknown time zone',
);

/** `limit` and `offset` count days (each day with all its groups), newest first. */
export const recordAccessDaysQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(31).default(7),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  /** The reader's time zone, where its days begin and end. */
  tz: recordAccessTimeZoneSchema.default(DEFAULT_DOCTOR_TIME_ZONE),
});
export type RecordAccessDaysQuery = z.infer<typeof recordAccessDaysQuerySchema>;

/** Every time one member of staff did one kind of thing (`action` on `resource`) with the patient's records on one day. */
export const recordAccessGroupSchema = z.object({
  /** The newest entry's id: a stable key, not anyone's id. */
  id: z.string(),
  actor_name: z.string(),
  actor_role: roleSchema,
  action: z.string(),
  resource: z.string(),
  count: z.number().int(),
  first_at: z.string(),
  last_at: z.string(),
  /** The newest {@link RECORD_ACCESS_GROUP_TIMES} times, newest first. */
  times: z.array(z.string()),
});
export type RecordAccessGroup = z.infer<typeof recordAccessGroupSchema>;

export const recordAccessDaySchema = z.object({
  /** YYYY-MM-DD in the asked time zone. */
  day: z.string(),
  /** The groups of the day, the most recently active first. */
  groups: z.array(recordAccessGroupSchema),
});
export type RecordAccessDay = z.infer<typeof recordAccessDaySchema>;

/** The owner's access log grouped by day, member of staff and kind of access: a page of days, newest first. */
export const recordAccessDaysSchema = z.object({
  days: z.array(recordAccessDaySchema),
  /** Days with at least one entry, over all pages. */
  total_days: z.number().int(),
  time_zone: z.string(),
});
export type RecordAccessDays = z.infer<typeof recordAccessDaysSchema>;

/** The receipt of a card payment: what was paid, when, to whom and through which provider. */
export const receiptSchema = z.object({
  payment_id: z.string(),
  appointment_id: z.string(),
  /** UAH kopiyky. */
  amount: z.number().int(),
  currency: z.string(),
  provider: paymentProviderSchema,
  paid_at: z.string(),
  /** The consultation's start, YYYY-MM-DDTHH:mm:ssZ. */
  appointment_date: z.string(),
  doctor_name: z.string(),
  patient_name: z.string(),
});
export type Receipt = z.infer<typeof receiptSchema>;

export const corporateLeadBodySchema = z.strictObject({
  company: oneLineTextSchema(200).min(1),
  contact_name: userNameSchema,
  email: emailSchema,
  phone: phoneSchema.optional(),
  employees: z.number().int().min(1).max(1_000_000).optional(),
  message: multiLineTextSchema(5000).optional(),
  locale: localeSchema.optional(),
});
export type CorporateLeadBody = z.infer<typeof corporateLeadBodySchema>;

export const publishedReviewsQuerySchema = z.strictObject({ limit: z.coerce.number().int().min(1).max(50).default(6) });
