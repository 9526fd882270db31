import { createMemoryRouter, Outlet, type RouteObject } from 'react-router';
import { PageTitle } from './page-title.tsx';

/** The app's frame for a test: the pages under PageTitle (which titles the tab from a page's handle), opened at `at`. */
export const titledRouter = (pages: RouteObject[], at: string) =>
  createMemoryRouter(
    [
      {
        element: (
          <PageTitle>
            <Outlet />
          </PageTitle>
        ),
        children: pages,
      },
    ],
    { initialEntries: [at] },
  );
