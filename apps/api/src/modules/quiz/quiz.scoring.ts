import { quizLevelOf, type QuizCounts, type QuizLevel, type QuizLevelRule } from '@rozmova/contracts';

export type { QuizCounts };

/** The level of a result (one function for the server and a visitor's browser, in the contracts). */
export const scoreQuiz = (rules: readonly QuizLevelRule[], counts: QuizCounts): QuizLevel => quizLevelOf(rules, counts);

/** Which levels some split of `questionCount` answers into A, B and C reaches under the rules. */
export function reachableLevels(rules: readonly QuizLevelRule[], questionCount: number): Record<QuizLevel, boolean> {
  const reachable: Record<QuizLevel, boolean> = { red: false, yellow: false, green: false, unknown: false };
  for (let a = 0; a <= questionCount; a++) {
    for (let b = 0; a + b <= questionCount; b++) {
      reachable[scoreQuiz(rules, { A: a, B: b, C: questionCount - a - b })] = true;
    }
  }
  return reachable;
}

/** SPEC.md §3: "A: n, B: n, C: n". */
export const formatScore = (counts: QuizCounts) => `A: ${counts.A}, B: ${counts.B}, C: ${counts.C}`;
