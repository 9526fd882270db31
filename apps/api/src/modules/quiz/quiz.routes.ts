import type { FastifyInstance } from 'fastify';
import { quizApi } from '@rozmova/contracts';
import { route } from '../../http/route.ts';
import type { QuizService } from './quiz.service.ts';

export function registerQuizRoutes(app: FastifyInstance, deps: { quiz: QuizService }): void {
  route(app, quizApi.list, async () => deps.quiz.list());

  route(app, quizApi.create, async (request, reply) => reply.status(201).send(await deps.quiz.create(request.body)));

  route(app, quizApi.levelRules, async () => deps.quiz.levelRules());

  route(app, quizApi.setLevelRules, async (request) => deps.quiz.setRules(request.body.rules));

  route(app, quizApi.update, async (request) => deps.quiz.update(request.params.id, request.body));

  route(app, quizApi.remove, async (request, reply) => {
    await deps.quiz.remove(request.params.id);
    return reply.status(204).send(null);
  });
}
