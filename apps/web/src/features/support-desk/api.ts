import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { supportDeskPaths, type SupportRequest } from '@rozmova/contracts';
import { apiRequest } from '../../lib/api-client.ts';
import { withId } from '../../lib/paths.ts';
import { queryKeys } from '../../lib/query-keys.ts';

export interface NewRequest {
  topic: string;
  message: string;
  email?: string;
  locale: string;
  file: File | null;
}

/** Sends the form as multipart (text fields first, then the file), as the API reads it. */
export function useCreateRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: NewRequest) => {
      const body = new FormData();
      body.append('topic', request.topic);
      body.append('message', request.message);
      body.append('locale', request.locale);
      if (request.email) body.append('email', request.email);
      if (request.file) body.append('file', request.file, request.file.name);
      return apiRequest<SupportRequest>(supportDeskPaths.requests, { method: 'POST', body });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.supportDesk.all }),
  });
}

export const useRequest = (id: string, token: string | null) =>
  useQuery({
    queryKey: queryKeys.supportDesk.one(id, token),
    queryFn: ({ signal }) =>
      apiRequest<SupportRequest>(withId(supportDeskPaths.request, id), { query: { token: token ?? undefined }, signal }),
    retry: false,
  });

/** The requester writes back on the request's page (a visitor with the link's token); the page shows the answer at once. */
export function useFollowUp(id: string, token: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      apiRequest<SupportRequest>(withId(supportDeskPaths.followUps, id), {
        method: 'POST',
        query: { token: token ?? undefined },
        body: { text },
      }),
    onSuccess: (request) => client.setQueryData(queryKeys.supportDesk.one(id, token), request),
  });
}
