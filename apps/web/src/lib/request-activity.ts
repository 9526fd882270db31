import { useSyncExternalStore } from 'react';

let inFlight = 0;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function beginRequest(): void {
  inFlight += 1;
  emit();
}

export function endRequest(): void {
  inFlight = Math.max(0, inFlight - 1);
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True while any API request is in flight. */
export function useRequestsInFlight(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => inFlight > 0,
    () => false,
  );
}
