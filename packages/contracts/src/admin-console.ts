import { z } from 'zod';
import { idSchema, multiLineTextSchema } from './common.ts';
import { calendarDateSchema } from './doctors.ts';
import { feedbackTypeSchema, feedbackSchema } from './feedback.ts';
import { paymentProviderSchema } from './payments.ts';
import { appointmentStatusSchema } from './appointments.ts';
import { orderedDateRange } from './audit.ts';

/** The admin console's API: review moderation, payments and refunds, the audit log as CSV. */
export const adminConsolePaths = {
  reviews: '/v1/admin/reviews',
  moderateReview: '/v1/admin/reviews/:id/moderate',
  payments: '/v1/admin/payments',
  paymentCallbacks: '/v1/admin/payments/:id/callbacks',
  refundPayment: '/v1/admin/payments/:id/refund',
  auditLogCsv: '/v1/admin/audit-log.csv',
  /** The user gets a recovery code by e-mail and sets a new password; their sessions end. */
  resetPassword: '/v1/admin/users/:id/reset-password',
} as const;

export const ADMIN_REASON_MAX = 1000;
const pageQuery = {
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
};

/** `new`: never moderated; `published` and `hidden` after a decision (hidden includes those changed since and unpublished). */
export const reviewStatuses = ['new', 'published', 'hidden'] as const;
export type ReviewStatus = (typeof reviewStatuses)[number];

export const listReviewsQuerySchema = z.strictObject({
  status: z.enum(reviewStatuses).optional(),
  type: feedbackTypeSchema.optional(),
  ...pageQuery,
});
export type ListReviewsQuery = z.infer<typeof listReviewsQuerySchema>;

export const reviewSchema = feedbackSchema.extend({
  status: z.enum(reviewStatuses),
  doctor_name: z.string().nullable(),
  moderation_reason: z.string().nullable(),
  moderated_by_name: z.string().nullable(),
  moderated_at: z.string().nullable(),
});
export type Review = z.infer<typeof reviewSchema>;
export const reviewListSchema = z.object({ reviews: z.array(reviewSchema), total: z.number().int() });
export type ReviewList = z.infer<typeof reviewListSchema>;

/** Hiding needs a reason (the author may ask why); publishing may carry one. */
export const moderateReviewBodySchema = z
  .strictObject({
    action: z.enum(['publish', 'hide']),
    reason: multiLineTextSchema(ADMIN_REASON_MAX).optional(),
  })
  .refine((body) => body.action === 'publish' || (body.reason ?? '').length > 0, {
    path: ['reason'],
    message: 'Hiding a review needs a reason',
  });
export type ModerateReviewBody = z.infer<typeof moderateReviewBodySchema>;

export const paymentRecordStatuses = ['pending', 'success', 'failure', 'refunded'] as const;

/** `from`/`to`: calendar days in Kyiv time, both included. */
export const listPaymentsQuerySchema = z
  .strictObject({
    status: z.enum(paymentRecordStatuses).optional(),
    provider: paymentProviderSchema.optional(),
    doctorId: idSchema.optional(),
    from: calendarDateSchema.optional(),
    to: calendarDateSchema.optional(),
    ...pageQuery,
  })
  .refine(orderedDateRange, { path: ['to'], message: 'to is not before from' });
export type ListPaymentsQuery = z.infer<typeof listPaymentsQuerySchema>;

export const adminPaymentSchema = z.object({
  id: z.string(),
  appointment_id: z.string(),
  appointment_status: appointmentStatusSchema,
  starts_at: z.string(),
  doctor_id: z.string(),
  doctor_name: z.string(),
  patient_name: z.string(),
  provider: paymentProviderSchema,
  order_id: z.string(),
  /** UAH kopiyky. */
  amount: z.number().int(),
  received_amount: z.number().int().nullable(),
  status: z.enum(paymentRecordStatuses),
  paid_at: z.string().nullable(),
  refunded_at: z.string().nullable(),
  refund_reason: z.string().nullable(),
  refunded_by_name: z.string().nullable(),
  created_at: z.string(),
});
export type AdminPayment = z.infer<typeof adminPaymentSchema>;
export const adminPaymentListSchema = z.object({ payments: z.array(adminPaymentSchema), total: z.number().int() });
export type AdminPaymentList = z.infer<typeof adminPaymentListSchema>;

export const paymentCallbackListSchema = z.object({
  callbacks: z.array(z.object({ id: z.string(), provider: paymentProviderSchema, provider_status: z.string(), created_at: z.string() })),
});
export type PaymentCallbackList = z.infer<typeof paymentCallbackListSchema>;

export const refundPaymentBodySchema = z.strictObject({ reason: multiLineTextSchema(ADMIN_REASON_MAX).min(1) });
export type RefundPaymentBody = z.infer<typeof refundPaymentBodySchema>;
