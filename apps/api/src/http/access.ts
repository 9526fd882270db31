import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Access, Endpoint } from '@rozmova/contracts';
import { AppError } from '../lib/app-error.ts';
import { isUnclaimed, unclaimedRefused, type AuthContext, type Authenticator, type DeviceInfo } from './auth-context.ts';

/** The per-address counter of auth requests (the rate-limit module answers it). */
export interface RequestLimiter {
  consume(key: string, limit: { max: number; windowMs: number }): Promise<unknown>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The endpoint of the contracts an API route serves (http/route.ts); the rest below come from it. */
    contract?: Endpoint;
    access?: Access;
    /** Counted against the per-address limit of auth requests. */
    authRateLimit?: boolean;
    /** A `user` route that an applicant (role `none`, not yet approved) may call too: the profile and logout. */
    applicants?: boolean;
    /**
     * A route an unclaimed session (its account's e-mail not proved yet: a landing-page booking) may call: that
     * booking, its payment and consultation, the profile it typed, logout. Elsewhere such a session is refused with 403
     * `EMAIL_NOT_VERIFIED`, and on `optional` routes it is a visitor.
     */
    unclaimed?: boolean;
  }
  interface FastifyRequest {
    auth?: AuthContext;
  }
}

/** The browsable reference's pages and files (http/openapi.ts): under /api/, but not endpoints. */
export const API_DOCS_PATH = '/api/docs';

/** An API route's address (the rest are pages and static files, which anyone may read). */
export const isApiUrl = (url: string): boolean => url.startsWith('/v1/') || url.startsWith('/api/');

const MAX_HEADER = 200;
const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, MAX_HEADER) : undefined;
};

function bearerToken(request: FastifyRequest): string | undefined {
  const value = request.headers.authorization;
  if (typeof value !== 'string') return undefined;
  const match = /^Bearer ([A-Za-z0-9_-]{16,128})$/.exec(value.trim());
  return match?.[1];
}

/** The device recorded with a new session, from the X-* headers every client request carries. */
export function deviceOf(request: FastifyRequest): DeviceInfo {
  const timestamp = header(request, 'x-timestamp');
  return {
    deviceType: header(request, 'x-device-type'),
    userAgent: header(request, 'x-user-agent') ?? header(request, 'user-agent'),
    timeZone: timestamp?.split(';').at(-1)?.trim() || undefined,
    ipAddress: request.ip,
  };
}

/** The signed-in user of a route whose access requires one. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('UNAUTHORIZED', 'Sign in to continue');
  return request.auth;
}

export function registerAccessControl(
  app: FastifyInstance,
  deps: { auth: Authenticator; rateLimit: RequestLimiter; authRequestsPerMinute: number },
): void {
  app.addHook('onRoute', (route) => {
    if (isApiUrl(route.url) && !route.url.startsWith(API_DOCS_PATH) && route.config?.contract === undefined) {
      throw new Error(`Route ${route.method} ${route.url} is not an endpoint of the contracts (register it with route())`);
    }
    if (route.config?.access === undefined) {
      throw new Error(`Route ${route.method} ${route.url} does not declare who may call it (config.access)`);
    }
  });

  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    if (config.authRateLimit) {
      await deps.rateLimit.consume(`auth-ip:${request.ip}`, { max: deps.authRequestsPerMinute, windowMs: 60_000 });
    }
    const access = config.access;
    if (access === undefined || access === 'public') return;
    const token = bearerToken(request);
    if (token) request.auth = await deps.auth.authenticate(token);
    const refusedUnclaimed = request.auth !== undefined && isUnclaimed(request.auth.account) && !config.unclaimed;
    // A stale token on an optional route is ignored: recovering a password must work with an old cookie.
    if (access === 'optional') {
      if (refusedUnclaimed) request.auth = undefined;
      return;
    }
    if (!request.auth) throw new AppError('UNAUTHORIZED', 'Sign in to continue');
    if (refusedUnclaimed) throw unclaimedRefused();
    const role = request.auth.account.user.role;
    if (access === 'user') {
      if (role === 'none' && !config.applicants) throw new AppError('FORBIDDEN', 'Your application is not approved yet');
      return;
    }
    if (role !== 'admin' && !access.includes(role)) throw new AppError('FORBIDDEN', 'Your role may not do this');
  });

  // What an unclaimed session's handler read is answered only if no claim committed meanwhile: a claim ends the session,
  // and what was read after it (the owner's name on the booking) is the owner's. Checked after the reads, so an answer
  // that passes was read before any claim.
  app.addHook('onSend', async (request, reply, payload) => {
    const auth = request.auth;
    if (!auth || !isUnclaimed(auth.account) || request.routeOptions.config.access === 'optional' || reply.statusCode >= 400) {
      return payload;
    }
    if (await deps.auth.stillUnclaimed(auth.account.user.id)) return payload;
    reply.removeHeader('content-type').removeHeader('content-disposition');
    throw new AppError('UNAUTHORIZED', 'Sign in to continue');
  });
}
