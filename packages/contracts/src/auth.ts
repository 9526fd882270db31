import { z } from 'zod';
import { codePurposes } from './constants.ts';
import { patientCardSchema } from './patients.ts';
import { emailSchema, localeSchema, passwordSchema, phoneSchema, roleSchema, userNameSchema, verificationCodeSchema } from './common.ts';

export const codePurposeSchema = z.enum(codePurposes);

export const loginBodySchema = z.object({
  email: emailSchema,
  password: z.string().min(1).max(1024),
  role: roleSchema.optional(),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const tokenResponseSchema = z.object({ token: z.string() });
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

export const sendCodeBodySchema = z.object({ email: emailSchema, locale: localeSchema.optional() });
export type SendCodeBody = z.infer<typeof sendCodeBodySchema>;

export const checkCodeBodySchema = z.object({
  email: emailSchema,
  code: verificationCodeSchema,
  type: codePurposeSchema,
});
export type CheckCodeBody = z.infer<typeof checkCodeBodySchema>;
export const checkCodeResponseSchema = z.object({ valid: z.literal(true) });

export const registerPatientBodySchema = z.object({
  email: emailSchema,
  code: verificationCodeSchema,
  password: passwordSchema,
  user_name: userNameSchema,
  phone: phoneSchema.optional(),
  locale: localeSchema.optional(),
});
export type RegisterPatientBody = z.infer<typeof registerPatientBodySchema>;

export const verifyPasswordBodySchema = z.object({ password: z.string().min(1).max(1024) });
export type VerifyPasswordBody = z.infer<typeof verifyPasswordBodySchema>;

export const notificationSettingsSchema = z.object({
  in_app: z.boolean(),
  email: z.boolean(),
  push: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const updateProfileBodySchema = z
  .object({
    user_name: userNameSchema.optional(),
    phone: phoneSchema.nullable().optional(),
    locale: localeSchema.optional(),
    notification_settings: notificationSettingsSchema.partial().optional(),
    current_password: z.string().min(1).max(1024).optional(),
    new_password: passwordSchema.optional(),
  })
  .refine((body) => (body.new_password === undefined) === (body.current_password === undefined), {
    message: 'current_password and new_password go together',
    path: ['new_password'],
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'Nothing to update',
  });
export type UpdateProfileBody = z.infer<typeof updateProfileBodySchema>;

export const setupPasswordBodySchema = z.union([
  z.object({ email: emailSchema, code: verificationCodeSchema, password: passwordSchema }),
  z.object({ password: passwordSchema }),
]);
export type SetupPasswordBody = z.infer<typeof setupPasswordBodySchema>;

export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  user_name: z.string(),
  user_role: roleSchema,
  phone: z.string().nullable(),
  locale: localeSchema,
  has_password: z.boolean(),
  email_verified: z.boolean(),
  notification_settings: notificationSettingsSchema,
  user_push_token: z.string().nullable(),
  role_specific_data: z.object({
    /**
     * docs/product.md §3: the patient's card as `GET /v1/patients-cards/:id` answers it, and the id of the current appointment
     * (the first scheduled or running, docs/product.md §4), null when there is none.
     */
    patient: z
      .object({
        patientId: z.string(),
        patient_cardId: z.string(),
        patientCard: patientCardSchema,
        patient_appointmentId: z.string().nullable(),
      })
      .optional(),
  }),
  created_at: z.string(),
});
export type User = z.infer<typeof userSchema>;
