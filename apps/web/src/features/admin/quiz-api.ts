import {
  quizPaths,
  type CreateQuizQuestionBody,
  type QuizLevelRules,
  type QuizQuestion,
  type UpdateQuizLevelRulesBody,
  type UpdateQuizQuestionBody,
} from '@rozmova/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';

const questionPath = (id: string) => quizPaths.question.replace(':id', encodeURIComponent(id));

/** The quiz questions in order; shares its cache with the patients' quiz, so a write refreshes both. */
export function useAdminQuizQuestions() {
  return useQuery({
    queryKey: ['quiz', 'questions'],
    queryFn: ({ signal }) => apiRequest<QuizQuestion[]>(quizPaths.questions, { signal }),
  });
}

export function useQuizLevelRules() {
  return useQuery({
    queryKey: ['quiz', 'level-rules'],
    queryFn: ({ signal }) => apiRequest<QuizLevelRules>(quizPaths.levelRules, { signal }),
  });
}

/** After each write the list (and the reachable levels, which depend on the number of questions) reload (SPEC.md §7). */
function useQuizWrite<T>(mutationFn: (variables: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: ['quiz'] }) });
}

/** A new question (no id) or the changes to one. */
export type SaveQuizQuestion = { id?: undefined; body: CreateQuizQuestionBody } | { id: string; body: UpdateQuizQuestionBody };

export const useSaveQuizQuestion = () =>
  useQuizWrite((input: SaveQuizQuestion) =>
    input.id === undefined
      ? apiRequest<QuizQuestion>(quizPaths.questions, { method: 'POST', body: input.body })
      : apiRequest<QuizQuestion>(questionPath(input.id), { method: 'PUT', body: input.body }),
  );

export const useDeleteQuizQuestion = () => useQuizWrite((id: string) => apiRequest<void>(questionPath(id), { method: 'DELETE' }));

export const useSaveQuizLevelRules = () =>
  useQuizWrite((body: UpdateQuizLevelRulesBody) => apiRequest<QuizLevelRules>(quizPaths.levelRules, { method: 'PUT', body }));
