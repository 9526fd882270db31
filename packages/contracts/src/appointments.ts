import { z } from 'zod';
import { emailSchema, idSchema, localeSchema, multiLineTextSchema, phoneSchema, userNameSchema } from './common.ts';
import { appointmentStatuses, cancellationReasons, paymentStatuses, paymentTypes } from './constants.ts';
import { specialisationSchema } from './doctors.ts';

export const appointmentStatusSchema = z.enum(appointmentStatuses);
export const paymentTypeSchema = z.enum(paymentTypes);
export const paymentStatusSchema = z.enum(paymentStatuses);

/** docs/product.md §5: YYYY-MM-DDTHH:mm:ss and a time zone offset (`Z` or ±hh:mm). */
export const appointmentDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(Z|[+-]\d{2}:\d{2})$/, 'The date is YYYY-MM-DDTHH:mm:ssZ')
  .refine((value) => !Number.isNaN(Date.parse(value)), 'Not a real date');

export const appointmentReasonSchema = multiLineTextSchema(2000);

/**
 * `appointment_doctorId` and `appointment_patientId` are checked by the service, so their absence answers
 * docs/product.md §5's message word for word. Staff may choose `Other` (invoiced); patients get ADRA when they
 * have free consultations, otherwise `Patient` (or `None` when the doctor's price is 0).
 */
export const createAppointmentBodySchema = z.strictObject({
  appointment_doctorId: idSchema.optional(),
  appointment_patientId: idSchema.optional(),
  appointment_date: appointmentDateSchema,
  appointment_paymentType: paymentTypeSchema.optional(),
  appointment_reason: appointmentReasonSchema.optional(),
  appointment_phone: phoneSchema.optional(),
  /** Staff only: any free minute from now on, off the slot grid, inside the notice and outside working hours. */
  appointment_urgent: z.boolean().optional(),
});
export type CreateAppointmentBody = z.infer<typeof createAppointmentBodySchema>;

/** Booking from the landing page: creates (or signs in) a passwordless account and books in one call. */
export const createAppointmentFromLandingBodySchema = z.strictObject({
  appointmentDto: createAppointmentBodySchema,
  email: emailSchema,
  user_name: userNameSchema,
  phone: phoneSchema.optional(),
  locale: localeSchema.optional(),
  /** Consent to the terms of use and privacy policy, as at sign-up. */
  accept_terms: z.literal(true),
});
export type CreateAppointmentFromLandingBody = z.infer<typeof createAppointmentFromLandingBodySchema>;

/** Cancel (`canceled`), complete with a note (`completed`, the doctor), or move to another time or doctor. */
export const updateAppointmentBodySchema = z
  .strictObject({
    appointment_status: z.enum(['canceled', 'completed']).optional(),
    appointment_date: appointmentDateSchema.optional(),
    appointment_doctorId: idSchema.optional(),
    appointment_reason: appointmentReasonSchema.optional(),
    appointment_phone: phoneSchema.optional(),
    /** For the record (the doctor and staff); required when completing. */
    appointment_note: multiLineTextSchema(4000).optional(),
    /** Advice the patient reads in its card, optional when completing. */
    appointment_advice: multiLineTextSchema(4000).optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { message: 'Nothing to change' });
export type UpdateAppointmentBody = z.infer<typeof updateAppointmentBodySchema>;

/** Starts in [from, to); a range that ends before it begins is a mistake (400 on `to`), not an empty list. */
export const listAppointmentsQuerySchema = z
  .strictObject({
    doctorId: idSchema.optional(),
    patientId: idSchema.optional(),
    status: appointmentStatusSchema.optional(),
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
    limit: z.coerce.number().int().min(1).max(500).default(100),
  })
  .refine((query) => !query.from || !query.to || Date.parse(query.to) > Date.parse(query.from), {
    message: 'The end of the range is after its start',
    path: ['to'],
  });
export type ListAppointmentsQuery = z.infer<typeof listAppointmentsQuerySchema>;

export const appointmentSchema = z.object({
  id: z.string(),
  appointment_status: appointmentStatusSchema,
  appointment_paymentType: paymentTypeSchema,
  appointment_paymentStatus: paymentStatusSchema,
  /** UAH kopiyky; 0 for free consultations. */
  appointment_price: z.number().int(),
  appointment_doctorId: z.string(),
  appointment_patientId: z.string(),
  /** Start, YYYY-MM-DDTHH:mm:ss±hh:mm in the doctor's time zone. */
  appointment_date: z.string(),
  appointment_endDate: z.string(),
  appointment_roomId: z.string(),
  appointment_reason: z.string().nullable(),
  appointment_phone: z.string().nullable(),
  /** The doctor's note for the record; null for the patient, who reads the advice. */
  appointment_note: z.string().nullable(),
  appointment_advice: z.string().nullable(),
  appointment_urgent: z.boolean(),
  /** Until when an unpaid booking holds its time. */
  appointment_holdExpiresAt: z.string().nullable(),
  appointment_cancelledBy: z.enum(cancellationReasons).nullable(),
  doctor: z.object({ user_name: z.string(), photo_url: z.string().nullable(), specialisations: z.array(specialisationSchema) }),
  patient: z.object({ user_name: z.string() }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Appointment = z.infer<typeof appointmentSchema>;
export const appointmentListSchema = z.array(appointmentSchema);

export const fromLandingResultSchema = z.object({ token: z.string(), appointment: appointmentSchema });
export type FromLandingResult = z.infer<typeof fromLandingResultSchema>;
