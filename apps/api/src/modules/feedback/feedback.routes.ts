import type { FastifyInstance } from 'fastify';
import { feedbackApi } from '@rozmova/contracts';
import { authOf } from '../../http/access.ts';
import { route } from '../../http/route.ts';
import type { FeedbackService } from './feedback.service.ts';

export function registerFeedbackRoutes(app: FastifyInstance, deps: { feedback: FeedbackService }): void {
  route(app, feedbackApi.create, async (request, reply) =>
    reply.status(201).send(await deps.feedback.create(authOf(request).account, request.body)),
  );

  route(app, feedbackApi.list, async (request) => deps.feedback.list(request.auth?.account, request.query.type));

  route(app, feedbackApi.ofUser, async (request) =>
    deps.feedback.listOfUser(authOf(request).account, request.params.id, request.query.type),
  );

  route(app, feedbackApi.upsertForUser, async (request, reply) => {
    const { feedback, created } = await deps.feedback.upsertForUser(authOf(request).account, request.params.id, request.body);
    return reply.status(created ? 201 : 200).send(feedback);
  });

  route(app, feedbackApi.doctorReviews, async (request) => deps.feedback.reviewsOfDoctor(request.params.id));

  route(app, feedbackApi.get, async (request) => deps.feedback.get(request.auth?.account, request.params.id));

  route(app, feedbackApi.update, async (request) => deps.feedback.update(authOf(request).account, request.params.id, request.body));

  route(app, feedbackApi.remove, async (request, reply) => {
    await deps.feedback.remove(authOf(request).account, request.params.id);
    return reply.status(204).send(null);
  });
}
