import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { faqApi, type FaqQuestionBody, type FaqTopicBody } from '@rozmova/contracts';
import { call } from '../../lib/api-client.ts';
import { queryKeys } from '../../lib/query-keys.ts';

export const useFaqAdminList = () =>
  useQuery({ queryKey: queryKeys.faq.admin, queryFn: ({ signal }) => call(faqApi.adminList, { signal }) });

/** Any change refreshes the editor's list and every public FAQ read. */
function useFaqMutation<Variables, Data>(request: (variables: Variables) => Promise<Data>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: request, onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.faq.all }) });
}

export const useSaveTopic = () =>
  useFaqMutation(({ id, body }: { id?: string; body: FaqTopicBody }) =>
    id ? call(faqApi.updateTopic, { params: { id }, body }) : call(faqApi.createTopic, { body }),
  );

/** Answers the question as saved. */
export const useSaveQuestion = () =>
  useFaqMutation(({ id, body }: { id?: string; body: FaqQuestionBody }) =>
    id ? call(faqApi.updateQuestion, { params: { id }, body }) : call(faqApi.createQuestion, { body }),
  );

export const useDeleteFaqItem = () =>
  useFaqMutation(({ kind, id }: { kind: 'topic' | 'question'; id: string }) =>
    call(kind === 'topic' ? faqApi.removeTopic : faqApi.removeQuestion, { params: { id } }),
  );
