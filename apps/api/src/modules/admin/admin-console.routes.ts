import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminConsolePaths,
  adminPaymentListSchema,
  adminPaymentSchema,
  idParamsSchema,
  listPaymentsQuerySchema,
  listReviewsQuerySchema,
  moderateReviewBodySchema,
  paymentCallbackListSchema,
  refundPaymentBodySchema,
  reviewListSchema,
  reviewSchema,
} from '@rozmova/contracts';
import { authOf } from '../../http/access.ts';
import type { ReviewModeration } from '../feedback/review-moderation.service.ts';
import type { PaymentsAdmin } from '../payments/payments-admin.service.ts';

/** The admin console's review moderation and payments. */
export function registerAdminConsoleRoutes(app: FastifyInstance, deps: { reviews: ReviewModeration; payments: PaymentsAdmin }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const adminOnly = { access: ['admin'] } as const;
  const actorId = (request: Parameters<typeof authOf>[0]) => authOf(request).account.user.id;

  r.get(
    adminConsolePaths.reviews,
    { config: adminOnly, schema: { querystring: listReviewsQuerySchema, response: { 200: reviewListSchema } } },
    async (request) => deps.reviews.list(request.query),
  );

  r.post(
    adminConsolePaths.moderateReview,
    { config: adminOnly, schema: { params: idParamsSchema, body: moderateReviewBodySchema, response: { 200: reviewSchema } } },
    async (request) => deps.reviews.moderate(actorId(request), request.params.id, request.body),
  );

  r.get(
    adminConsolePaths.payments,
    { config: adminOnly, schema: { querystring: listPaymentsQuerySchema, response: { 200: adminPaymentListSchema } } },
    async (request) => deps.payments.list(actorId(request), request.query),
  );

  r.get(
    adminConsolePaths.paymentCallbacks,
    { config: adminOnly, schema: { params: idParamsSchema, response: { 200: paymentCallbackListSchema } } },
    async (request) => deps.payments.callbacks(actorId(request), request.params.id),
  );

  r.post(
    adminConsolePaths.refundPayment,
    { config: adminOnly, schema: { params: idParamsSchema, body: refundPaymentBodySchema, response: { 200: adminPaymentSchema } } },
    async (request) => deps.payments.refund(actorId(request), request.params.id, request.body.reason),
  );
}
