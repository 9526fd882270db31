import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { supportDeskPaths, type StaffSupportRequest, type SupportRequestReplyBody } from '@rozmova/contracts';
import { apiRequest } from '../../lib/api-client.ts';
import { withId } from '../../lib/paths.ts';
import { queryKeys } from '../../lib/query-keys.ts';

export const useRequestQueue = (status: string | null) =>
  useQuery({
    queryKey: queryKeys.supportDesk.queue(status),
    queryFn: ({ signal }) =>
      apiRequest<{ requests: StaffSupportRequest[] }>(supportDeskPaths.requests, { query: { status: status ?? undefined }, signal }).then(
        (data) => data.requests,
      ),
  });

export const useStaffRequest = (id: string | null) =>
  useQuery({
    queryKey: queryKeys.supportDesk.staffOne(id ?? ''),
    queryFn: ({ signal }) => apiRequest<StaffSupportRequest>(withId(supportDeskPaths.request, id!), { signal }),
    enabled: id !== null,
  });

/** Take, answer or close: the answer is the request as it is now; the queue is read again. */
function useRequestAction<Variables>(request: (variables: Variables) => Promise<StaffSupportRequest>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (updated) => {
      client.setQueryData(queryKeys.supportDesk.staffOne(updated.id), updated);
      void client.invalidateQueries({ queryKey: queryKeys.supportDesk.all });
    },
    onError: () => client.invalidateQueries({ queryKey: queryKeys.supportDesk.all }),
  });
}

export const useTakeRequest = () =>
  useRequestAction((id: string) => apiRequest<StaffSupportRequest>(withId(supportDeskPaths.take, id), { method: 'POST' }));

export const useCloseRequest = () =>
  useRequestAction((id: string) => apiRequest<StaffSupportRequest>(withId(supportDeskPaths.close, id), { method: 'POST' }));

export const useReplyToRequest = () =>
  useRequestAction(({ id, body }: { id: string; body: SupportRequestReplyBody }) =>
    apiRequest<StaffSupportRequest>(withId(supportDeskPaths.replies, id), { method: 'POST', body }),
  );
