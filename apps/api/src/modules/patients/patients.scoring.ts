import { randomUUID } from 'node:crypto';
import {
  DISTRESSED_ANSWER,
  formatQuizScore,
  type FieldError,
  type QuizCounts,
  type QuizLevel,
  type QuizResult,
  type QuizTally,
} from '@rozmova/contracts';
import { AppError } from '../../lib/app-error.ts';
import { recommendationTexts } from '../quiz/quiz.questions.ts';
import type { CardChanges } from './patients.repository.ts';

const RESULTS_FIELD = 'body.patient_quizz_results';

/** A completion's recommendation (docs/product.md §3 fields, in the patient's language) and its note ("<level>, A: n, B: n, C: n"). */
export function scored(level: QuizLevel, counts: QuizCounts, locale: 'uk' | 'en', now: Date): CardChanges {
  const score = formatQuizScore(counts);
  const at = now.toISOString();
  const advice = recommendationTexts[level][locale];
  return {
    appendRecommendation: {
      quiz_recommendation_date: at,
      quiz_recommendation_title: advice.title,
      quiz_recommendation_text: advice.text,
      quiz_recommendation_level: level,
      quiz_recommendation_score: score,
    },
    appendNote: { note_id: randomUUID(), note_text: `${level}, ${score}`, note_date: at },
  };
}

/** Checks answers against the current questions; `complete` also asks for exactly one answer per question. */
export function countAnswers(
  results: QuizResult[],
  questions: { id: string; isCrisis: boolean; answers: { id: string; value: 'A' | 'B' | 'C' }[] }[],
  complete: boolean,
): QuizTally {
  const byId = new Map(questions.map((question) => [question.id, question]));
  const seen = new Set<string>();
  const counts: QuizTally = { A: 0, B: 0, C: 0, crisis: 0 };
  const errors: FieldError[] = [];
  results.forEach((result, index) => {
    const question = byId.get(result.question_id);
    if (!question)
      return void errors.push({ path: `${RESULTS_FIELD}.${index}.question_id`, code: 'INVALID_VALUE', message: 'No such question' });
    if (seen.has(result.question_id))
      return void errors.push({
        path: `${RESULTS_FIELD}.${index}.question_id`,
        code: 'INVALID_VALUE',
        message: 'The question is answered twice',
      });
    seen.add(result.question_id);
    const answer = question.answers.find((candidate) => candidate.id === result.answer_id);
    if (!answer)
      return void errors.push({
        path: `${RESULTS_FIELD}.${index}.answer_id`,
        code: 'INVALID_VALUE',
        message: 'Not an answer to this question',
      });
    counts[answer.value] += 1;
    if (question.isCrisis && answer.value === DISTRESSED_ANSWER) counts.crisis += 1;
  });
  if (complete && errors.length === 0 && seen.size !== questions.length) {
    errors.push({
      path: RESULTS_FIELD,
      code: 'TOO_SHORT',
      message: `Every question needs one answer: ${questions.length - seen.size} unanswered`,
    });
  }
  if (errors.length > 0) throw new AppError('VALIDATION_FAILED', 'The quiz answers are not valid', errors);
  return counts;
}
