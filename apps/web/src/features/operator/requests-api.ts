import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  supportDeskApi,
  type StaffSupportRequest,
  type SupportRequest,
  type SupportRequestReplyBody,
  type SupportRequestStatus,
} from '@rozmova/contracts';
import { call } from '../../lib/api-client.ts';
import { putFresh, queryKeys } from '../../lib/query-keys.ts';

export const useRequestQueue = (status: SupportRequestStatus | null) =>
  useQuery({
    queryKey: queryKeys.supportDesk.queue(status),
    queryFn: ({ signal }) => call(supportDeskApi.queue, { query: { status: status ?? undefined }, signal }).then((data) => data.requests),
  });

/** The endpoint answers staff with the operators' view of a request (the requester gets the shorter one). */
function staffView(request: SupportRequest | StaffSupportRequest): StaffSupportRequest {
  if (!('details' in request)) throw new Error('The support request came without its staff details');
  return request;
}

export const useStaffRequest = (id: string | null) =>
  useQuery({
    queryKey: queryKeys.supportDesk.staffOne(id ?? ''),
    queryFn: ({ signal }) => call(supportDeskApi.get, { params: { id: id! }, signal }).then(staffView),
    enabled: id !== null,
  });

/** Take, answer or close: the answer is the request as it is now; the queue is read again. */
function useRequestAction<Variables>(request: (variables: Variables) => Promise<StaffSupportRequest>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (updated) => {
      putFresh(client, queryKeys.supportDesk.staffOne(updated.id), updated);
      void client.invalidateQueries({ queryKey: queryKeys.supportDesk.all });
    },
    onError: () => client.invalidateQueries({ queryKey: queryKeys.supportDesk.all }),
  });
}

export const useTakeRequest = () => useRequestAction((id: string) => call(supportDeskApi.take, { params: { id } }));

export const useCloseRequest = () => useRequestAction((id: string) => call(supportDeskApi.close, { params: { id } }));

export const useReplyToRequest = () =>
  useRequestAction(({ id, body }: { id: string; body: SupportRequestReplyBody }) => call(supportDeskApi.reply, { params: { id }, body }));
