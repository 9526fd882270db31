import {
  DISTRESSED_ANSWER,
  parseQuizScore,
  quizLevels,
  type QuizCounts,
  type QuizLevel,
  type QuizQuestion,
  type QuizResult,
  type QuizTally,
} from '@rozmova/contracts';

/** The answers given so far: question id → answer id. */
export type QuizAnswers = Record<string, string>;

/** A quiz in progress as it is kept in local storage, so a reload or a lost connection loses nothing. */
export interface QuizDraft {
  answers: QuizAnswers;
  /** The question shown (from 0). */
  index: number;
  /** A visitor answered every question; the answers wait for an account to be scored. */
  finished?: boolean;
}

/** docs/product.md §4: the quiz starts at 0, goes back only while the index is above 0, ends at count − 1. */
export const canGoBack = (index: number): boolean => index > 0;
export const isLastQuestion = (index: number, count: number): boolean => count > 0 && index === count - 1;
export const nextIndex = (index: number, count: number): number => Math.min(index + 1, Math.max(count - 1, 0));
export const previousIndex = (index: number): number => (canGoBack(index) ? index - 1 : index);

/** docs/product.md §4: the index divided by the question count times 100, rounded up (0 to 100). */
export function progressPercent(index: number, count: number): number {
  if (count <= 0) return 0;
  return Math.min(100, Math.max(0, Math.ceil((index / count) * 100)));
}

const isAnswerOf = (question: QuizQuestion, answerId: string | undefined) =>
  answerId !== undefined && question.question_answers.some((answer) => answer.id === answerId);

/** One `{ question_id, answer_id }` per answered question, in question order; answers to removed questions are dropped. */
export function toResults(questions: QuizQuestion[], answers: QuizAnswers): QuizResult[] {
  return questions
    .filter((question) => isAnswerOf(question, answers[question.id]))
    .map((question) => ({ question_id: question.id, answer_id: answers[question.id]! }));
}

export function fromResults(results: readonly { question_id: string; answer_id: string }[]): QuizAnswers {
  return Object.fromEntries(results.map((result) => [result.question_id, result.answer_id]));
}

export const allAnswered = (questions: QuizQuestion[], answers: QuizAnswers): boolean =>
  questions.length > 0 && questions.every((question) => isAnswerOf(question, answers[question.id]));

/** Where to resume: the first question without an answer, else the last one. */
export function resumeIndex(questions: QuizQuestion[], answers: QuizAnswers): number {
  const open = questions.findIndex((question) => !isAnswerOf(question, answers[question.id]));
  return open === -1 ? Math.max(questions.length - 1, 0) : open;
}

/** The draft of a visitor on /diagnosis; after sign-up it is carried into the patient card. */
export const VISITOR_QUIZ_KEY = 'rozmova-quiz-visitor';
export const patientQuizKey = (cardId: string): string => `rozmova-quiz-${cardId}`;

export function readDraft(key: string): QuizDraft | null {
  try {
    const value = JSON.parse(localStorage.getItem(key) ?? 'null') as Partial<QuizDraft> | null;
    if (!value || typeof value !== 'object' || typeof value.answers !== 'object' || value.answers === null) return null;
    const answers = Object.fromEntries(
      Object.entries(value.answers).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
    const index = Number.isInteger(value.index) && (value.index as number) >= 0 ? (value.index as number) : 0;
    return { answers, index, finished: value.finished === true };
  } catch {
    return null;
  }
}

export function writeDraft(key: string, draft: QuizDraft): void {
  try {
    localStorage.setItem(key, JSON.stringify(draft));
  } catch {
    // Storage full or disabled: the answers still go to the server (signed in) or stay in memory.
  }
}

export function clearDraft(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Nothing to clear.
  }
}

/** True when a visitor finished the quiz on /diagnosis and the answers wait to be scored. */
export const hasFinishedVisitorQuiz = (): boolean => readDraft(VISITOR_QUIZ_KEY)?.finished === true;

/**
 * How many answers of each letter were given, and how many crisis questions got the distressed one (what a visitor's
 * browser scores with the public level rules).
 */
export function countAnswers(questions: QuizQuestion[], answers: QuizAnswers): QuizTally {
  const counts: QuizTally = { A: 0, B: 0, C: 0, crisis: 0 };
  for (const question of questions) {
    const answer = question.question_answers.find((item) => item.id === answers[question.id]);
    if (!answer) continue;
    counts[answer.value] += 1;
    if (question.question_is_crisis && answer.value === DISTRESSED_ANSWER) counts.crisis += 1;
  }
  return counts;
}

/** A note the server wrote at a completion ("<level>, A: n, B: n, C: n"), so it can be shown in the reader's language. */
export function parseQuizNote(text: string): { level: QuizLevel; counts: QuizCounts } | undefined {
  const comma = text.indexOf(', ');
  if (comma === -1) return undefined;
  const level = quizLevels.find((item) => item === text.slice(0, comma));
  const counts = parseQuizScore(text.slice(comma + 2));
  return level && counts ? { level, counts } : undefined;
}
