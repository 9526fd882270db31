import { quizApi, type CreateQuizQuestionBody, type UpdateQuizLevelRulesBody, type UpdateQuizQuestionBody } from '@rozmova/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api-client.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/** The quiz questions in order; shares its cache with the patients' quiz, so a write refreshes both. */
export function useAdminQuizQuestions() {
  return useQuery({
    queryKey: queryKeys.quiz.questions,
    queryFn: ({ signal }) => call(quizApi.list, { signal }),
  });
}

export function useQuizLevelRules() {
  return useQuery({
    queryKey: queryKeys.quiz.levelRules,
    queryFn: ({ signal }) => call(quizApi.levelRules, { signal }),
  });
}

/** After each write the list (and the reachable levels, which depend on the number of questions) reload (docs/product.md §7). */
function useQuizWrite<T>(mutationFn: (variables: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.quiz.all }) });
}

/** A new question (no id) or the changes to one. */
export type SaveQuizQuestion = { id?: undefined; body: CreateQuizQuestionBody } | { id: string; body: UpdateQuizQuestionBody };

export const useSaveQuizQuestion = () =>
  useQuizWrite((input: SaveQuizQuestion) =>
    input.id === undefined
      ? call(quizApi.create, { body: input.body })
      : call(quizApi.update, { params: { id: input.id }, body: input.body }),
  );

export const useDeleteQuizQuestion = () => useQuizWrite((id: string) => call(quizApi.remove, { params: { id } }));

export const useSaveQuizLevelRules = () => useQuizWrite((body: UpdateQuizLevelRulesBody) => call(quizApi.setLevelRules, { body }));
