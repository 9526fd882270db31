import { corporateApi, type CorporateLeadBody } from '@rozmova/contracts';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../lib/api-client.ts';

export function useSendCorporateLead() {
  return useMutation({
    mutationFn: (body: CorporateLeadBody) => call(corporateApi.submit, { body }),
  });
}
