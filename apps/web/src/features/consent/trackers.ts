import { consentCategories, type ConsentCategory, type Grants } from './consent-store.ts';
import { compilePathPattern, isCleanAddress, sanitizePage } from './page-path.ts';
import { removeTrackingCookies } from './tracking-cookies.ts';

/** The Meta pixel's command queue as its loader snippet makes it (fbevents.js takes it over). */
interface Fbq {
  (...args: unknown[]): void;
  callMethod?: (...args: unknown[]) => void;
  queue: unknown[];
  push: Fbq;
  loaded: boolean;
  version: string;
  disablePushState?: boolean;
  allowDuplicatePageViews?: boolean;
}

declare global {
  interface Window {
    dataLayer?: unknown[];
    fbq?: Fbq;
    _fbq?: Fbq;
  }
}

export const TAG_MANAGER_SCRIPT = 'https://www.googletagmanager.com/gtm.js';
export const PIXEL_SCRIPT = 'https://connect.facebook.net/en_US/fbevents.js';

export interface TrackerSettings {
  gtmId: string | null;
  pixelId: string | null;
  pixelPathPattern: string | null;
}

interface PageLocation {
  pathname: string;
  search: string;
  hash: string;
}

/** The categories offered: each only when its tool is configured. */
export const offeredCategories = (settings: TrackerSettings): ConsentCategory[] => [
  ...(settings.gtmId ? (['analytics'] as const) : []),
  ...(settings.pixelId ? (['advertising'] as const) : []),
];

function addScript(src: string): void {
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  document.head.append(script);
}

/** Google's gtag(): the tag manager reads a command only as an Arguments object in the data layer. */
function gtag(..._command: unknown[]): void {
  // eslint-disable-next-line prefer-rest-params -- see above: an array is not taken for a command
  (window.dataLayer ??= []).push(arguments);
}

/** Google consent mode's state for the visitor's choice (the tag manager's ad tags follow `advertising`). */
function consentMode(grants: Grants): Record<string, 'granted' | 'denied'> {
  const analytics = grants.analytics ? 'granted' : 'denied';
  const ads = grants.analytics && grants.advertising ? 'granted' : 'denied';
  return { analytics_storage: analytics, ad_storage: ads, ad_user_data: ads, ad_personalization: ads };
}

/** The Meta pixel's loader snippet, written out: a queue fbevents.js replays once it has loaded. */
function installPixelQueue(): Fbq {
  if (window.fbq) return window.fbq;
  const fbq = function (this: unknown) {
    // eslint-disable-next-line prefer-rest-params -- the pixel's own snippet queues Arguments objects
    if (fbq.callMethod) fbq.callMethod(...arguments);
    // eslint-disable-next-line prefer-rest-params -- as above
    else fbq.queue.push(arguments);
  } as Fbq;
  fbq.push = fbq;
  fbq.loaded = true;
  fbq.version = '2.0';
  fbq.queue = [];
  window.fbq = fbq;
  window._fbq ??= fbq;
  return fbq;
}

/**
 * The tag manager and the pixel: started when their category is granted, told at once when it is withdrawn (a
 * loaded script cannot be unloaded, so every send checks the current grants, Google consent mode goes to denied, the
 * pixel's consent is revoked and their cookies are deleted).
 */
export function createTrackers(settings: TrackerSettings) {
  const pixelPattern = compilePathPattern(settings.pixelPathPattern);
  let grants: Grants | null = null;
  let tagManagerStarted = false;
  let pixelStarted = false;
  // The last path each was sent, so a change of consent or of the query string alone sends no second view.
  let tagManagerPath: string | null = null;
  let pixelPath: string | null = null;

  function setGooglePage(location: PageLocation) {
    const page = sanitizePage(location.pathname);
    // Read by every Google tag in the container instead of the address and document.title.
    gtag('set', { page_location: `${window.location.origin}${page.path}`, page_path: page.path, page_title: page.name });
    return page;
  }

  function startTagManager(id: string, location: PageLocation, current: Grants) {
    gtag('consent', 'default', consentMode({ analytics: false, advertising: false }));
    gtag('set', 'ads_data_redaction', true);
    gtag('set', 'url_passthrough', false);
    gtag('consent', 'update', consentMode(current));
    setGooglePage(location);
    window.dataLayer!.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
    addScript(`${TAG_MANAGER_SCRIPT}?id=${encodeURIComponent(id)}`);
    tagManagerStarted = true;
  }

  function startPixel(id: string) {
    const fbq = installPixelQueue();
    // No page view of the pixel's own on history changes, no automatic button and page-metadata events.
    fbq.disablePushState = true;
    fbq.allowDuplicatePageViews = true;
    fbq('set', 'autoConfig', false, id);
    fbq('consent', 'grant');
    fbq('init', id);
    addScript(PIXEL_SCRIPT);
    pixelStarted = true;
  }

  return {
    /** Brings the scripts in line with the visitor's choice (no choice grants nothing); nothing to do when unchanged. */
    apply(next: Grants, location: PageLocation): void {
      if (grants && grants.analytics === next.analytics && grants.advertising === next.advertising) return;
      const withdrawn = consentCategories.filter((category) => !next[category]);
      grants = next;
      if (settings.gtmId && grants.analytics && !tagManagerStarted) startTagManager(settings.gtmId, location, next);
      else if (tagManagerStarted) gtag('consent', 'update', consentMode(grants));
      if (settings.pixelId && grants.advertising && !pixelStarted) startPixel(settings.pixelId);
      else if (pixelStarted) window.fbq!('consent', grants.advertising ? 'grant' : 'revoke');
      if (!grants.analytics) tagManagerPath = null;
      if (!grants.advertising) pixelPath = null;
      removeTrackingCookies(withdrawn);
    },

    /** A page view for the page the visitor is on, to each tool the current choice allows. */
    pageView(location: PageLocation): void {
      if (!grants) return;
      if (tagManagerStarted && grants.analytics && tagManagerPath !== location.pathname) {
        tagManagerPath = location.pathname;
        const page = setGooglePage(location);
        window.dataLayer!.push({
          event: 'page_view',
          page_path: page.path,
          page_location: `${window.location.origin}${page.path}`,
          page_title: page.name,
        });
      }
      const page = sanitizePage(location.pathname);
      if (
        pixelStarted &&
        grants.advertising &&
        pixelPath !== location.pathname &&
        pixelPattern?.test(page.path) === true &&
        isCleanAddress(location)
      ) {
        pixelPath = location.pathname;
        window.fbq!('track', 'PageView');
      }
    },
  };
}
