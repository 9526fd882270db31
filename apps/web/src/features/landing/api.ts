import { contactApi, type ContactBody } from '@rozmova/contracts';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../lib/api-client.ts';

export function useSendContactMessage() {
  return useMutation({
    mutationFn: (body: ContactBody) => call(contactApi.send, { body }),
  });
}
