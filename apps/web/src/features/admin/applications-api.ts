import { specialistPaths, type SpecialistApplication, type SpecialistApplicationStatus } from '@rozmova/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';
import { downloadBlob } from '../../lib/files.ts';
import { withId } from '../../lib/paths.ts';
import { queryKeys } from '../../lib/query-keys.ts';

export function useApplications(status: SpecialistApplicationStatus) {
  return useQuery({
    queryKey: queryKeys.specialistApplications.list(status),
    queryFn: () => apiRequest<SpecialistApplication[]>(specialistPaths.adminList, { query: { status } }),
  });
}

export function useApplication(id: string | null) {
  return useQuery({
    queryKey: queryKeys.specialistApplications.one(id ?? ''),
    queryFn: () => apiRequest<SpecialistApplication>(withId(specialistPaths.adminOne, id!)),
    enabled: id !== null,
  });
}

export const diplomaOf = (id: string) => downloadBlob(withId(specialistPaths.adminDiploma, id));

export function useDecideApplication() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, reason }: { id: string; decision: 'approve' | 'reject'; reason?: string }) =>
      decision === 'approve'
        ? apiRequest<SpecialistApplication>(withId(specialistPaths.adminApprove, id), { method: 'POST' })
        : apiRequest<SpecialistApplication>(withId(specialistPaths.adminReject, id), { method: 'POST', body: { reason } }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.specialistApplications.all });
      // An approved applicant is a doctor now: the doctor lists change.
      void client.invalidateQueries({ queryKey: queryKeys.doctors.all });
    },
  });
}
