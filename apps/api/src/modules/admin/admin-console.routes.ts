import type { FastifyInstance } from 'fastify';
import { adminConsoleApi } from '@rozmova/contracts';
import { authOf } from '../../http/access.ts';
import { route } from '../../http/route.ts';
import type { ReviewModeration } from '../feedback/review-moderation.service.ts';
import type { PaymentsAdmin } from '../payments/payments-admin.service.ts';

/** The admin console's review moderation and payments. */
export function registerAdminConsoleRoutes(app: FastifyInstance, deps: { reviews: ReviewModeration; payments: PaymentsAdmin }): void {
  const actorId = (request: Parameters<typeof authOf>[0]) => authOf(request).account.user.id;

  route(app, adminConsoleApi.listReviews, async (request) => deps.reviews.list(request.query));

  route(app, adminConsoleApi.moderateReview, async (request) => deps.reviews.moderate(actorId(request), request.params.id, request.body));

  route(app, adminConsoleApi.listPayments, async (request) => deps.payments.list(actorId(request), request.query));

  route(app, adminConsoleApi.listPaymentCallbacks, async (request) => deps.payments.callbacks(actorId(request), request.params.id));

  route(app, adminConsoleApi.refundPayment, async (request) =>
    deps.payments.refund(actorId(request), request.params.id, request.body.reason),
  );
}
