import { DISTRESSED_ANSWER, type QuizAnswerValue, type QuizQuestion, type QuizResult } from '@rozmova/contracts';

export interface AnsweredQuestion {
  question: QuizQuestion;
  value: QuizAnswerValue;
  answerText: QuizQuestion['question_answers'][number]['text'];
  /** A crisis question (self-harm, not wanting to live) answered with its distressed answer. */
  crisis: boolean;
}

/** Distressed first, then in between (C), then calm; in question order within each. */
const weight = (value: QuizAnswerValue) => (value === DISTRESSED_ANSWER ? 0 : value === 'C' ? 1 : 2);

/** A completion's answers as the doctor reads them: each question with its answer, the crisis and distressed ones first. */
export function answeredQuestions(questions: readonly QuizQuestion[], results: readonly QuizResult[]): AnsweredQuestion[] {
  const byId = new Map(questions.map((question) => [question.id, question]));
  const answered = results.flatMap((result) => {
    const question = byId.get(result.question_id);
    const answer = question?.question_answers.find((item) => item.id === result.answer_id);
    if (!question || !answer) return [];
    const crisis = question.question_is_crisis && answer.value === DISTRESSED_ANSWER;
    return [{ question, value: answer.value, answerText: answer.text, crisis }];
  });
  return answered.sort(
    (a, b) =>
      Number(b.crisis) - Number(a.crisis) || weight(a.value) - weight(b.value) || a.question.question_order - b.question.question_order,
  );
}
