import type { QueryClient, QueryKey, Updater } from '@tanstack/react-query';

/**
 * Puts a newer state (an action's answer, a realtime event) into the cache. A read of the same key already in flight
 * started before the change and would answer the state from before it, overwriting this one: it is replaced by a read
 * that starts now.
 */
export function putFresh<T>(client: QueryClient, queryKey: QueryKey, updater: Updater<T | undefined, T | undefined>): void {
  const stale = client.isFetching({ queryKey, exact: true }) > 0;
  client.setQueryData<T>(queryKey, updater);
  if (stale) void client.invalidateQueries({ queryKey, exact: true });
}
