import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { analyticsSources } from './analytics-csp.ts';

/** Browser features the app may use: camera, microphone and screen sharing for consultations, on its own pages only. */
const permissionsPolicy = [
  'camera=(self)',
  'microphone=(self)',
  'display-capture=(self)',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'midi=()',
  'browsing-topics=()',
].join(', ');

/** The origin of an absolute API_BASE and its WebSocket twin (Socket.IO shares the API's origin); none for a path. */
function apiOrigins(apiBase: string): string[] {
  if (!/^https?:\/\//.test(apiBase)) return [];
  const origin = new URL(apiBase).origin;
  return [origin, origin.replace(/^http/, 'ws')];
}

/**
 * The hardening headers of every answer, HSTS for requests that came over https, and `no-store` on every answer but a
 * public read. Registered before any route, so errors and 404s carry them too. The headers are the ones helmet 8 sent
 * with these settings; they are the same for every answer, so they are made once here rather than per request.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  // The inline scripts' hashes of the index.html served now (a deployment may replace it without a restart).
  deps: { config: Config; scriptHashes: () => string[]; formActions: string[] },
): void {
  const { config } = deps;
  const analytics = analyticsSources(config.analytics);
  const directivesWith = (scriptHashes: string[]): Record<string, string[]> => ({
    defaultSrc: ["'self'"],
    // No inline script runs but index.html's own (first paint, runtime settings), listed by hash.
    scriptSrc: ["'self'", ...scriptHashes, ...analytics.scriptSrc],
    scriptSrcAttr: ["'none'"],
    // Mantine writes its CSS variables and responsive style props into <style> elements at run time.
    styleSrc: ["'self'", "'unsafe-inline'"],
    // blob: is a document the app fetched with the session and shows in its viewer (an image, a PDF in a frame).
    imgSrc: ["'self'", 'data:', 'blob:', ...analytics.imgSrc],
    frameSrc: ["'self'", 'blob:'],
    fontSrc: ["'self'"],
    // 'self' covers the same-origin Socket.IO WebSocket (ws: and wss: of the page's host).
    connectSrc: ["'self'", ...apiOrigins(config.apiBase), ...analytics.connectSrc],
    // LiqPay's checkout is a form posted from the page.
    formAction: ["'self'", ...deps.formActions],
    objectSrc: ["'none'"],
    baseUri: ["'none'"],
    frameAncestors: ["'none'"],
  });
  const policyOf = (scriptHashes: string[]) =>
    Object.entries(directivesWith(scriptHashes))
      .map(([name, sources]) => [name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`), ...sources].join(' '))
      .join(';');
  let policyHashes = deps.scriptHashes();
  let policy = policyOf(policyHashes);
  const headers = {
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
    'permissions-policy': permissionsPolicy,
  };

  app.addHook('onRequest', (request, reply, done) => {
    void reply.headers(headers);
    const scriptHashes = deps.scriptHashes();
    if (scriptHashes !== policyHashes) {
      policyHashes = scriptHashes;
      policy = policyOf(scriptHashes);
    }
    void reply.header('content-security-policy', policy);
    // request.protocol reads X-Forwarded-Proto only when TRUST_PROXY says the proxy in front is ours; over plain http
    // HSTS would be ignored or misleading.
    if (request.protocol === 'https') void reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    done();
  });

  // Only a read without a token of a route anyone may call (what every visitor sees) may be kept by a cache; any other
  // answer may hold someone's data or a new token.
  app.addHook('onSend', (request, reply, payload, done) => {
    const access = request.routeOptions.config.access;
    const cacheable =
      (access === undefined || access === 'public' || access === 'optional') &&
      request.headers.authorization === undefined &&
      (request.method === 'GET' || request.method === 'HEAD');
    if (!cacheable) void reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
