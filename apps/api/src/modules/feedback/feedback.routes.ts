import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createFeedbackBodySchema,
  doctorReviewsSchema,
  feedbackListSchema,
  feedbackPaths,
  feedbackQuerySchema,
  feedbackSchema,
  feedbackViewSchema,
  idParamsSchema,
  updateFeedbackBodySchema,
} from '@rozmova/contracts';
import { authOf } from '../../http/access.ts';
import type { FeedbackService } from './feedback.service.ts';

export function registerFeedbackRoutes(app: FastifyInstance, deps: { feedback: FeedbackService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { access: 'user' } as const;
  // Published feedback is public (the landing page's reviews, without the author's ids or surname); a token shows the
  // caller's own in full or, for admins, all.
  const anyone = { access: 'optional' } as const;

  r.post(
    feedbackPaths.feedback,
    { config: signedIn, schema: { body: createFeedbackBodySchema, response: { 201: feedbackSchema } } },
    async (request, reply) => reply.status(201).send(await deps.feedback.create(authOf(request).account, request.body)),
  );

  r.get(
    feedbackPaths.feedback,
    { config: anyone, schema: { querystring: feedbackQuerySchema, response: { 200: feedbackListSchema } } },
    async (request) => deps.feedback.list(request.auth?.account, request.query.type),
  );

  r.get(
    feedbackPaths.byUser,
    { config: signedIn, schema: { params: idParamsSchema, querystring: feedbackQuerySchema, response: { 200: feedbackListSchema } } },
    async (request) => deps.feedback.listOfUser(authOf(request).account, request.params.id, request.query.type),
  );

  r.post(
    feedbackPaths.byUser,
    {
      config: signedIn,
      schema: { params: idParamsSchema, body: createFeedbackBodySchema, response: { 200: feedbackSchema, 201: feedbackSchema } },
    },
    async (request, reply) => {
      const { feedback, created } = await deps.feedback.upsertForUser(authOf(request).account, request.params.id, request.body);
      return reply.status(created ? 201 : 200).send(feedback);
    },
  );

  r.get(
    feedbackPaths.doctorReviews,
    { config: { access: 'public' }, schema: { params: idParamsSchema, response: { 200: doctorReviewsSchema } } },
    async (request) => deps.feedback.reviewsOfDoctor(request.params.id),
  );

  r.get(feedbackPaths.one, { config: anyone, schema: { params: idParamsSchema, response: { 200: feedbackViewSchema } } }, async (request) =>
    deps.feedback.get(request.auth?.account, request.params.id),
  );

  r.put(
    feedbackPaths.one,
    { config: signedIn, schema: { params: idParamsSchema, body: updateFeedbackBodySchema, response: { 200: feedbackSchema } } },
    async (request) => deps.feedback.update(authOf(request).account, request.params.id, request.body),
  );

  r.delete(
    feedbackPaths.one,
    { config: signedIn, schema: { params: idParamsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await deps.feedback.remove(authOf(request).account, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
