import { patientHistoryPaths, type Receipt, type RecordAccessList } from '@rozmova/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';
import { withId } from '../../lib/paths.ts';
import { queryKeys } from '../../lib/query-keys.ts';

export const RECORD_ACCESS_PAGE = 20;

/** The receipt of a paid consultation; read when the patient opens it. */
export function useReceipt(appointmentId: string | null) {
  return useQuery({
    queryKey: queryKeys.payments.receipt(appointmentId ?? ''),
    queryFn: ({ signal }) => apiRequest<Receipt>(withId(patientHistoryPaths.receipt, appointmentId!), { signal }),
    enabled: appointmentId !== null,
  });
}

/** One page of who of the staff opened the patient's records, newest first. */
export function useRecordAccess(patientId: string, offset: number) {
  return useQuery({
    queryKey: queryKeys.recordAccess.page(patientId, offset),
    queryFn: ({ signal }) =>
      apiRequest<RecordAccessList>(withId(patientHistoryPaths.recordAccess, patientId), {
        signal,
        query: { limit: RECORD_ACCESS_PAGE, offset },
      }),
    placeholderData: keepPreviousData,
  });
}
