import type { QuizAnswerValue, QuizLevel, QuizLevelRule } from '@rozmova/contracts';

export type QuizCounts = Record<QuizAnswerValue, number>;

/** The level of a result: the first rule (in order) whose letter count lies within min..max; none → `unknown`. */
export function scoreQuiz(rules: readonly QuizLevelRule[], counts: QuizCounts): QuizLevel {
  for (const rule of rules) {
    const value = counts[rule.letter];
    if (value >= rule.min && value <= rule.max) return rule.level;
  }
  return 'unknown';
}

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
