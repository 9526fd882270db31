import type { User } from '@rozmova/contracts';
import { data, redirect, type LoaderFunctionArgs, type Params } from 'react-router';
import { authStore } from '../lib/auth-store.ts';
import type { RouteHandle } from './route-handle.ts';

const publicPaths = new Set([
  '/',
  '/term-of-use',
  '/privacy-policy',
  '/sentry-example-page',
  '/contacts',
  '/corporate-clients',
  '/for-specialists',
  '/about-us',
  '/our-specialists',
  '/prices',
  '/diagnosis',
  '/meeting',
  '/meeting.deprecated',
  '/faq',
  '/support',
  // Staff setting up an authenticator between the password and the session (docs/two-factor.md).
  '/sign-in/authenticator',
]);

/** docs/product.md §2: pages anyone may open without signing in (its route table makes /meeting.deprecated public too). */
export function isPublicPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (
    publicPaths.has(path) ||
    path === '/api' ||
    path.startsWith('/api/') ||
    /^\/meet\/[^/]+$/.test(path) ||
    /^\/faq\/[^/]+(\/[^/]+)?$/.test(path) ||
    /^\/support\/requests\/[^/]+$/.test(path)
  );
}

export type GuardDecision = { kind: 'allow' } | { kind: 'redirect'; to: string } | { kind: 'notFound' };

export interface GuardInput {
  pathname: string;
  params: Params;
  handle: RouteHandle | undefined;
  user: User | null;
  restoreSession: () => Promise<User | null>;
}

export async function decideAccess({ pathname, params, handle, user, restoreSession }: GuardInput): Promise<GuardDecision> {
  if (!isPublicPath(pathname)) {
    const current = user ?? (await restoreSession());
    if (!current) return { kind: 'redirect', to: '/' };
    // An applicant (role `none`) has only its application until an admin approves it.
    if (current.user_role === 'none') return { kind: 'redirect', to: '/for-specialists' };
    if (handle?.role && current.user_role !== handle.role && current.user_role !== 'admin') {
      return { kind: 'redirect', to: '/' };
    }
  }
  if (handle?.validate && !handle.validate(params)) return { kind: 'notFound' };
  return { kind: 'allow' };
}

/** The route loader that applies {@link decideAccess} to a route with the given handle. */
export function guardLoader(handle: RouteHandle | undefined) {
  return async ({ request, params }: LoaderFunctionArgs): Promise<null> => {
    const decision = await decideAccess({
      pathname: new URL(request.url).pathname,
      params,
      handle,
      user: authStore.getState().user,
      restoreSession: authStore.restoreSession,
    });
    if (decision.kind === 'redirect') throw redirect(decision.to);
    if (decision.kind === 'notFound') throw data(null, { status: 404 });
    return null;
  };
}
