import type { QuizLevelRule, QuizQuestion, QuizRecommendation, User } from '@rozmova/contracts';
import { aCard, aUser } from '../../test/people.ts';

/** Three questions; the second asks about self-harm, so its distressed answer (B) makes any result red. */
const question = (id: string, order: number, en: string, uk: string, crisis = false): QuizQuestion => ({
  id,
  question_order: order,
  question_text: { en, uk },
  question_answers: [
    { id: `${id}-a`, value: 'A', text: { en: 'Rarely', uk: 'Рідко' } },
    { id: `${id}-b`, value: 'B', text: { en: 'Almost every day', uk: 'Майже щодня' } },
    { id: `${id}-c`, value: 'C', text: { en: 'Sometimes', uk: 'Іноді' } },
  ],
  question_is_crisis: crisis,
});

export const questions: QuizQuestion[] = [
  question('q1', 1, 'How often do you sleep badly?', 'Як часто ви погано спите?'),
  question('q2', 2, 'How often do you think of hurting yourself?', 'Як часто ви думаєте заподіяти собі шкоду?', true),
  question('q3', 3, 'How often do you feel tense?', 'Як часто ви відчуваєте напругу?'),
];

/**
 * Rules an admin might set for three questions, green first: two calm answers are green by these rules, so only the
 * crisis question can make such answers red.
 */
export const rules: QuizLevelRule[] = [
  { level: 'green', letter: 'A', min: 2, max: 1000 },
  { level: 'red', letter: 'B', min: 2, max: 1000 },
  { level: 'yellow', letter: 'C', min: 0, max: 1000 },
];

export const levelRules = {
  rules,
  reachable: { red: true, yellow: true, green: true, unknown: false },
  question_count: questions.length,
};

export const card = aCard;

export const recommendation = (level: QuizRecommendation['quiz_recommendation_level'], score: string): QuizRecommendation => ({
  quiz_recommendation_date: '2026-03-10T08:00:00Z',
  quiz_recommendation_title: level,
  quiz_recommendation_text: level,
  quiz_recommendation_level: level,
  quiz_recommendation_score: score,
});

export const patient = (): User =>
  aUser('patient', { id: 'user-1', email: 'olena@example.com', user_name: 'Olena Koval', created_at: '2026-01-05T10:00:00Z' });
