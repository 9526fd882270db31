import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { faqApi } from '@rozmova/contracts';
import { call } from '../../lib/api-client.ts';
import { queryKeys } from '../../lib/query-keys.ts';

export const useFaqTopics = () =>
  useQuery({
    queryKey: queryKeys.faq.topics,
    queryFn: ({ signal }) => call(faqApi.topics, { signal }).then((data) => data.topics),
  });

export const useFaqTopic = (id: string) =>
  useQuery({
    queryKey: queryKeys.faq.topic(id),
    queryFn: ({ signal }) => call(faqApi.topic, { params: { id }, signal }),
  });

export const useFaqQuestion = (id: string) =>
  useQuery({
    queryKey: queryKeys.faq.question(id),
    queryFn: ({ signal }) => call(faqApi.question, { params: { id }, signal }),
  });

export const useFaqSearch = (query: string) =>
  useQuery({
    queryKey: queryKeys.faq.search(query),
    queryFn: ({ signal }) => call(faqApi.search, { query: { query }, signal }).then((data) => data.questions),
    enabled: query.length > 0,
  });

const VOTES_KEY = 'rozmova-faq-votes';

/** The questions this browser has voted on (one vote per browser per question). */
export function votedOn(questionId: string): boolean {
  try {
    return (JSON.parse(localStorage.getItem(VOTES_KEY) ?? '[]') as string[]).includes(questionId);
  } catch {
    return false;
  }
}

function rememberVote(questionId: string): void {
  try {
    const ids = JSON.parse(localStorage.getItem(VOTES_KEY) ?? '[]') as string[];
    localStorage.setItem(VOTES_KEY, JSON.stringify([...ids.filter((id) => id !== questionId), questionId].slice(-500)));
  } catch {
    // Storage may be off (private mode); the server's limit still holds.
  }
}

export function useVote(questionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (helpful: boolean) => call(faqApi.vote, { params: { id: questionId }, body: { helpful } }),
    onSuccess: () => {
      rememberVote(questionId);
      void client.invalidateQueries({ queryKey: queryKeys.faq.question(questionId) });
    },
  });
}
