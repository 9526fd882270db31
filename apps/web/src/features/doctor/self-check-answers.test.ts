import { describe, expect, it } from 'vitest';
import type { QuizQuestion } from '@rozmova/contracts';
import { answeredQuestions } from './self-check-answers.ts';

const question = (n: number, crisis = false): QuizQuestion => ({
  id: `q${n}`,
  question_order: n,
  question_text: { uk: `Питання ${n}`, en: `Question ${n}` },
  question_answers: (['A', 'C', 'B'] as const).map((value) => ({ id: `q${n}-${value}`, value, text: { uk: value, en: value } })),
  question_is_crisis: crisis,
});
const questions = [question(1), question(2), question(3), question(4, true), question(5)];

describe('answeredQuestions', () => {
  it('puts the distressed answer to a crisis question first, then the distressed, in-between and calm ones in order', () => {
    const results = [
      { question_id: 'q1', answer_id: 'q1-A' },
      { question_id: 'q2', answer_id: 'q2-B' },
      { question_id: 'q3', answer_id: 'q3-C' },
      { question_id: 'q4', answer_id: 'q4-B' },
      { question_id: 'q5', answer_id: 'q5-B' },
    ];
    expect(answeredQuestions(questions, results).map((a) => [a.question.id, a.value, a.crisis])).toEqual([
      ['q4', 'B', true],
      ['q2', 'B', false],
      ['q5', 'B', false],
      ['q3', 'C', false],
      ['q1', 'A', false],
    ]);
  });

  it('leaves out answers to questions deleted since', () => {
    expect(answeredQuestions(questions, [{ question_id: 'gone', answer_id: 'x' }])).toEqual([]);
  });
});
