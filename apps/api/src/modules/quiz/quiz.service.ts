import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  defaultQuizLevelRules,
  quizAnswerValueSchema,
  quizRulesAreUnsafe,
  quizRuleLevelSchema,
  type CreateQuizQuestionBody,
  type QuizLevelRule,
  type QuizLevelRules,
  type QuizQuestion,
  type UpdateQuizQuestionBody,
} from '@rozmova/contracts';
import type { Db } from '../../db/client.ts';
import type { QuizAnswer } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import {
  countQuestions,
  deleteQuestion,
  findLevelRulesSetting,
  findQuestion,
  insertQuestions,
  listQuestions,
  lockQuestions,
  saveLevelRulesSetting,
  shiftDownFrom,
  shiftUpAfter,
  updateQuestion,
  type QuestionRow,
} from './quiz.repository.ts';
import { seedQuestions } from './quiz.questions.ts';
import { reachableLevels } from './quiz.scoring.ts';

const storedRulesSchema = z.array(
  z.object({ level: quizRuleLevelSchema, letter: quizAnswerValueSchema, min: z.number().int(), max: z.number().int() }),
);

export function toQuizQuestion(row: QuestionRow): QuizQuestion {
  return {
    id: row.id,
    question_order: row.questionOrder,
    question_text: row.text,
    question_answers: row.answers.map((answer) => ({ id: answer.id, value: answer.value, text: answer.text })),
    question_is_crisis: row.isCrisis,
  };
}

/** Answer ids stay with their letter when a question is edited, so saved results keep pointing at the same choice. */
function withIds(answers: CreateQuizQuestionBody['question_answers'], previous: QuizAnswer[] = []): QuizAnswer[] {
  return answers.map((answer) => ({
    id: previous.find((old) => old.value === answer.value)?.id ?? randomUUID(),
    value: answer.value,
    text: answer.text,
  }));
}

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

export function createQuizService(deps: { db: Db }) {
  const { db } = deps;

  /**
   * The saved rules, or the default when none are saved or the saved ones are no longer safe (rules from before the
   * safety-first reading, or questions added since): someone distressed in every answer is always told red.
   */
  async function getRules(): Promise<QuizLevelRule[]> {
    const parsed = storedRulesSchema.safeParse(await findLevelRulesSetting(db));
    if (parsed.success && !quizRulesAreUnsafe(parsed.data, await countQuestions(db))) return parsed.data;
    return defaultQuizLevelRules.map((rule) => ({ ...rule }));
  }

  async function describeRules(rules: QuizLevelRule[]): Promise<QuizLevelRules> {
    const questionCount = await countQuestions(db);
    return { rules, reachable: reachableLevels(rules, questionCount), question_count: questionCount };
  }

  return {
    /** The questions in order, with their answers. */
    list: async (): Promise<QuizQuestion[]> => (await listQuestions(db)).map(toQuizQuestion),

    /** The rows themselves, for scoring a patient's answers. */
    questionRows: () => listQuestions(db),

    /** Inserts at `question_order` (clamped to the list; absent: at the end); the questions from there move down. */
    async create(body: CreateQuizQuestionBody): Promise<QuizQuestion> {
      return db.transaction(async (tx) => {
        await lockQuestions(tx);
        const total = await countQuestions(tx);
        const position = clamp(body.question_order ?? total + 1, 1, total + 1);
        await shiftDownFrom(tx, position);
        const [row] = await insertQuestions(tx, [
          {
            questionOrder: position,
            text: body.question_text,
            answers: withIds(body.question_answers),
            isCrisis: body.question_is_crisis ?? false,
          },
        ]);
        return toQuizQuestion(row!);
      });
    },

    async update(id: string, body: UpdateQuizQuestionBody): Promise<QuizQuestion> {
      return db.transaction(async (tx) => {
        await lockQuestions(tx);
        const current = await findQuestion(tx, id);
        if (!current) throw notFound('Question');
        let questionOrder: number | undefined;
        if (body.question_order !== undefined) {
          questionOrder = clamp(body.question_order, 1, await countQuestions(tx));
          if (questionOrder !== current.questionOrder) {
            // Out of the list (0 is below every position), close its gap, open the new one.
            await updateQuestion(tx, id, { questionOrder: 0 });
            await shiftUpAfter(tx, current.questionOrder);
            await shiftDownFrom(tx, questionOrder);
          }
        }
        const row = await updateQuestion(tx, id, {
          questionOrder,
          text: body.question_text,
          answers: body.question_answers ? withIds(body.question_answers, current.answers) : undefined,
          isCrisis: body.question_is_crisis,
        });
        return toQuizQuestion(row!);
      });
    },

    /** Deletes the question and closes the gap. Patients' saved answers to it stay in their cards. */
    async remove(id: string): Promise<void> {
      await db.transaction(async (tx) => {
        await lockQuestions(tx);
        const deleted = await deleteQuestion(tx, id);
        if (!deleted) throw notFound('Question');
        await shiftUpAfter(tx, deleted.questionOrder);
      });
    },

    /** Our own 50 questions on an empty database (at start, like the first admin). */
    async seedIfEmpty(): Promise<boolean> {
      return db.transaction(async (tx) => {
        await lockQuestions(tx);
        if ((await countQuestions(tx)) > 0) return false;
        await insertQuestions(
          tx,
          seedQuestions.map((question, index) => ({
            questionOrder: index + 1,
            text: question.text,
            answers: withIds(question.answers),
            isCrisis: question.isCrisis,
          })),
        );
        return true;
      });
    },

    getRules,

    levelRules: async (): Promise<QuizLevelRules> => describeRules(await getRules()),

    /** Saves the rules in their order, unless someone distressed in every answer would not be told red. */
    async setRules(rules: QuizLevelRule[]): Promise<QuizLevelRules> {
      const questionCount = await countQuestions(db);
      const errors = quizRulesAreUnsafe(rules, questionCount)
        ? [
            {
              path: 'body.rules',
              code: 'INVALID_VALUE' as const,
              message: `Distressed answers to all ${questionCount} questions must give red`,
            },
          ]
        : [];
      if (errors.length > 0) throw new AppError('VALIDATION_FAILED', 'Validation failed', errors);
      const saved = rules.map(({ level, letter, min, max }) => ({ level, letter, min, max }));
      await saveLevelRulesSetting(db, saved);
      return describeRules(saved);
    },
  };
}

export type QuizService = ReturnType<typeof createQuizService>;
