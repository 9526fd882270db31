import { matchRoutes, type RouteObject } from 'react-router';

/** docs/product.md §9: route preloading runs at most 4 at once. */
export const PRELOAD_CONCURRENCY = 4;

type Load = () => Promise<unknown>;

/** Loads queued work at most `limit` at a time, each load once. */
export function createLoadQueue(limit = PRELOAD_CONCURRENCY) {
  const asked = new Set<Load>();
  const waiting: Load[] = [];
  let running = 0;
  const next = () => {
    while (running < limit && waiting.length > 0) {
      const load = waiting.shift()!;
      running++;
      // A chunk that cannot be fetched fails again when the page is opened, where it is handled.
      load()
        .catch(() => undefined)
        .finally(() => {
          running--;
          next();
        });
    }
  };
  return {
    add(load: Load) {
      // Offline a file can only fail (and a failed module stays failed in this page): asked again once online.
      if (asked.has(load) || !navigator.onLine) return;
      asked.add(load);
      waiting.push(load);
      next();
    },
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },
  };
}

/** The lazy() of every route a path would render (its layouts and its page), as the router would call them. */
export function lazyLoadsOf(routes: RouteObject[], pathname: string): Load[] {
  const loads: Load[] = [];
  for (const { route } of matchRoutes(routes, pathname) ?? []) if (typeof route.lazy === 'function') loads.push(route.lazy);
  return loads;
}

/** The app's own page a link opens, or null (another site, a download, a new window, a file). */
export function linkTarget(anchor: HTMLAnchorElement, here: Location): string | null {
  if (anchor.target && anchor.target !== '_self') return null;
  if (anchor.hasAttribute('download')) return null;
  let url: URL;
  try {
    url = new URL(anchor.href, here.href);
  } catch {
    return null;
  }
  if (url.origin !== here.origin || url.pathname === here.pathname) return null;
  // The API's files and pages of its own (a receipt, the development outbox) are no pages of the app.
  if (/^\/(v1|api|dev)\//.test(url.pathname)) return null;
  return url.pathname;
}
