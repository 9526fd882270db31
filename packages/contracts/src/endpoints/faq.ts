import { z } from 'zod';
import { idParamsSchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import {
  faqAdminListSchema,
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
} from '../faq.ts';
import { faqPaths } from '../paths.ts';

export const topics = endpoint({
  method: 'GET',
  path: faqPaths.topics,
  access: 'public',
  responses: { 200: faqTopicListSchema },
});

export const topic = endpoint({
  method: 'GET',
  path: faqPaths.topic,
  access: 'public',
  summary: 'A topic with its questions',
  params: idParamsSchema,
  responses: { 200: faqTopicDetailsSchema },
});

export const question = endpoint({
  method: 'GET',
  path: faqPaths.question,
  access: 'public',
  summary: 'A question with its topic',
  params: idParamsSchema,
  responses: { 200: faqQuestionDetailsSchema },
});

export const search = endpoint({
  method: 'GET',
  path: faqPaths.search,
  access: 'public',
  query: faqSearchQuerySchema,
  responses: { 200: faqSearchResultSchema },
});

export const vote = endpoint({
  method: 'POST',
  path: faqPaths.vote,
  access: 'public',
  summary: 'Say whether an answer helped (once a day per address); answers the counts',
  params: idParamsSchema,
  body: faqVoteBodySchema,
  responses: { 200: faqVoteResultSchema },
  errors: ['TOO_MANY_REQUESTS'],
});

export const adminList = endpoint({
  method: 'GET',
  path: faqPaths.adminTopics,
  access: ['admin'],
  summary: 'Every topic and question, unpublished ones too',
  responses: { 200: faqAdminListSchema },
});

export const createTopic = endpoint({
  method: 'POST',
  path: faqPaths.adminTopics,
  access: ['admin'],
  body: faqTopicBodySchema,
  responses: { 201: faqTopicSchema },
});

export const updateTopic = endpoint({
  method: 'PUT',
  path: faqPaths.adminTopic,
  access: ['admin'],
  params: idParamsSchema,
  body: faqTopicBodySchema,
  responses: { 200: faqTopicSchema },
});

export const removeTopic = endpoint({
  method: 'DELETE',
  path: faqPaths.adminTopic,
  access: ['admin'],
  summary: 'Remove a topic with its questions',
  params: idParamsSchema,
  responses: { 204: z.null() },
});

export const createQuestion = endpoint({
  method: 'POST',
  path: faqPaths.adminQuestions,
  access: ['admin'],
  body: faqQuestionBodySchema,
  responses: { 201: faqQuestionSchema },
});

export const updateQuestion = endpoint({
  method: 'PUT',
  path: faqPaths.adminQuestion,
  access: ['admin'],
  params: idParamsSchema,
  body: faqQuestionBodySchema,
  responses: { 200: faqQuestionSchema },
});

export const removeQuestion = endpoint({
  method: 'DELETE',
  path: faqPaths.adminQuestion,
  access: ['admin'],
  params: idParamsSchema,
  responses: { 204: z.null() },
});
