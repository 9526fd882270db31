import { monitoringApi } from '@rozmova/contracts';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../lib/api-client.ts';

/** Asks the API to raise its test error: it always fails, with 500 once the error is reported (or 429 when asked too often). */
export function useRaiseApiError() {
  return useMutation({ mutationFn: () => call(monitoringApi.exampleError) });
}
