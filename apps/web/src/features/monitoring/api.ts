import { monitoringPaths } from '@rozmova/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';

/** Asks the API to raise its test error: it always fails, with 500 once the error is reported (or 429 when asked too often). */
export function useRaiseApiError() {
  return useMutation({ mutationFn: () => apiRequest<never>(monitoringPaths.exampleError) });
}
