import { z } from 'zod';
import { multiLineTextSchema, oneLineTextSchema } from './common.ts';

export const FAQ_TITLE_MAX = 200;
export const FAQ_ANSWER_MAX = 5000;
/** A search shorter than this (after trimming) answers nothing. */
export const FAQ_SEARCH_MIN = 2;
export const FAQ_SEARCH_MAX = 100;

const localisedLine = z.object({ uk: oneLineTextSchema(FAQ_TITLE_MAX).min(1), en: oneLineTextSchema(FAQ_TITLE_MAX).min(1) });
const localisedAnswer = z.object({ uk: multiLineTextSchema(FAQ_ANSWER_MAX).min(1), en: multiLineTextSchema(FAQ_ANSWER_MAX).min(1) });

export const faqTopicSchema = z.object({
  id: z.string(),
  title: localisedLine,
  position: z.number(),
  isPublished: z.boolean(),
  questionCount: z.number(),
});
export type FaqTopic = z.infer<typeof faqTopicSchema>;

export const faqQuestionSchema = z.object({
  id: z.string(),
  topicId: z.string(),
  question: localisedLine,
  answer: localisedAnswer,
  position: z.number(),
  isPublished: z.boolean(),
  helpfulYes: z.number(),
  helpfulNo: z.number(),
});
export type FaqQuestion = z.infer<typeof faqQuestionSchema>;

export const faqTopicListSchema = z.object({ topics: z.array(faqTopicSchema) });
export const faqTopicDetailsSchema = z.object({ topic: faqTopicSchema, questions: z.array(faqQuestionSchema) });
export type FaqTopicDetails = z.infer<typeof faqTopicDetailsSchema>;
export const faqQuestionDetailsSchema = z.object({ topic: faqTopicSchema, question: faqQuestionSchema });
export type FaqQuestionDetails = z.infer<typeof faqQuestionDetailsSchema>;
export const faqSearchResultSchema = z.object({ questions: z.array(faqQuestionSchema) });

export const faqSearchQuerySchema = z.strictObject({ query: oneLineTextSchema(FAQ_SEARCH_MAX) });
export const faqVoteBodySchema = z.strictObject({ helpful: z.boolean() });
export const faqVoteResultSchema = z.object({ helpfulYes: z.number(), helpfulNo: z.number() });

export const faqTopicBodySchema = z.strictObject({
  title: localisedLine,
  position: z.number().int().min(0).max(10_000),
  isPublished: z.boolean(),
});
export type FaqTopicBody = z.infer<typeof faqTopicBodySchema>;

export const faqQuestionBodySchema = z.strictObject({
  topicId: z.uuid(),
  question: localisedLine,
  answer: localisedAnswer,
  position: z.number().int().min(0).max(10_000),
  isPublished: z.boolean(),
});
export type FaqQuestionBody = z.infer<typeof faqQuestionBodySchema>;

/** The editor's view: every topic and question, published or not. */
export const faqAdminListSchema = z.object({ topics: z.array(faqTopicSchema), questions: z.array(faqQuestionSchema) });
export type FaqAdminList = z.infer<typeof faqAdminListSchema>;
