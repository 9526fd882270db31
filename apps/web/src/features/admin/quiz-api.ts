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
import { queryKeys } from '../../lib/query-keys.ts';
import { withId } from '../../lib/paths.ts';

const questionPath = (id: string) => withId(quizPaths.question, id);

/** The quiz questions in order; shares its cache with the patients' quiz, so a write refreshes both. */
export function useAdminQuizQuestions() {
  return useQuery({
    queryKey: queryKeys.quiz.questions,
    queryFn: ({ signal }) => apiRequest<QuizQuestion[]>(quizPaths.questions, { signal }),
  });
}

export function useQuizLevelRules() {
  return useQuery({
    queryKey: queryKeys.quiz.levelRules,
    queryFn: ({ signal }) => apiRequest<QuizLevelRules>(quizPaths.levelRules, { signal }),
  });
}

/** After each write the list (and the reachable levels, which depend on the number of questions) reload (SPEC.md §7). */
function useQuizWrite<T>(mutationFn: (variables: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.quiz.all }) });
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
