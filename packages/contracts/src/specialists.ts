import { z } from 'zod';
import {
  emailSchema,
  localeSchema,
  multiLineTextSchema,
  oneLineTextSchema,
  passwordSchema,
  userNameSchema,
  verificationCodeSchema,
} from './common.ts';
import { documentContentTypes, specialistApplicationStatuses, specialisations } from './constants.ts';
import { languageCodeSchema, specialisationSchema } from './doctors.ts';

export const specialistPaths = {
  /** Step 1: the code of `register` checked, the account (role `none`) created and signed in. */
  register: '/v1/auth/register-specialist',
  my: '/v1/specialist-applications/my',
  myDiploma: '/v1/specialist-applications/my/diploma',
  mySubmit: '/v1/specialist-applications/my/submit',
  adminList: '/v1/admin/specialist-applications',
  adminOne: '/v1/admin/specialist-applications/:id',
  adminDiploma: '/v1/admin/specialist-applications/:id/diploma',
  adminApprove: '/v1/admin/specialist-applications/:id/approve',
  adminReject: '/v1/admin/specialist-applications/:id/reject',
} as const;

/** A diploma or licence takes the types of a document (PDF, JPEG, PNG, HEIC/HEIF), checked from its content. */
export const DIPLOMA_MAX_BYTES = 10 * 1024 * 1024;

export const specialistApplicationStatusSchema = z.enum(specialistApplicationStatuses);

export const registerSpecialistBodySchema = z.object({
  email: emailSchema,
  code: verificationCodeSchema,
  password: passwordSchema,
  user_name: userNameSchema,
  locale: localeSchema.optional(),
});
export type RegisterSpecialistBody = z.infer<typeof registerSpecialistBodySchema>;

/** Step 2: the profile the applicant asks for (name in Ukrainian is the account's `user_name`). */
export const updateSpecialistApplicationBodySchema = z.strictObject({
  user_name: userNameSchema,
  name_en: oneLineTextSchema(100).min(1),
  specialisations: z.array(specialisationSchema).min(1).max(specialisations.length),
  bio: z.strictObject({ uk: multiLineTextSchema(4000).min(1), en: multiLineTextSchema(4000).min(1) }),
  languages: z.array(languageCodeSchema).min(1).max(10),
  experience_years: z.number().int().min(0).max(70),
});
export type UpdateSpecialistApplicationBody = z.infer<typeof updateSpecialistApplicationBodySchema>;

export const rejectSpecialistApplicationBodySchema = z.strictObject({ reason: multiLineTextSchema(2000).min(1) });
export type RejectSpecialistApplicationBody = z.infer<typeof rejectSpecialistApplicationBodySchema>;

export const specialistApplicationSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  email: z.string(),
  user_name: z.string(),
  locale: localeSchema,
  status: specialistApplicationStatusSchema,
  name_en: z.string(),
  specialisations: z.array(specialisationSchema),
  bio: z.object({ uk: z.string(), en: z.string() }),
  languages: z.array(z.string()),
  experience_years: z.number().int(),
  /** The uploaded diploma or licence, without its bytes. */
  diploma: z.object({ content_type: z.enum(documentContentTypes), size: z.number().int(), file_name: z.string() }).nullable(),
  rejection_reason: z.string().nullable(),
  submitted_at: z.string().nullable(),
  decided_at: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SpecialistApplication = z.infer<typeof specialistApplicationSchema>;
export const specialistApplicationListSchema = z.array(specialistApplicationSchema);

export const listSpecialistApplicationsQuerySchema = z.strictObject({
  status: specialistApplicationStatusSchema.optional(),
});
export type ListSpecialistApplicationsQuery = z.infer<typeof listSpecialistApplicationsQuerySchema>;
