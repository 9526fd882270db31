import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False while a prerendered page is being hydrated (and on the server), true from then on: what only a browser can
 * render (a dialog opened by the query string, toasts, the cookie banner) waits for it, so hydration matches the HTML.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
