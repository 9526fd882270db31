import { defaultQuizLevelRules, parseQuizScore, quizLevelOf, type QuizQuestion } from '@rozmova/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import {
  allAnswered,
  canGoBack,
  clearDraft,
  countAnswers,
  fromResults,
  hasFinishedVisitorQuiz,
  isLastQuestion,
  nextIndex,
  parseQuizNote,
  patientQuizKey,
  previousIndex,
  progressPercent,
  readDraft,
  resumeIndex,
  toResults,
  VISITOR_QUIZ_KEY,
  writeDraft,
} from './quiz.ts';

const question = (n: number): QuizQuestion => ({
  id: `q${n}`,
  question_order: n,
  question_text: { uk: `Питання ${n}`, en: `Question ${n}` },
  question_answers: (['A', 'C', 'B'] as const).map((value) => ({ id: `q${n}-${value}`, value, text: { uk: value, en: value } })),
  question_is_crisis: n === 4,
});
const questions = [1, 2, 3, 4].map(question);

afterEach(() => localStorage.clear());

describe('quiz navigation (docs/product.md §4)', () => {
  it('starts at 0 and goes back only while the index is above 0', () => {
    expect(canGoBack(0)).toBe(false);
    expect(canGoBack(1)).toBe(true);
    expect(previousIndex(0)).toBe(0);
    expect(previousIndex(3)).toBe(2);
  });

  it('reaches the last question at count − 1 and does not move past it', () => {
    expect(isLastQuestion(3, 4)).toBe(true);
    expect(isLastQuestion(2, 4)).toBe(false);
    expect(isLastQuestion(0, 1)).toBe(true);
    expect(isLastQuestion(0, 0)).toBe(false);
    expect(nextIndex(0, 4)).toBe(1);
    expect(nextIndex(3, 4)).toBe(3);
  });

  it('shows the progress as ceil(index / count × 100), from 0 to 100', () => {
    expect(progressPercent(0, 50)).toBe(0);
    expect(progressPercent(1, 50)).toBe(2);
    expect(progressPercent(1, 3)).toBe(34);
    expect(progressPercent(2, 3)).toBe(67);
    expect(progressPercent(49, 50)).toBe(98);
    expect(progressPercent(50, 50)).toBe(100);
    expect(progressPercent(7, 0)).toBe(0);
  });
});

describe('quiz answers', () => {
  it('sends one { question_id, answer_id } per answered question, in question order, without stale answers', () => {
    const answers = { q3: 'q3-B', q1: 'q1-A', gone: 'gone-A', q2: 'q4-A' };
    expect(toResults(questions, answers)).toEqual([
      { question_id: 'q1', answer_id: 'q1-A' },
      { question_id: 'q3', answer_id: 'q3-B' },
    ]);
    expect(fromResults(toResults(questions, answers))).toEqual({ q1: 'q1-A', q3: 'q3-B' });
  });

  it('resumes at the first question without an answer, or the last when all are answered', () => {
    expect(resumeIndex(questions, {})).toBe(0);
    expect(resumeIndex(questions, { q1: 'q1-A', q2: 'q2-C' })).toBe(2);
    const all = { q1: 'q1-A', q2: 'q2-A', q3: 'q3-A', q4: 'q4-B' };
    expect(allAnswered(questions, all)).toBe(true);
    expect(resumeIndex(questions, all)).toBe(3);
    expect(allAnswered(questions, { q1: 'q1-A' })).toBe(false);
    expect(allAnswered([], {})).toBe(false);
  });

  it('keeps a draft in local storage and ignores a damaged one', () => {
    const key = patientQuizKey('card-1');
    expect(readDraft(key)).toBeNull();
    writeDraft(key, { answers: { q1: 'q1-A' }, index: 1 });
    expect(readDraft(key)).toEqual({ answers: { q1: 'q1-A' }, index: 1, finished: false });
    localStorage.setItem(key, '{"answers":{"q1":5,"q2":"q2-B"},"index":-3}');
    expect(readDraft(key)).toEqual({ answers: { q2: 'q2-B' }, index: 0, finished: false });
    localStorage.setItem(key, 'not json');
    expect(readDraft(key)).toBeNull();
    clearDraft(key);
    expect(localStorage.getItem(key)).toBeNull();
  });

  it('knows when a visitor finished the quiz on /diagnosis', () => {
    expect(hasFinishedVisitorQuiz()).toBe(false);
    writeDraft(VISITOR_QUIZ_KEY, { answers: { q1: 'q1-A' }, index: 0 });
    expect(hasFinishedVisitorQuiz()).toBe(false);
    writeDraft(VISITOR_QUIZ_KEY, { answers: { q1: 'q1-A' }, index: 0, finished: true });
    expect(hasFinishedVisitorQuiz()).toBe(true);
  });
});

describe('a visitor scored in the browser and stored results read back', () => {
  it('counts the letters of the answers given and scores them with the same rules as the server', () => {
    const answers = { q1: 'q1-B', q2: 'q2-B', q3: 'q3-C', q9: 'q9-A' };
    expect(countAnswers(questions, answers)).toEqual({ A: 0, B: 2, C: 1, crisis: 0 });
    expect(quizLevelOf(defaultQuizLevelRules, countAnswers(questions, answers))).toBe('yellow');
    // The distressed answer to the crisis question (q4) is red by itself.
    const crisis = { ...answers, q4: 'q4-B' };
    expect(countAnswers(questions, crisis)).toEqual({ A: 0, B: 3, C: 1, crisis: 1 });
    expect(quizLevelOf(defaultQuizLevelRules, countAnswers(questions, crisis))).toBe('red');
    expect(quizLevelOf(defaultQuizLevelRules, { A: 10, B: 20, C: 20 })).toBe('red');
    expect(quizLevelOf(defaultQuizLevelRules, { A: 40, B: 0, C: 10 })).toBe('green');
  });

  it('parses a stored score and a completion note; anything else is left alone', () => {
    expect(parseQuizScore('A: 30, B: 0, C: 20')).toEqual({ A: 30, B: 0, C: 20 });
    expect(parseQuizScore('thirty')).toBeUndefined();
    expect(parseQuizNote('unknown, A: 30, B: 0, C: 20')).toEqual({ level: 'unknown', counts: { A: 30, B: 0, C: 20 } });
    expect(parseQuizNote('red, A: 1, B: 20, C: 29')?.level).toBe('red');
    expect(parseQuizNote('Call back, A: 1, B: 2, C: 3')).toBeUndefined();
    expect(parseQuizNote('Patient doing well')).toBeUndefined();
  });
});
