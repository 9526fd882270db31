import type { FastifyInstance } from 'fastify';
import { faqApi } from '@rozmova/contracts';
import { route } from '../../http/route.ts';
import type { FaqService } from './faq.service.ts';

export function registerFaqRoutes(app: FastifyInstance, deps: { faq: FaqService }): void {
  const { faq } = deps;

  route(app, faqApi.topics, async () => ({ topics: await faq.topics() }));
  route(app, faqApi.topic, async (request) => faq.topic(request.params.id));
  route(app, faqApi.question, async (request) => faq.question(request.params.id));
  route(app, faqApi.search, async (request) => ({ questions: await faq.search(request.query.query) }));
  route(app, faqApi.vote, async (request) => faq.vote(request.params.id, request.body.helpful, request.ip));

  route(app, faqApi.adminList, async () => faq.adminList());
  route(app, faqApi.createTopic, async (request, reply) => reply.status(201).send(await faq.createTopic(request.body)));
  route(app, faqApi.updateTopic, async (request) => faq.updateTopic(request.params.id, request.body));
  route(app, faqApi.removeTopic, async (request, reply) => {
    await faq.deleteTopic(request.params.id);
    return reply.status(204).send(null);
  });
  route(app, faqApi.createQuestion, async (request, reply) => reply.status(201).send(await faq.createQuestion(request.body)));
  route(app, faqApi.updateQuestion, async (request) => faq.updateQuestion(request.params.id, request.body));
  route(app, faqApi.removeQuestion, async (request, reply) => {
    await faq.deleteQuestion(request.params.id);
    return reply.status(204).send(null);
  });
}
