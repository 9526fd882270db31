import type { FastifyInstance } from 'fastify';
import { feedbackApi } from '@rozmova/contracts';
import { route } from '../../http/route.ts';
import type { FeedbackService } from './feedback.service.ts';

/** The landing page's reviews: always the public view, whoever asks (a token, even an admin's, is not read). */
export function registerPublishedReviewsRoute(app: FastifyInstance, deps: { feedback: FeedbackService }): void {
  route(app, feedbackApi.published, async (request) => {
    const { feedback, count } = await deps.feedback.list(undefined, 'doctor');
    return { feedback: feedback.slice(0, request.query.limit), count };
  });
}
