import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

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
 * The hardening headers of every answer (helmet), HSTS for requests that came over https, and `no-store` on every
 * answer but a public read. Registered before any route, so errors and 404s carry them too.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  deps: { config: Config; scriptHashes: string[]; formActions: string[] },
): Promise<void> {
  const { config } = deps;
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // No inline script runs but index.html's own (first paint, runtime settings), listed by hash.
        scriptSrc: ["'self'", ...deps.scriptHashes],
        scriptSrcAttr: ["'none'"],
        // Mantine writes its CSS variables and responsive style props into <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        // 'self' covers the same-origin Socket.IO WebSocket (ws: and wss: of the page's host).
        connectSrc: ["'self'", ...apiOrigins(config.apiBase)],
        // LiqPay's checkout is a form posted from the page.
        formAction: ["'self'", ...deps.formActions],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Sent below only when the request really came over https; over plain http it would be ignored or misleading.
    strictTransportSecurity: false,
  });

  app.addHook('onRequest', async (request, reply) => {
    void reply.header('permissions-policy', permissionsPolicy);
    // request.protocol reads X-Forwarded-Proto only when TRUST_PROXY says the proxy in front is ours.
    if (request.protocol === 'https') void reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });

  // Only a read without a token of a route anyone may call (what every visitor sees) may be kept by a cache; any other
  // answer may hold someone's data or a new token.
  app.addHook('onSend', async (request, reply) => {
    const access = request.routeOptions.config.access;
    const cacheable =
      (access === undefined || access === 'public' || access === 'optional') &&
      request.headers.authorization === undefined &&
      (request.method === 'GET' || request.method === 'HEAD');
    if (!cacheable) void reply.header('cache-control', 'no-store');
  });
}
