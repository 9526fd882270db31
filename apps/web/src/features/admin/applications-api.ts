import { specialistsApi, type SpecialistApplicationStatus } from '@rozmova/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api-client.ts';
import { downloadBlob } from '../../lib/files.ts';
import { queryKeys } from '../../lib/query-keys.ts';

export function useApplications(status: SpecialistApplicationStatus) {
  return useQuery({
    queryKey: queryKeys.specialistApplications.list(status),
    queryFn: () => call(specialistsApi.list, { query: { status } }),
  });
}

export function useApplication(id: string | null) {
  return useQuery({
    queryKey: queryKeys.specialistApplications.one(id ?? ''),
    queryFn: () => call(specialistsApi.get, { params: { id: id! } }),
    enabled: id !== null,
  });
}

export const diplomaOf = (id: string) => downloadBlob(specialistsApi.diploma, { params: { id } });

/** A rejection needs its reason (the applicant reads it). */
export type Decision = { id: string; decision: 'approve' } | { id: string; decision: 'reject'; reason: string };

export function useDecideApplication() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (decision: Decision) =>
      decision.decision === 'approve'
        ? call(specialistsApi.approve, { params: { id: decision.id } })
        : call(specialistsApi.reject, { params: { id: decision.id }, body: { reason: decision.reason } }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.specialistApplications.all });
      // An approved applicant is a doctor now: the doctor lists change.
      void client.invalidateQueries({ queryKey: queryKeys.doctors.all });
    },
  });
}
