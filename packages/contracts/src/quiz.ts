import { z } from 'zod';
import { multiLineTextSchema } from './common.ts';
import { QUIZ_RULE_COUNT_MAX, quizAnswerValues, quizLevels, quizRuleLevels } from './constants.ts';

export const QUIZ_TEXT_MAX = 1000;

export const localisedTextSchema = z.object({
  uk: multiLineTextSchema(QUIZ_TEXT_MAX).min(1),
  en: multiLineTextSchema(QUIZ_TEXT_MAX).min(1),
});
export type LocalisedText = z.infer<typeof localisedTextSchema>;

export const quizAnswerValueSchema = z.enum(quizAnswerValues);
export const quizLevelSchema = z.enum(quizLevels);
export const quizRuleLevelSchema = z.enum(quizRuleLevels);

export const quizAnswerSchema = z.object({ id: z.string(), value: quizAnswerValueSchema, text: localisedTextSchema });
export type QuizAnswer = z.infer<typeof quizAnswerSchema>;

export const quizQuestionSchema = z.object({
  id: z.string(),
  question_order: z.number().int(),
  question_text: localisedTextSchema,
  question_answers: z.array(quizAnswerSchema),
  /** About self-harm or not wanting to live: its distressed answer makes the result red by itself. */
  question_is_crisis: z.boolean(),
});
export type QuizQuestion = z.infer<typeof quizQuestionSchema>;
export const quizQuestionListSchema = z.array(quizQuestionSchema);

/** Exactly three answers, one each of A, B and C (ids are given by the server). */
export const quizAnswersInputSchema = z
  .array(z.strictObject({ value: quizAnswerValueSchema, text: localisedTextSchema }))
  .length(3)
  .refine((answers) => new Set(answers.map((answer) => answer.value)).size === 3, {
    message: 'The three answers have the values A, B and C, one each',
  });

/** `question_order`: the position to insert at (from 1); the questions from there move down. Absent: at the end. */
export const createQuizQuestionBodySchema = z.strictObject({
  question_order: z.number().int().min(1).max(10_000).optional(),
  question_text: localisedTextSchema,
  question_answers: quizAnswersInputSchema,
  question_is_crisis: z.boolean().optional(),
});
export type CreateQuizQuestionBody = z.infer<typeof createQuizQuestionBodySchema>;

export const updateQuizQuestionBodySchema = z
  .strictObject({
    question_order: z.number().int().min(1).max(10_000).optional(),
    question_text: localisedTextSchema.optional(),
    question_answers: quizAnswersInputSchema.optional(),
    question_is_crisis: z.boolean().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { message: 'Nothing to update' });
export type UpdateQuizQuestionBody = z.infer<typeof updateQuizQuestionBodySchema>;

export const quizLevelRuleSchema = z
  .strictObject({
    level: quizRuleLevelSchema,
    letter: quizAnswerValueSchema,
    min: z.number().int().min(0).max(QUIZ_RULE_COUNT_MAX),
    max: z.number().int().min(0).max(QUIZ_RULE_COUNT_MAX),
  })
  .refine((rule) => rule.min <= rule.max, { message: 'min may not be above max', path: ['max'] });

export const updateQuizLevelRulesBodySchema = z.strictObject({ rules: z.array(quizLevelRuleSchema).max(20) });
export type UpdateQuizLevelRulesBody = z.infer<typeof updateQuizLevelRulesBodySchema>;

export const quizLevelRulesSchema = z.object({
  rules: z.array(z.object({ level: quizRuleLevelSchema, letter: quizAnswerValueSchema, min: z.number(), max: z.number() })),
  /** Which levels some split of the current number of questions into A, B and C answers reaches. */
  reachable: z.object({ red: z.boolean(), yellow: z.boolean(), green: z.boolean(), unknown: z.boolean() }),
  question_count: z.number().int(),
});
export type QuizLevelRules = z.infer<typeof quizLevelRulesSchema>;
