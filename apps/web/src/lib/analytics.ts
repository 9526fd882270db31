import { runtimeConfig } from './runtime-config.ts';

/**
 * The part of analytics every page carries, kept tiny: whether a tag manager or an advertising pixel is configured
 * (without either there is no banner, no "Cookie settings" link and the consent code is never downloaded), and the
 * footer's request to show the cookie choice again. The rest is `features/consent`, loaded only when one is set.
 */

let settingsRequests = 0;
const listeners = new Set<() => void>();

/** Opens the cookie choice again ("Cookie settings" in the footer). */
export function openCookieSettings(): void {
  settingsRequests += 1;
  for (const listener of listeners) listener();
}

/**
 * What the consent code gets from the page (handed over as a prop, so its chunk imports nothing the first download
 * holds and that download keeps its shape): the settings, and the footer's requests as a count that only grows, so a
 * request made before the banner loaded is not lost.
 */
export interface AnalyticsSetup {
  gtmId: string | null;
  pixelId: string | null;
  pixelPathPattern: string | null;
  subscribeCookieSettings: (listener: () => void) => () => void;
  cookieSettingsRequests: () => number;
}

/** Null when neither GTM_ID nor PIXEL_ID is set. */
export const analyticsSetup: AnalyticsSetup | null =
  runtimeConfig.gtm_id || runtimeConfig.pixel_id
    ? {
        gtmId: runtimeConfig.gtm_id,
        pixelId: runtimeConfig.pixel_id,
        pixelPathPattern: runtimeConfig.pixel_path_pattern,
        subscribeCookieSettings: (listener) => {
          listeners.add(listener);
          return () => listeners.delete(listener);
        },
        cookieSettingsRequests: () => settingsRequests,
      }
    : null;
