import {
  adminConsolePaths,
  adminPaymentListSchema,
  adminPaymentSchema,
  listPaymentsQuerySchema,
  listReviewsQuerySchema,
  moderateReviewBodySchema,
  paymentCallbackListSchema,
  refundPaymentBodySchema,
  reviewListSchema,
  reviewSchema,
} from '../admin-console.ts';
import { idParamsSchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';

// The admin console's review moderation and payments.
const adminOnly = { access: ['admin'] } as const;

export const listReviews = endpoint({
  method: 'GET',
  path: adminConsolePaths.reviews,
  ...adminOnly,
  query: listReviewsQuerySchema,
  responses: { 200: reviewListSchema },
});

export const moderateReview = endpoint({
  method: 'POST',
  path: adminConsolePaths.moderateReview,
  ...adminOnly,
  summary: 'Publish or hide a review, with the reason kept',
  params: idParamsSchema,
  body: moderateReviewBodySchema,
  responses: { 200: reviewSchema },
});

export const listPayments = endpoint({
  method: 'GET',
  path: adminConsolePaths.payments,
  ...adminOnly,
  query: listPaymentsQuerySchema,
  responses: { 200: adminPaymentListSchema },
});

export const listPaymentCallbacks = endpoint({
  method: 'GET',
  path: adminConsolePaths.paymentCallbacks,
  ...adminOnly,
  summary: "The payment provider's callbacks about a payment",
  params: idParamsSchema,
  responses: { 200: paymentCallbackListSchema },
});

export const refundPayment = endpoint({
  method: 'POST',
  path: adminConsolePaths.refundPayment,
  ...adminOnly,
  summary: 'Refund a successful payment, with a reason',
  params: idParamsSchema,
  body: refundPaymentBodySchema,
  responses: { 200: adminPaymentSchema },
  errors: ['PAYMENT_NOT_REFUNDABLE'],
});
