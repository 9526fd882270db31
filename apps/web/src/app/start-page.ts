import type { AppMode } from '@rozmova/contracts';
import type { LazyRouteFunction, RouteObject } from 'react-router';

type Lazy = LazyRouteFunction<RouteObject>;

/**
 * What `/` shows in each APP_MODE (docs/product.md §1), and the page's title key (a full key or one under `pageTitle.`). The
 * self-check is `/diagnosis`'s own page, given by the router, so the first download names its files once.
 */
export function startPageOf(mode: AppMode, diagnosisPage: Lazy): { title: string; lazy: Lazy } {
  switch (mode) {
    case 'quizz':
      return { title: 'diagnosis', lazy: diagnosisPage };
    case 'doctor':
      return {
        title: 'modes.staffSignIn.title',
        lazy: () => import('../features/auth/staff-sign-in-page.tsx').then((m) => ({ Component: m.StaffSignInPage })),
      };
    default:
      return { title: 'home', lazy: () => import('../features/landing/home-page.tsx').then((m) => ({ Component: m.HomePage })) };
  }
}
