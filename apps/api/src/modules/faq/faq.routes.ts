import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  faqAdminListSchema,
  faqPaths,
  faqQuestionBodySchema,
  faqQuestionDetailsSchema,
  faqQuestionSchema,
  faqSearchQuerySchema,
  faqSearchResultSchema,
  faqTopicBodySchema,
  faqTopicDetailsSchema,
  faqTopicListSchema,
  faqTopicSchema,
  faqVoteBodySchema,
  faqVoteResultSchema,
  idParamsSchema,
} from '@rozmova/contracts';
import type { FaqService } from './faq.service.ts';

export function registerFaqRoutes(app: FastifyInstance, deps: { faq: FaqService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { faq } = deps;
  const anyone = { access: 'public' } as const;
  const admins = { access: ['admin'] } as const;
  const byId = { params: idParamsSchema };

  r.get(faqPaths.topics, { config: anyone, schema: { response: { 200: faqTopicListSchema } } }, async () => ({
    topics: await faq.topics(),
  }));
  r.get(faqPaths.topic, { config: anyone, schema: { ...byId, response: { 200: faqTopicDetailsSchema } } }, async (request) =>
    faq.topic(request.params.id),
  );
  r.get(faqPaths.question, { config: anyone, schema: { ...byId, response: { 200: faqQuestionDetailsSchema } } }, async (request) =>
    faq.question(request.params.id),
  );
  r.get(
    faqPaths.search,
    { config: anyone, schema: { querystring: faqSearchQuerySchema, response: { 200: faqSearchResultSchema } } },
    async (request) => ({ questions: await faq.search(request.query.query) }),
  );
  r.post(
    faqPaths.vote,
    { config: anyone, schema: { ...byId, body: faqVoteBodySchema, response: { 200: faqVoteResultSchema } } },
    async (request) => faq.vote(request.params.id, request.body.helpful, request.ip),
  );

  r.get(faqPaths.adminTopics, { config: admins, schema: { response: { 200: faqAdminListSchema } } }, async () => faq.adminList());
  r.post(
    faqPaths.adminTopics,
    { config: admins, schema: { body: faqTopicBodySchema, response: { 201: faqTopicSchema } } },
    async (request, reply) => reply.status(201).send(await faq.createTopic(request.body)),
  );
  r.put(
    faqPaths.adminTopic,
    { config: admins, schema: { ...byId, body: faqTopicBodySchema, response: { 200: faqTopicSchema } } },
    async (request) => faq.updateTopic(request.params.id, request.body),
  );
  r.delete(faqPaths.adminTopic, { config: admins, schema: { ...byId, response: { 204: z.null() } } }, async (request, reply) => {
    await faq.deleteTopic(request.params.id);
    return reply.status(204).send(null);
  });
  r.post(
    faqPaths.adminQuestions,
    { config: admins, schema: { body: faqQuestionBodySchema, response: { 201: faqQuestionSchema } } },
    async (request, reply) => reply.status(201).send(await faq.createQuestion(request.body)),
  );
  r.put(
    faqPaths.adminQuestion,
    { config: admins, schema: { ...byId, body: faqQuestionBodySchema, response: { 200: faqQuestionSchema } } },
    async (request) => faq.updateQuestion(request.params.id, request.body),
  );
  r.delete(faqPaths.adminQuestion, { config: admins, schema: { ...byId, response: { 204: z.null() } } }, async (request, reply) => {
    await faq.deleteQuestion(request.params.id);
    return reply.status(204).send(null);
  });
}
