import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { data, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../lib/auth-store.ts';
import '../test/render.tsx';
import { ErrorPage } from './error-page.tsx';
import type { RouteHandle } from './route-handle.ts';
import { titledRouter } from './test-routes.tsx';

beforeEach(() => {
  authStore.forgetSession();
  // The error page logs what broke; the test keeps the output clean and reads it.
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
});

/** The app's frame around a page that fails as `fail` says: its title, the error page in its place. */
async function open(fail: () => never, { locale = 'en' as 'en' | 'uk' } = {}) {
  await i18next.changeLanguage(locale);
  const router = titledRouter(
    [
      {
        errorElement: <ErrorPage />,
        children: [
          { path: '/', element: <p>The start page</p>, handle: { title: 'home' } satisfies RouteHandle },
          { path: '/about-us', loader: fail, element: <p>About</p>, handle: { title: 'aboutUs' } satisfies RouteHandle },
        ],
      },
    ],
    '/about-us',
  );
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  await screen.findByRole('heading', { level: 1 });
  return router;
}

const notFound = (): never => {
  throw data(null, { status: 404 });
};
const broken = (): never => {
  throw new Error('The database is gone');
};

describe('the error page', () => {
  it('says "Page Not Found" for a missing page, titles the tab so and leads home', async () => {
    const router = await open(notFound);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Page Not Found');
    expect(screen.getByText('The page you are looking for does not exist or has moved.')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Page not found · Rozmova'));
    expect(console.error).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('link', { name: 'Go to the home page' }));
    expect(await screen.findByText('The start page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('says "Internal Server Error" for any other failure, and logs it', async () => {
    await open(broken);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Internal Server Error');
    expect(screen.getByText('Something went wrong on our side. Please try again in a moment.')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Something went wrong · Rozmova'));
    expect(console.error).toHaveBeenCalledWith(expect.objectContaining({ message: 'The database is gone' }));
  });

  it('reads in Ukrainian', async () => {
    await open(notFound, { locale: 'uk' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Сторінку не знайдено');
    expect(screen.getByRole('link', { name: 'На головну сторінку' })).toHaveAttribute('href', '/');
  });

  it('reads a failure in Ukrainian', async () => {
    await open(broken, { locale: 'uk' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Внутрішня помилка сервера');
    expect(screen.getByText('На нашому боці щось пішло не так. Спробуйте ще раз за хвилину.')).toBeInTheDocument();
  });

  it('keeps the site’s header and main landmark around the message', async () => {
    await open(notFound);
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveTextContent('Page Not Found');
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main');
  });

  it('asks for a reload when a page’s file is gone after an update and the page has just reloaded', async () => {
    // The app reloaded itself a moment ago: a second reload could loop, so the page says what happened instead.
    sessionStorage.setItem('rozmova-reloaded-at', String(Date.now()));
    await open(() => {
      throw new TypeError('Failed to fetch dynamically imported module: /assets/about-page-3f2a.js');
    });
    expect(
      screen.getByText(
        'Part of this page could not be loaded: Rozmova may have just been updated, or the connection dropped. Reload the page to continue.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Go to the home page' })).not.toBeInTheDocument();
  });
});
