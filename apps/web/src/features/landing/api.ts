import { contactPaths, type ContactBody } from '@rozmova/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';

export function useSendContactMessage() {
  return useMutation({
    mutationFn: (body: ContactBody) => apiRequest<void>(contactPaths.contact, { method: 'POST', body }),
  });
}
