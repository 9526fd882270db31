import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createQuizQuestionBodySchema,
  idParamsSchema,
  quizLevelRulesSchema,
  quizPaths,
  quizQuestionListSchema,
  quizQuestionSchema,
  updateQuizLevelRulesBodySchema,
  updateQuizQuestionBodySchema,
} from '@rozmova/contracts';
import type { QuizService } from './quiz.service.ts';

export function registerQuizRoutes(app: FastifyInstance, deps: { quiz: QuizService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const adminOnly = { access: ['admin'] } as const;

  r.get(quizPaths.questions, { config: { access: 'public' }, schema: { response: { 200: quizQuestionListSchema } } }, async () =>
    deps.quiz.list(),
  );

  r.post(
    quizPaths.questions,
    { config: adminOnly, schema: { body: createQuizQuestionBodySchema, response: { 201: quizQuestionSchema } } },
    async (request, reply) => reply.status(201).send(await deps.quiz.create(request.body)),
  );

  // Public: the browser scores a visitor's self-check with them, so a visitor's answers never leave the device.
  r.get(quizPaths.levelRules, { config: { access: 'public' }, schema: { response: { 200: quizLevelRulesSchema } } }, async () =>
    deps.quiz.levelRules(),
  );

  r.put(
    quizPaths.levelRules,
    { config: adminOnly, schema: { body: updateQuizLevelRulesBodySchema, response: { 200: quizLevelRulesSchema } } },
    async (request) => deps.quiz.setRules(request.body.rules),
  );

  r.put(
    quizPaths.question,
    { config: adminOnly, schema: { params: idParamsSchema, body: updateQuizQuestionBodySchema, response: { 200: quizQuestionSchema } } },
    async (request) => deps.quiz.update(request.params.id, request.body),
  );

  r.delete(
    quizPaths.question,
    { config: adminOnly, schema: { params: idParamsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await deps.quiz.remove(request.params.id);
      return reply.status(204).send(null);
    },
  );
}
