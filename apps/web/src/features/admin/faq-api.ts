import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { faqPaths, type FaqAdminList, type FaqQuestion, type FaqQuestionBody, type FaqTopicBody } from '@rozmova/contracts';
import { apiRequest } from '../../lib/api-client.ts';
import { withId } from '../../lib/paths.ts';
import { queryKeys } from '../../lib/query-keys.ts';

export const useFaqAdminList = () =>
  useQuery({ queryKey: queryKeys.faq.admin, queryFn: ({ signal }) => apiRequest<FaqAdminList>(faqPaths.adminTopics, { signal }) });

/** Any change refreshes the editor's list and every public FAQ read. */
function useFaqMutation<Variables, Data>(request: (variables: Variables) => Promise<Data>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: request, onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.faq.all }) });
}

export const useSaveTopic = () =>
  useFaqMutation(({ id, body }: { id?: string; body: FaqTopicBody }) =>
    id ? apiRequest(withId(faqPaths.adminTopic, id), { method: 'PUT', body }) : apiRequest(faqPaths.adminTopics, { method: 'POST', body }),
  );

/** Answers the question as saved. */
export const useSaveQuestion = () =>
  useFaqMutation(({ id, body }: { id?: string; body: FaqQuestionBody }) =>
    id
      ? apiRequest<FaqQuestion>(withId(faqPaths.adminQuestion, id), { method: 'PUT', body })
      : apiRequest<FaqQuestion>(faqPaths.adminQuestions, { method: 'POST', body }),
  );

export const useDeleteFaqItem = () =>
  useFaqMutation(({ kind, id }: { kind: 'topic' | 'question'; id: string }) =>
    apiRequest(withId(kind === 'topic' ? faqPaths.adminTopic : faqPaths.adminQuestion, id), { method: 'DELETE' }),
  );
