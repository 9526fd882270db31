import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { feedbackListSchema, patientHistoryPaths, publishedReviewsQuerySchema } from '@rozmova/contracts';
import type { FeedbackService } from './feedback.service.ts';

/** The landing page's reviews: always the public view, whoever asks (a token, even an admin's, is not read). */
export function registerPublishedReviewsRoute(app: FastifyInstance, deps: { feedback: FeedbackService }): void {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      patientHistoryPaths.publishedReviews,
      { config: { access: 'public' }, schema: { querystring: publishedReviewsQuerySchema, response: { 200: feedbackListSchema } } },
      async (request) => {
        const { feedback, count } = await deps.feedback.list(undefined, 'doctor');
        return { feedback: feedback.slice(0, request.query.limit), count };
      },
    );
}
