import type { ConsentCategory } from './consent-store.ts';

/** The cookies the tag manager's Google tags and the advertising pixel set, by the category that allowed them. */
const cookiePatterns: Record<ConsentCategory, RegExp> = {
  // Google Analytics: _ga, _ga_<container>, _gid, _gat / _gat_<tag>, _dc_gtm_<id>.
  analytics: /^(_ga|_ga_.+|_gid|_gat(_.+)?|_dc_gtm_.+)$/,
  // Google Ads' conversion linker (_gcl_au, _gcl_aw…, _gac_…) and the Meta pixel's _fbp / _fbc.
  advertising: /^(_gcl_.+|_gac_.+|_fbp|_fbc)$/,
};

/**
 * The domains a script may have set its cookies on from this host: none (the host itself) and the host and each
 * parent domain with at least two labels (`app.rozmova.ua` → `app.rozmova.ua`, `rozmova.ua`). Google's tags set theirs
 * on the widest domain the browser accepts, so deleting on the host alone would leave them.
 */
export function cookieDomainsOf(hostname: string): (string | undefined)[] {
  const domains: (string | undefined)[] = [undefined];
  if (/^[\d.]+$/.test(hostname) || hostname.includes(':')) return [...domains, hostname];
  const labels = hostname.split('.');
  for (let index = 0; index <= labels.length - 2; index++) domains.push(labels.slice(index).join('.'));
  return domains;
}

/** The names of the cookies of these categories that this page can see. */
export function trackingCookieNames(categories: readonly ConsentCategory[], cookieHeader = document.cookie): string[] {
  const names = cookieHeader
    .split(';')
    .map((part) => part.split('=')[0]!.trim())
    .filter(Boolean);
  return [...new Set(names)].filter((name) => categories.some((category) => cookiePatterns[category].test(name)));
}

/** Deletes the cookies of the categories withdrawn, wherever on this host or its parent domains they were set. */
export function removeTrackingCookies(categories: readonly ConsentCategory[]): void {
  const names = trackingCookieNames(categories);
  if (names.length === 0) return;
  const domains = cookieDomainsOf(location.hostname);
  for (const name of names) {
    for (const domain of domains) {
      document.cookie = `${name}=; Max-Age=0; Path=/${domain ? `; Domain=${domain}` : ''}`;
    }
  }
}
