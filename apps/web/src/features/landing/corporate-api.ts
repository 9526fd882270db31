import { patientHistoryPaths, type CorporateLeadBody } from '@rozmova/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';

export function useSendCorporateLead() {
  return useMutation({
    mutationFn: (body: CorporateLeadBody) => apiRequest<{ id: string }>(patientHistoryPaths.corporateLeads, { method: 'POST', body }),
  });
}
