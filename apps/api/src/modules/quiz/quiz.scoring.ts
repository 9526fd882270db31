import { quizLevelOf, type QuizLevel, type QuizLevelRule } from '@rozmova/contracts';

/** Which levels some split of `questionCount` answers into A, B and C reaches under the rules. */
export function reachableLevels(rules: readonly QuizLevelRule[], questionCount: number): Record<QuizLevel, boolean> {
  const reachable: Record<QuizLevel, boolean> = { red: false, yellow: false, green: false, unknown: false };
  for (let a = 0; a <= questionCount; a++) {
    for (let b = 0; a + b <= questionCount; b++) {
      reachable[quizLevelOf(rules, { A: a, B: b, C: questionCount - a - b })] = true;
    }
  }
  return reachable;
}
