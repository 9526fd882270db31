/** docs/product.md §9: an automatic reload never follows another within 10 seconds (a broken deployment must not loop). */
export const RELOAD_GUARD_MS = 10_000;
const storageKey = 'rozmova-reloaded-at';

/**
 * Free text a person has written and not sent: a form marks itself with `data-unsaved` while it holds edits the server
 * has not taken (MutationForm, the chat composer, the support request's reply); it counts when it has a multi-line
 * field (a message, a note, a request), since sign-in and settings forms are quick to fill again. A form that is gone
 * holds nothing.
 */
export const hasUnsavedInput = (): boolean => document.querySelector('form[data-unsaved] textarea') !== null;

/** A video call's page: nothing reloads it by itself. */
export const isCallPath = (pathname: string): boolean => /^\/meet\/[^/]+\/?$/.test(pathname);

export interface ReloadState {
  /** The page the person is on. */
  pathname: string;
  unsavedInput: boolean;
  /** Whether the browser has a network (navigator.onLine): a reload without one ends on the browser's offline page. */
  online: boolean;
  now: number;
  /** When the app last reloaded itself in this tab (sessionStorage), or null. */
  lastReloadAt: number | null;
}

/**
 * Whether the app may reload the page by itself now: not during a call, not over unsent input, not offline (a file that
 * failed for want of a network is no new build), not twice in 10 s.
 */
export function mayReload({ pathname, unsavedInput, online, now, lastReloadAt }: ReloadState): boolean {
  if (isCallPath(pathname) || unsavedInput || !online) return false;
  // A time in the future is a clock that was set back: no guard to keep.
  return lastReloadAt === null || now - lastReloadAt >= RELOAD_GUARD_MS || now < lastReloadAt;
}

/** A lazy page or piece that could not be fetched: after a deployment its file is gone (Chromium, Firefox, Safari). */
export const isChunkLoadError = (error: unknown): boolean =>
  error instanceof Error && /dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(error.message);

let reloading = false;

/** This tab's state for {@link mayReload}; null without sessionStorage, where no guard could stop a loop. */
function reloadStateOf(pathname: string): ReloadState | null {
  try {
    const value = Number(sessionStorage.getItem(storageKey));
    const lastReloadAt = Number.isFinite(value) && value > 0 ? value : null;
    return { pathname, unsavedInput: hasUnsavedInput(), online: navigator.onLine, now: Date.now(), lastReloadAt };
  } catch {
    return null;
  }
}

/** Loads `href` (default: this page again) as a full page load and records the time for the guard. */
function reloadTo(now: number, href?: string, replace = false): true {
  try {
    sessionStorage.setItem(storageKey, String(now));
  } catch {
    // Read a moment ago, so written too; a full storage only loses the guard's time.
  }
  reloading = true;
  if (href === undefined) location.reload();
  else if (replace) location.replace(href);
  else location.assign(href);
  return true;
}

/** Reloads this page when {@link mayReload} allows it (a lazy file failed to load); answers whether it reloads. */
export function reloadPage(): boolean {
  if (reloading) return true;
  const state = reloadStateOf(location.pathname);
  return state !== null && mayReload(state) && reloadTo(state.now);
}

/** A new build is ready: the next navigation to another page loads it, when the app may reload then. */
export const reloadsForUpdate = (state: ReloadState & { updateReady: boolean; to: string }): boolean =>
  state.updateReady && state.to !== state.pathname && mayReload(state);

/**
 * A navigation from `from` to `to` while a new build is ready: loads `href` as a full page load (the address bar
 * already shows it after a back or forward: then `href` is left out and the page reloads) when
 * {@link reloadsForUpdate} allows it; answers whether it does.
 */
export function reloadIntoUpdate(from: string, to: string, href?: string, replace = false): boolean {
  if (reloading) return true;
  const state = reloadStateOf(from);
  return state !== null && reloadsForUpdate({ ...state, updateReady: true, to }) && reloadTo(state.now, href, replace);
}

/** Whether this page is on its way to a full reload (nothing should ask to stay). */
export const isReloading = (): boolean => reloading;
