import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  hasUnsavedInput,
  isCallPath,
  isChunkLoadError,
  mayReload,
  RELOAD_GUARD_MS,
  reloadsForUpdate,
  type ReloadState,
} from './reload-guard.ts';

const at = (patch: Partial<ReloadState> = {}): ReloadState => ({
  pathname: '/about-us',
  unsavedInput: false,
  online: true,
  now: 1_700_000_000_000,
  lastReloadAt: null,
  ...patch,
});

describe('when the app may reload by itself', () => {
  it('reloads a page without a call or unsent input that has not reloaded itself', () => {
    expect(mayReload(at())).toBe(true);
  });

  it('never during a video call', () => {
    expect(isCallPath('/meet/6f1c2d4e-8a9b-4c3d-9e2f-1a2b3c4d5e6f')).toBe(true);
    expect(isCallPath('/meet/6f1c2d4e-8a9b-4c3d-9e2f-1a2b3c4d5e6f/')).toBe(true);
    expect(isCallPath('/meeting.deprecated')).toBe(false);
    expect(isCallPath('/meet')).toBe(false);
    expect(mayReload(at({ pathname: '/meet/6f1c2d4e-8a9b-4c3d-9e2f-1a2b3c4d5e6f' }))).toBe(false);
  });

  it('never over unsent input', () => {
    expect(mayReload(at({ unsavedInput: true }))).toBe(false);
  });

  it('never without a network: the page it would load is the browser’s offline page', () => {
    expect(mayReload(at({ online: false }))).toBe(false);
  });

  it('not again within 10 seconds of its last reload (docs/product.md §9), and again from then on', () => {
    const now = at().now;
    expect(RELOAD_GUARD_MS).toBe(10_000);
    expect(mayReload(at({ lastReloadAt: now - 1 }))).toBe(false);
    expect(mayReload(at({ lastReloadAt: now - 9_999 }))).toBe(false);
    expect(mayReload(at({ lastReloadAt: now - 10_000 }))).toBe(true);
    expect(mayReload(at({ lastReloadAt: now - 60_000 }))).toBe(true);
    // A clock set back leaves no guard to keep.
    expect(mayReload(at({ lastReloadAt: now + 60_000 }))).toBe(true);
  });
});

describe('a new build on the server', () => {
  const ready = (patch: Partial<ReloadState> & { to?: string; updateReady?: boolean } = {}) =>
    reloadsForUpdate({ ...at(patch), to: patch.to ?? '/prices', updateReady: patch.updateReady ?? true });

  it('loads at the next change of page', () => {
    expect(ready()).toBe(true);
  });

  it('not without a new build, nor when only the query changes (a dialog, a tab)', () => {
    expect(ready({ updateReady: false })).toBe(false);
    expect(ready({ to: '/about-us' })).toBe(false);
  });

  it('not when leaving a page with unsent input (the person is asked first), nor from a call', () => {
    expect(ready({ unsavedInput: true })).toBe(false);
    expect(ready({ pathname: '/meet/6f1c2d4e-8a9b-4c3d-9e2f-1a2b3c4d5e6f', to: '/user' })).toBe(false);
  });

  it('going into a call is a change of page like any other', () => {
    expect(ready({ pathname: '/user', to: '/meet/6f1c2d4e-8a9b-4c3d-9e2f-1a2b3c4d5e6f' })).toBe(true);
  });

  it('not within 10 seconds of the last reload (a server that still answers the old build must not loop)', () => {
    expect(ready({ lastReloadAt: at().now - 3_000 })).toBe(false);
  });
});

describe('unsent input', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('is free text in a form marked unsaved', () => {
    document.body.innerHTML = '<form data-unsaved><label>Message<textarea></textarea></label></form>';
    expect(hasUnsavedInput()).toBe(true);
  });

  it('a form without a multi-line field (sign-in, settings) or not marked holds nothing', () => {
    document.body.innerHTML = '<form data-unsaved><input type="email"></form><form><textarea>Sent</textarea></form>';
    expect(hasUnsavedInput()).toBe(false);
  });
});

describe('a failed lazy file', () => {
  it.each([
    'Failed to fetch dynamically imported module: http://127.0.0.1/assets/home-page-AbC.js',
    'error loading dynamically imported module: http://127.0.0.1/assets/x.js',
    'Importing a module script failed.',
    'Unable to preload CSS for /assets/x.css',
  ])('"%s" is a chunk that could not load', (message) => {
    expect(isChunkLoadError(new TypeError(message))).toBe(true);
  });

  it('other errors are not', () => {
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });
});

describe('reloading the page', () => {
  const reload = vi.fn();
  const assign = vi.fn();
  const replace = vi.fn();
  let now = 1_700_000_000_000;
  beforeEach(() => {
    sessionStorage.clear();
    reload.mockClear();
    assign.mockClear();
    replace.mockClear();
    vi.stubGlobal('location', { pathname: '/prices', reload, assign, replace });
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    vi.resetModules();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
  // A fresh module is a fresh page: the one before went away with its reload.
  const freshPage = async () => {
    vi.resetModules();
    return import('./reload-guard.ts');
  };

  it('reloads once; a second failure within 10 s does not reload again; after 10 s it may', async () => {
    expect((await freshPage()).reloadPage()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem('rozmova-reloaded-at')).toBe(String(now));

    now += 4_000;
    expect((await freshPage()).reloadPage()).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);

    now += 6_000;
    expect((await freshPage()).reloadPage()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('asked twice by the same page (the preload event and the error page), it reloads once', async () => {
    const page = await freshPage();
    expect(page.reloadPage()).toBe(true);
    expect(page.reloadPage()).toBe(true);
    expect(page.isReloading()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload over unsent input', async () => {
    document.body.innerHTML = '<form data-unsaved><textarea>Draft</textarea></form>';
    expect((await freshPage()).reloadPage()).toBe(false);
    document.body.innerHTML = '';
    expect(reload).not.toHaveBeenCalled();
  });

  it('does not reload offline, where a lazy file fails for want of a network (a page’s links load theirs ahead)', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const page = await freshPage();
    expect(page.reloadPage()).toBe(false);
    expect(page.reloadIntoUpdate('/prices', '/about-us', '/about-us')).toBe(false);
    expect(reload).not.toHaveBeenCalled();
    expect(assign).not.toHaveBeenCalled();
    expect(sessionStorage.getItem('rozmova-reloaded-at')).toBeNull();
  });

  it('a new build loads the page the person is going to, or reloads after back and forward', async () => {
    const page = await freshPage();
    expect(page.reloadIntoUpdate('/prices', '/about-us', '/about-us?tab=1')).toBe(true);
    expect(assign).toHaveBeenCalledWith('/about-us?tab=1');
    sessionStorage.clear();
    const next = await freshPage();
    expect(next.reloadIntoUpdate('/prices', '/about-us', '/about-us', true)).toBe(true);
    expect(replace).toHaveBeenCalledWith('/about-us');
    sessionStorage.clear();
    expect((await freshPage()).reloadIntoUpdate('/prices', '/contacts')).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('a new build never reloads a call', async () => {
    const page = await freshPage();
    expect(page.reloadIntoUpdate('/meet/6f1c2d4e-8a9b-4c3d-9e2f-1a2b3c4d5e6f', '/user', '/user')).toBe(false);
    expect(assign).not.toHaveBeenCalled();
    expect(page.isReloading()).toBe(false);
  });

  it('without sessionStorage there is no guard, so it never reloads by itself', async () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect((await freshPage()).reloadPage()).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});
