import type { Role, User } from '@rozmova/contracts';
import { describe, expect, it, vi } from 'vitest';
import { decideAccess, isPublicPath } from './route-guard.ts';

const userWith = (role: Role): User => ({
  id: 'u1',
  email: 'someone@example.org',
  user_name: 'Someone',
  user_role: role,
  phone: null,
  locale: 'uk',
  has_password: true,
  email_verified: true,
  notification_settings: { in_app: true, email: true, push: false },
  user_push_token: null,
  role_specific_data: {},
  created_at: '2025-01-01T00:00:00.000Z',
});

const input = (overrides: Partial<Parameters<typeof decideAccess>[0]>) => ({
  pathname: '/user',
  params: {},
  handle: undefined,
  user: null,
  restoreSession: vi.fn(async () => null),
  ...overrides,
});

describe('route guard', () => {
  it('knows the docs/product.md §2 public paths', () => {
    for (const path of [
      '/',
      '/term-of-use',
      '/privacy-policy',
      '/contacts',
      '/about-us',
      '/prices',
      '/meeting',
      '/meeting.deprecated',
      '/api/health',
      '/meet/room-1',
    ]) {
      expect(isPublicPath(path), path).toBe(true);
    }
    for (const path of ['/user', '/admin', '/user/quizz', '/meet', '/meet/a/b', '/meeting.old', '/apiary']) {
      expect(isPublicPath(path), path).toBe(false);
    }
  });

  it('lets anyone open a public path without restoring a session', async () => {
    const restoreSession = vi.fn(async () => null);
    await expect(decideAccess(input({ pathname: '/contacts', restoreSession }))).resolves.toEqual({ kind: 'allow' });
    expect(restoreSession).not.toHaveBeenCalled();
  });

  it('restores the session from the stored token before a private page', async () => {
    const restoreSession = vi.fn(async () => userWith('patient'));
    await expect(decideAccess(input({ restoreSession }))).resolves.toEqual({ kind: 'allow' });
    expect(restoreSession).toHaveBeenCalledOnce();
  });

  it('does not restore again when a user is loaded', async () => {
    const restoreSession = vi.fn(async () => null);
    await expect(decideAccess(input({ user: userWith('patient'), restoreSession }))).resolves.toEqual({ kind: 'allow' });
    expect(restoreSession).not.toHaveBeenCalled();
  });

  it('redirects to / when the session cannot be restored', async () => {
    await expect(decideAccess(input({}))).resolves.toEqual({ kind: 'redirect', to: '/' });
  });

  it('redirects to / when the role differs', async () => {
    const decision = decideAccess(input({ pathname: '/admin', handle: { role: 'admin' }, user: userWith('patient') }));
    await expect(decision).resolves.toEqual({ kind: 'redirect', to: '/' });
  });

  it('sends an applicant (role none) from every signed-in page to its application, which is public', async () => {
    for (const pathname of ['/user', '/user/quizz', '/doctor', '/admin']) {
      await expect(decideAccess(input({ pathname, user: userWith('none') }))).resolves.toEqual({
        kind: 'redirect',
        to: '/for-specialists',
      });
    }
    await expect(decideAccess(input({ pathname: '/for-specialists', user: userWith('none') }))).resolves.toEqual({ kind: 'allow' });
    await expect(decideAccess(input({ pathname: '/for-specialists', user: null }))).resolves.toEqual({ kind: 'allow' });
  });

  it('lets admins through any role check', async () => {
    const decision = decideAccess(input({ pathname: '/doctor', handle: { role: 'doctor' }, user: userWith('admin') }));
    await expect(decision).resolves.toEqual({ kind: 'allow' });
  });

  it('shows 404 when the validity check fails', async () => {
    const handle = { validate: (params: Record<string, string | undefined>) => /^\d+$/.test(params.step ?? '') };
    const user = userWith('patient');
    await expect(decideAccess(input({ pathname: '/user/x', params: { step: 'x' }, handle, user }))).resolves.toEqual({ kind: 'notFound' });
    await expect(decideAccess(input({ pathname: '/user/2', params: { step: '2' }, handle, user }))).resolves.toEqual({ kind: 'allow' });
  });
});

describe('guard loader', () => {
  it('redirects to / without a stored session and answers 404 for a failed validity check', async () => {
    const { guardLoader } = await import('./route-guard.ts');
    const args = (path: string) => ({ request: new Request(`http://localhost${path}`), params: {}, context: {} }) as never;
    const redirect = (await guardLoader(undefined)(args('/user')).catch((e: unknown) => e)) as Response;
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('Location')).toBe('/');
    const notFound = (await guardLoader({ validate: () => false })(args('/contacts')).catch((e: unknown) => e)) as { init: ResponseInit };
    expect(notFound.init.status).toBe(404);
    await expect(guardLoader(undefined)(args('/'))).resolves.toBeNull();
  });
});
