import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * `whileHydrating` on the server and while a prerendered page is hydrated, so the first render matches its HTML;
 * `current()` from then on (and at once in a page the browser renders itself). `current` returns a primitive.
 */
export const useAfterHydration = <T>(whileHydrating: T, current: () => T): T =>
  useSyncExternalStore(noSubscription, current, () => whileHydrating);

/**
 * False while a prerendered page is being hydrated (and on the server), true from then on: what only a browser can
 * render (a dialog opened by the query string, toasts, the cookie banner) waits for it.
 */
export const useHydrated = (): boolean => useAfterHydration(false, () => true);
