import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { Link, RouterProvider, type RouteObject } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import '../test/render.tsx';
import type { RouteHandle } from './route-handle.ts';
import { titledRouter } from './test-routes.tsx';

const nav = (
  <nav>
    <Link to="/">Home</Link> <Link to="/about-us">About</Link> <Link to="/admin/reviews">Reviews</Link> <Link to="/untitled">Untitled</Link>
  </nav>
);

const page = (path: string, handle?: RouteHandle): RouteObject => ({ path, handle, element: nav });

function open(at: string) {
  const router = titledRouter(
    [
      page('/', { title: 'home' }),
      page('/about-us', { title: 'aboutUs' }),
      page('/admin/:section', { title: ({ section }) => `admin-${section}` }),
      page('/untitled'),
    ],
    at,
  );
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(async () => {
  document.title = 'Rozmova';
  await i18next.changeLanguage('en');
});

describe('the page title', () => {
  it('names the page, then the service', async () => {
    open('/about-us');
    await waitFor(() => expect(document.title).toBe('About us · Rozmova'));
  });

  it('is the service’s own line on the start page', async () => {
    open('/');
    await waitFor(() => expect(document.title).toBe('Rozmova: online consultations with specialists'));
  });

  it('follows the page as the person moves, one made from the address included', async () => {
    const user = userEvent.setup();
    open('/');
    await user.click(screen.getByRole('link', { name: 'About' }));
    await waitFor(() => expect(document.title).toBe('About us · Rozmova'));
    await user.click(screen.getByRole('link', { name: 'Reviews' }));
    await waitFor(() => expect(document.title).toBe('Review moderation · Rozmova'));
  });

  it('keeps the last title on a page that names none', async () => {
    const user = userEvent.setup();
    open('/about-us');
    await waitFor(() => expect(document.title).toBe('About us · Rozmova'));
    await user.click(screen.getByRole('link', { name: 'Untitled' }));
    expect(document.title).toBe('About us · Rozmova');
  });

  it('changes language with the page', async () => {
    open('/about-us');
    await waitFor(() => expect(document.title).toBe('About us · Rozmova'));
    await i18next.changeLanguage('uk');
    await waitFor(() => expect(document.title).toBe('Про нас · Rozmova'));
  });
});
