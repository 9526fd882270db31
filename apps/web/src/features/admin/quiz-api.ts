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

export const useCreateQuizQuestion = () =>
  useQuizWrite((body: CreateQuizQuestionBody) => apiRequest<QuizQuestion>(quizPaths.questions, { method: 'POST', body }));

export const useUpdateQuizQuestion = () =>
  useQuizWrite(({ id, body }: { id: string; body: UpdateQuizQuestionBody }) =>
    apiRequest<QuizQuestion>(questionPath(id), { method: 'PUT', body }),
  );

export const useDeleteQuizQuestion = () => useQuizWrite((id: string) => apiRequest<void>(questionPath(id), { method: 'DELETE' }));

export const useSaveQuizLevelRules = () =>
  useQuizWrite((body: UpdateQuizLevelRulesBody) => apiRequest<QuizLevelRules>(quizPaths.levelRules, { method: 'PUT', body }));
