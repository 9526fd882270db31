import { asc, count, eq, gt, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { quizQuestions, type LocalisedText, type QuizAnswer } from '../../db/schema.ts';
import { readSetting, writeSetting } from '../../db/settings.ts';

export type QuestionRow = typeof quizQuestions.$inferSelect;

/** Writers of the question list take this lock first, so two edits cannot leave the order with gaps or duplicates. */
export async function lockQuestions(tx: Db): Promise<void> {
  await tx.execute(sql`lock table ${quizQuestions} in share row exclusive mode`);
}

export const listQuestions = (db: Db): Promise<QuestionRow[]> =>
  db.select().from(quizQuestions).orderBy(asc(quizQuestions.questionOrder), asc(quizQuestions.createdAt));

export async function countQuestions(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(quizQuestions);
  return row?.n ?? 0;
}

export async function findQuestion(db: Db, id: string): Promise<QuestionRow | undefined> {
  const [row] = await db.select().from(quizQuestions).where(eq(quizQuestions.id, id));
  return row;
}

export async function insertQuestions(
  db: Db,
  values: { questionOrder: number; text: LocalisedText; answers: QuizAnswer[]; isCrisis?: boolean }[],
) {
  return db.insert(quizQuestions).values(values).returning();
}

/** Moves every question at `from` or later one place down. */
export async function shiftDownFrom(db: Db, from: number): Promise<void> {
  await db
    .update(quizQuestions)
    .set({ questionOrder: sql`${quizQuestions.questionOrder} + 1` })
    .where(gte(quizQuestions.questionOrder, from));
}

/** Closes the gap a question at `order` left. */
export async function shiftUpAfter(db: Db, order: number): Promise<void> {
  await db
    .update(quizQuestions)
    .set({ questionOrder: sql`${quizQuestions.questionOrder} - 1` })
    .where(gt(quizQuestions.questionOrder, order));
}

export async function updateQuestion(
  db: Db,
  id: string,
  values: Partial<Pick<QuestionRow, 'questionOrder' | 'text' | 'answers' | 'isCrisis'>>,
) {
  const [row] = await db
    .update(quizQuestions)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(quizQuestions.id, id))
    .returning();
  return row;
}

export async function deleteQuestion(db: Db, id: string): Promise<QuestionRow | undefined> {
  const [row] = await db.delete(quizQuestions).where(eq(quizQuestions.id, id)).returning();
  return row;
}

const LEVEL_RULES_SETTING = 'quiz_level_rules';

export const findLevelRulesSetting = (db: Db): Promise<unknown> => readSetting(db, LEVEL_RULES_SETTING);

export const saveLevelRulesSetting = (db: Db, rules: unknown): Promise<void> => writeSetting(db, LEVEL_RULES_SETTING, rules);
