import { z } from 'zod';
import { emailSchema, localeSchema, multiLineTextSchema, oneLineTextSchema, phoneSchema, roleSchema, userNameSchema } from './common.ts';
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
