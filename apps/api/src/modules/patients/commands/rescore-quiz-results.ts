import { defaultQuizLevelRules, DISTRESSED_ANSWER, parseQuizScore, quizLevelOf } from '@rozmova/contracts';
import { runOnce } from '../../../db/run-once.ts';
import { listScoredCards, updateCard } from '../patients.repository.ts';
import { scored } from '../patients.scoring.ts';
import type { PatientsDeps } from './context.ts';

/**
 * Once per database: each card's latest result scored again with the safety-first default rules (docs/product.md
 * "Quiz"); where the level differs, a new recommendation and note are appended, so a patient whose level rose to
 * red finds the crisis lines at the next visit. The crisis answers are known for the latest completion only (the
 * card keeps its answers until a retake starts). Answers how many cards changed.
 */
export async function rescoreQuizResultsOnce(ctx: Pick<PatientsDeps, 'db' | 'clock' | 'quiz'>): Promise<number> {
  const questions = await ctx.quiz.questionRows();
  const crisisAnswers = new Set(
    questions.filter((q) => q.isCrisis).flatMap((q) => q.answers.filter((a) => a.value === DISTRESSED_ANSWER).map((a) => a.id)),
  );
  let changed = 0;
  await runOnce(ctx.db, 'quiz-levels-safety-first', async (tx) => {
    for (const card of await listScoredCards(tx)) {
      const latest = card.quizzRecommendations.at(-1);
      const counts = latest && parseQuizScore(latest.quiz_recommendation_score);
      if (!counts) continue;
      const crisis = card.quizzIsCompleted ? card.quizzResults.filter((r) => crisisAnswers.has(r.answer_id)).length : 0;
      const level = quizLevelOf(defaultQuizLevelRules, { ...counts, crisis });
      if (level === latest.quiz_recommendation_level) continue;
      await updateCard(tx, card.id, scored(level, counts, card.locale, ctx.clock.now()));
      changed += 1;
    }
  });
  return changed;
}
