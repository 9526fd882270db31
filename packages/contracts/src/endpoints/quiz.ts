import { z } from 'zod';
import { idParamsSchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { quizPaths } from '../paths.ts';
import {
  createQuizQuestionBodySchema,
  quizLevelRulesSchema,
  quizQuestionListSchema,
  quizQuestionSchema,
  updateQuizLevelRulesBodySchema,
  updateQuizQuestionBodySchema,
} from '../quiz.ts';

const adminOnly = { access: ['admin'] } as const;

export const list = endpoint({
  method: 'GET',
  path: quizPaths.questions,
  access: 'public',
  summary: 'The self-check questions in their order',
  responses: { 200: quizQuestionListSchema },
});

export const create = endpoint({
  method: 'POST',
  path: quizPaths.questions,
  ...adminOnly,
  body: createQuizQuestionBodySchema,
  responses: { 201: quizQuestionSchema },
});

/** Public: the browser scores a visitor's self-check with them, so a visitor's answers never leave the device. */
export const levelRules = endpoint({
  method: 'GET',
  path: quizPaths.levelRules,
  access: 'public',
  summary: 'The rules that turn self-check answers into a level',
  responses: { 200: quizLevelRulesSchema },
});

export const setLevelRules = endpoint({
  method: 'PUT',
  path: quizPaths.levelRules,
  ...adminOnly,
  body: updateQuizLevelRulesBodySchema,
  responses: { 200: quizLevelRulesSchema },
});

export const update = endpoint({
  method: 'PUT',
  path: quizPaths.question,
  ...adminOnly,
  params: idParamsSchema,
  body: updateQuizQuestionBodySchema,
  responses: { 200: quizQuestionSchema },
});

export const remove = endpoint({
  method: 'DELETE',
  path: quizPaths.question,
  ...adminOnly,
  params: idParamsSchema,
  responses: { 204: z.null() },
});
