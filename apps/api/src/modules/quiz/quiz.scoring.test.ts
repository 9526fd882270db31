import { describe, expect, test } from 'vitest';
import { defaultQuizLevelRules, type QuizLevelRule } from '@rozmova/contracts';
import { formatScore, reachableLevels, scoreQuiz } from './quiz.scoring.ts';
import { seedQuestions } from './quiz.questions.ts';

const rules = defaultQuizLevelRules;

describe('scoreQuiz with the default rules (SPEC.md §4: red B 16..34, then yellow C 0..16, then green A 34..50)', () => {
  test.each([
    // B boundaries; C kept above 16 where the red check alone should decide.
    [{ A: 0, B: 15, C: 35 }, 'unknown'],
    [{ A: 0, B: 16, C: 34 }, 'red'],
    [{ A: 0, B: 34, C: 16 }, 'red'],
    [{ A: 0, B: 35, C: 15 }, 'yellow'],
    [{ A: 16, B: 34, C: 0 }, 'red'],
    // C boundaries with B outside the red range.
    [{ A: 34, B: 0, C: 16 }, 'yellow'],
    [{ A: 33, B: 0, C: 17 }, 'unknown'],
    [{ A: 50, B: 0, C: 0 }, 'yellow'],
    [{ A: 20, B: 15, C: 15 }, 'yellow'],
    [{ A: 18, B: 15, C: 17 }, 'unknown'],
  ] as const)('%o → %s', (counts, level) => {
    expect(scoreQuiz(rules, counts)).toBe(level);
  });

  // Green is only met when neither red nor yellow is (C ≥ 17), which 50 answers cannot combine with A ≥ 34.
  test.each([
    [{ A: 33, B: 0, C: 17 }, 'unknown'],
    [{ A: 34, B: 0, C: 17 }, 'green'],
    [{ A: 50, B: 0, C: 17 }, 'green'],
    [{ A: 51, B: 0, C: 17 }, 'unknown'],
  ] as const)('A boundary: %o → %s', (counts, level) => {
    expect(scoreQuiz(rules, counts)).toBe(level);
  });
});

describe('scoreQuiz follows the order of the rules', () => {
  const greenFirst: QuizLevelRule[] = [
    { level: 'green', letter: 'A', min: 34, max: 50 },
    { level: 'red', letter: 'B', min: 16, max: 34 },
    { level: 'yellow', letter: 'C', min: 0, max: 16 },
  ];
  test.each([
    [{ A: 33, B: 0, C: 17 }, 'unknown'],
    [{ A: 34, B: 0, C: 16 }, 'green'],
    [{ A: 50, B: 0, C: 0 }, 'green'],
    [{ A: 33, B: 0, C: 17 }, 'unknown'],
    [{ A: 33, B: 1, C: 16 }, 'yellow'],
    [{ A: 30, B: 16, C: 4 }, 'red'],
  ] as const)('%o → %s', (counts, level) => {
    expect(scoreQuiz(greenFirst, counts)).toBe(level);
  });

  test('no rules: every result is unknown', () => {
    expect(scoreQuiz([], { A: 50, B: 0, C: 0 })).toBe('unknown');
  });
});

describe('reachableLevels', () => {
  test('the default rules on 50 questions never reach green (PRODUCT.md)', () => {
    expect(reachableLevels(rules, 50)).toEqual({ red: true, yellow: true, green: false, unknown: true });
  });

  test('with green checked first every level is reachable', () => {
    const greenFirst = [rules[2]!, rules[0]!, rules[1]!];
    expect(reachableLevels(greenFirst, 50)).toEqual({ red: true, yellow: true, green: true, unknown: true });
  });

  test('no questions: the only result, 0/0/0, is yellow under the defaults', () => {
    expect(reachableLevels(rules, 0)).toEqual({ red: false, yellow: true, green: false, unknown: false });
  });
});

test('formatScore writes "A: n, B: n, C: n"', () => {
  expect(formatScore({ A: 30, B: 12, C: 8 })).toBe('A: 30, B: 12, C: 8');
});

describe('the seed questions', () => {
  test('50 questions, each with one A, one B and one C and text in both languages', () => {
    expect(seedQuestions).toHaveLength(50);
    for (const question of seedQuestions) {
      expect(question.answers.map((answer) => answer.value).sort()).toEqual(['A', 'B', 'C']);
      for (const text of [question.text, ...question.answers.map((answer) => answer.text)]) {
        expect(text.uk.trim()).not.toBe('');
        expect(text.en.trim()).not.toBe('');
      }
    }
    expect(new Set(seedQuestions.map((question) => question.text.en)).size).toBe(50);
  });
});
