import { describe, expect, test } from 'vitest';
import {
  defaultQuizLevelRules,
  formatQuizScore,
  parseQuizScore,
  quizLevelOf,
  quizRulesAreUnsafe,
  type QuizLevelRule,
} from '@rozmova/contracts';
import { reachableLevels } from './quiz.scoring.ts';
import { seedQuestions } from './quiz.questions.ts';

const rules = defaultQuizLevelRules;

describe('the default rules read docs/product.md §9 safety first (docs/product.md §4 "Self-check")', () => {
  test.each([
    // The extremes: all calm, all distressed, all in between.
    [{ A: 50, B: 0, C: 0 }, 'green'],
    [{ A: 0, B: 50, C: 0 }, 'red'],
    [{ A: 0, B: 0, C: 50 }, 'yellow'],
    // Red starts at 16 distressed answers, and more is never milder (SPEC's 34 is not an upper end).
    [{ A: 35, B: 15, C: 0 }, 'green'],
    [{ A: 34, B: 16, C: 0 }, 'red'],
    [{ A: 0, B: 15, C: 35 }, 'yellow'],
    [{ A: 0, B: 16, C: 34 }, 'red'],
    [{ A: 0, B: 34, C: 16 }, 'red'],
    [{ A: 0, B: 35, C: 15 }, 'red'],
    [{ A: 15, B: 35, C: 0 }, 'red'],
    // Green from 34 calm answers; below it yellow, whatever the in-between answers.
    [{ A: 34, B: 0, C: 16 }, 'green'],
    [{ A: 33, B: 0, C: 17 }, 'yellow'],
    [{ A: 34, B: 15, C: 1 }, 'green'],
    [{ A: 33, B: 15, C: 2 }, 'yellow'],
    // Yellow for everything between (SPEC's C 0..16 band and the rest): nothing complete is "not determined".
    [{ A: 20, B: 15, C: 15 }, 'yellow'],
    [{ A: 18, B: 15, C: 17 }, 'yellow'],
  ] as const)('%o → %s', (counts, level) => {
    expect(quizLevelOf(rules, counts)).toBe(level);
  });

  test('a distressed answer to a crisis question is red by itself, whatever the counts and the rules', () => {
    expect(quizLevelOf(rules, { A: 49, B: 1, C: 0, crisis: 1 })).toBe('red');
    expect(quizLevelOf(rules, { A: 49, B: 1, C: 0, crisis: 0 })).toBe('green');
    expect(quizLevelOf([], { A: 49, B: 1, C: 0, crisis: 1 })).toBe('red');
  });

  test('every split of 50 answers gets a level; none is "not determined"', () => {
    expect(reachableLevels(rules, 50)).toEqual({ red: true, yellow: true, green: true, unknown: false });
  });
});

describe('rules an admin writes', () => {
  const greenFirst: QuizLevelRule[] = [
    { level: 'green', letter: 'A', min: 34, max: 50 },
    { level: 'red', letter: 'B', min: 16, max: 50 },
    { level: 'yellow', letter: 'C', min: 0, max: 16 },
  ];

  test('are checked in their order; a result no rule matches is unknown', () => {
    expect(quizLevelOf(greenFirst, { A: 34, B: 16, C: 0 })).toBe('green');
    expect(quizLevelOf(greenFirst, { A: 20, B: 10, C: 20 })).toBe('unknown');
    expect(quizLevelOf([], { A: 50, B: 0, C: 0 })).toBe('unknown');
  });

  test('are unsafe when distressed answers to every question are not red', () => {
    expect(quizRulesAreUnsafe(rules, 50)).toBe(false);
    expect(quizRulesAreUnsafe(greenFirst, 50)).toBe(false);
    // SPEC's literal "red B 16 to 34, yellow C 0 to 16" told all-distressed "yellow".
    const literal: QuizLevelRule[] = [
      { level: 'red', letter: 'B', min: 16, max: 34 },
      { level: 'yellow', letter: 'C', min: 0, max: 16 },
      { level: 'green', letter: 'A', min: 34, max: 50 },
    ];
    expect(quizLevelOf(literal, { A: 0, B: 50, C: 0 })).toBe('yellow');
    expect(quizRulesAreUnsafe(literal, 50)).toBe(true);
    expect(quizRulesAreUnsafe(greenFirst, 51)).toBe(true);
    expect(quizRulesAreUnsafe([], 50)).toBe(true);
    expect(quizRulesAreUnsafe([], 0)).toBe(false);
  });
});

test('a score is written "A: n, B: n, C: n" and read back', () => {
  expect(formatQuizScore({ A: 30, B: 12, C: 8 })).toBe('A: 30, B: 12, C: 8');
  expect(parseQuizScore('A: 30, B: 12, C: 8')).toEqual({ A: 30, B: 12, C: 8 });
  expect(parseQuizScore('thirty')).toBeUndefined();
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
    expect(seedQuestions.filter((question) => question.isCrisis).map((question) => question.text.en)).toEqual([
      'How often did you have thoughts that you would be better off not living, or of hurting yourself?',
    ]);
  });
});
