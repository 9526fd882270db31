import { matchWebPage, webPages, type WebPage } from '@rozmova/contracts';

/** What analytics may learn of the page a visitor is on: never an id, a query string, a title or anything typed. */
export interface SanitizedPage {
  /** The page's path with every id replaced by its parameter's name (`/meet/:roomId`); `/not-found` for no page. */
  path: string;
  /** A fixed name of the page (`meeting`, `aboutUs`), sent instead of `document.title`. */
  name: WebPage | 'notFound';
}

/** Parameters whose values come from a fixed list of the app's own (a booking step, a console's section): kept. */
const namedValues = new Set(['page', 'section']);

/**
 * The path analytics gets for `pathname`: the route's pattern from the contracts' list of pages, with the fixed-list
 * parameters filled in and any other (the ids of rooms, patients, requests, FAQ entries) left as `:name`. A path that is
 * no page of the app (it could hold anything someone typed or pasted) is `/not-found`.
 */
export function sanitizePage(pathname: string): SanitizedPage {
  const match = matchWebPage(pathname);
  if (!match) return { path: '/not-found', name: 'notFound' };
  const path = webPages[match.page].replace(/:(\w+)/g, (placeholder, name: string) =>
    namedValues.has(name) ? (match.params[name] ?? placeholder).toLowerCase() : placeholder,
  );
  return { path, name: match.page };
}

/**
 * Whether the browser's address is exactly what may be sent: no id in the path, no query string, no fragment. The
 * advertising pixel reads the address itself (it cannot be handed a cleaned one), so it sends nothing from any other.
 */
export const isCleanAddress = (location: { pathname: string; search: string; hash: string }): boolean =>
  location.search === '' && location.hash === '' && sanitizePage(location.pathname).path === location.pathname;

/** PIXEL_PATH_PATTERN as a regular expression (every path without one); null when it does not compile: nothing is sent. */
export function compilePathPattern(pattern: string | null): RegExp | null {
  if (pattern === null) return /^/;
  try {
    return new RegExp(pattern);
  } catch {
    return null;
  }
}
