import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { faqPaths, type FaqQuestion, type FaqQuestionDetails, type FaqTopic, type FaqTopicDetails } from '@rozmova/contracts';
import { apiRequest } from '../../lib/api-client.ts';
import { withId } from '../../lib/paths.ts';
import { queryKeys } from '../../lib/query-keys.ts';

export const useFaqTopics = () =>
  useQuery({
    queryKey: queryKeys.faq.topics,
    queryFn: ({ signal }) => apiRequest<{ topics: FaqTopic[] }>(faqPaths.topics, { signal }).then((data) => data.topics),
  });

export const useFaqTopic = (id: string) =>
  useQuery({
    queryKey: queryKeys.faq.topic(id),
    queryFn: ({ signal }) => apiRequest<FaqTopicDetails>(withId(faqPaths.topic, id), { signal }),
  });

export const useFaqQuestion = (id: string) =>
  useQuery({
    queryKey: queryKeys.faq.question(id),
    queryFn: ({ signal }) => apiRequest<FaqQuestionDetails>(withId(faqPaths.question, id), { signal }),
  });

export const useFaqSearch = (query: string) =>
  useQuery({
    queryKey: queryKeys.faq.search(query),
    queryFn: ({ signal }) =>
      apiRequest<{ questions: FaqQuestion[] }>(faqPaths.search, { query: { query }, signal }).then((data) => data.questions),
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
    mutationFn: (helpful: boolean) => apiRequest(withId(faqPaths.vote, questionId), { method: 'POST', body: { helpful } }),
    onSuccess: () => {
      rememberVote(questionId);
      void client.invalidateQueries({ queryKey: queryKeys.faq.question(questionId) });
    },
  });
}
