import type { Config } from '../config.ts';

export interface AnalyticsSources {
  scriptSrc: string[];
  imgSrc: string[];
  connectSrc: string[];
}

/**
 * The hosts the Content-Security-Policy lets the tag manager and the advertising pixel use, each only when its id is
 * set (the browser loads them only after the visitor's consent, see docs/analytics.md). Google's list for Tag Manager
 * with Google Analytics 4, and Meta's for its pixel; tags of other vendors in the container are not allowed.
 */
export function analyticsSources(analytics: Config['analytics']): AnalyticsSources {
  const sources: AnalyticsSources = { scriptSrc: [], imgSrc: [], connectSrc: [] };
  if (analytics.gtmId) {
    sources.scriptSrc.push('https://*.googletagmanager.com');
    sources.imgSrc.push('https://*.google-analytics.com', 'https://*.googletagmanager.com');
    sources.connectSrc.push('https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com');
  }
  if (analytics.pixelId) {
    sources.scriptSrc.push('https://connect.facebook.net');
    sources.imgSrc.push('https://www.facebook.com');
    sources.connectSrc.push('https://www.facebook.com');
  }
  return sources;
}
