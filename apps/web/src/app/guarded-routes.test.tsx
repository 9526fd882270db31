import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { authApi, type User } from '@rozmova/contracts';
import { render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../lib/auth-store.ts';
import { writeAuthToken } from '../lib/auth-token.ts';
import { createApiDouble } from '../test/api-double.ts';
import { aUser } from '../test/people.ts';
import '../test/render.tsx';
import { routes } from './router.tsx';

// The router's scroll restoration scrolls the window, which jsdom does not do.
beforeEach(() => void vi.spyOn(window, 'scrollTo').mockImplementation(() => {}));
afterEach(() => {
  authStore.forgetSession();
  vi.restoreAllMocks();
});

// The first visit of a layout or page imports its lazy module, which the test run compiles then: slow on a busy machine.
const lazyLoad = { timeout: 15_000 };

/**
 * The app's own route table at `at`, as a person opening the address: the guard runs before any page. A `user` has a
 * stored session the guard restores through the profile call.
 */
async function visit(at: string, { user, locale = 'en' }: { user?: User; locale?: 'en' | 'uk' } = {}) {
  const api = createApiDouble();
  authStore.forgetSession();
  if (user) {
    api.on(authApi.profile, { body: user });
    writeAuthToken('stored-session');
  }
  await i18next.changeLanguage(locale);
  const router = createMemoryRouter(routes, { initialEntries: [at] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { api, router, path: () => router.state.location.pathname };
}

describe('who may open a page', { timeout: 30_000 }, () => {
  it('sends a signed-out visitor of the cabinet to the start page, where they can log in', async () => {
    const { path, api } = await visit('/user');
    await waitFor(() => expect(path()).toBe('/'), lazyLoad);
    expect(await screen.findByRole('button', { name: 'Log in' }, lazyLoad)).toBeInTheDocument();
    expect(api.callsTo(authApi.profile)).toEqual([]);
  });

  it.each(['/admin', '/doctor', '/operator', '/operator/requests'])('sends a patient away from the staff page %s', async (at) => {
    const { path, api } = await visit(at, { user: aUser('patient') });
    await waitFor(() => expect(path()).toBe('/'), lazyLoad);
    // The stored session was restored once to decide.
    expect(api.callsTo(authApi.profile)).toHaveLength(1);
    expect(await screen.findByRole('button', { name: 'Account menu' }, lazyLoad)).toBeInTheDocument();
  });

  it('sends a doctor away from the administration', async () => {
    const { path } = await visit('/admin', { user: aUser('doctor') });
    await waitFor(() => expect(path()).toBe('/'), lazyLoad);
  });

  it('sends an applicant to the application’s page, whatever was asked', async () => {
    const { path } = await visit('/user', { user: aUser('none') });
    await waitFor(() => expect(path()).toBe('/for-specialists'), lazyLoad);
  });

  it('forgets a stored session the server no longer knows, and sends the visitor to the start page', async () => {
    const api = createApiDouble();
    api.on(authApi.profile, { status: 401, error: { code: 'UNAUTHORIZED', message: 'Session expired' } });
    writeAuthToken('expired-session');
    const router = createMemoryRouter(routes, { initialEntries: ['/user'] });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), lazyLoad);
    expect(document.cookie).not.toContain('expired-session');
    expect(await screen.findByRole('button', { name: 'Log in' }, lazyLoad)).toBeInTheDocument();
  });

  it('shows the 404 page for an address the app does not know, in the reader’s language', async () => {
    const { path } = await visit('/no-such-page', { locale: 'uk' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Сторінку не знайдено' }, lazyLoad)).toBeInTheDocument();
    expect(path()).toBe('/no-such-page');
    await waitFor(() => expect(document.title).toBe('Сторінку не знайдено · Rozmova'), lazyLoad);
  });

  it('shows the 404 page for a page whose address names nothing valid (a support request’s id)', async () => {
    await visit('/support/requests/not-an-id');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' }, lazyLoad)).toBeInTheDocument();
  });

  it('shows the 404 page for a booking step that does not exist, to a patient', async () => {
    const { path } = await visit('/user/appointment-step9', { user: aUser('patient') });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' }, lazyLoad)).toBeInTheDocument();
    expect(path()).toBe('/user/appointment-step9');
  });
});
