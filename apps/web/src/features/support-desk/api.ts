import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { supportDeskApi, type CreateSupportRequestBody } from '@rozmova/contracts';
import { call } from '../../lib/api-client.ts';
import { uploadFile } from '../../lib/files.ts';
import { putFresh, queryKeys } from '../../lib/query-keys.ts';

export type NewRequest = CreateSupportRequestBody & { file: File | null };

/** The form goes as JSON, or as multipart with its attachment. */
export function useCreateRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, ...fields }: NewRequest) => {
      const body = { ...fields, email: fields.email || undefined };
      return file ? uploadFile(supportDeskApi.create, { file, body }) : call(supportDeskApi.create, { body });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.supportDesk.all }),
  });
}

export const useRequest = (id: string, token: string | null) =>
  useQuery({
    queryKey: queryKeys.supportDesk.one(id, token),
    queryFn: ({ signal }) => call(supportDeskApi.get, { params: { id }, query: { token: token ?? undefined }, signal }),
    retry: false,
  });

/** The requester writes back on the request's page (a visitor with the link's token); the page shows the answer at once. */
export function useFollowUp(id: string, token: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => call(supportDeskApi.followUp, { params: { id }, query: { token: token ?? undefined }, body: { text } }),
    onSuccess: (request) => putFresh(client, queryKeys.supportDesk.one(id, token), request),
  });
}
