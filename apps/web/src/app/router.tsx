import { createBrowserRouter, data, type RouteObject } from 'react-router';
import { AppRoot } from './app-root.tsx';
import { ErrorPage } from './error-page.tsx';
import { LandingLayout } from './layouts/landing-layout.tsx';
import type { RouteHandle } from './route-handle.ts';
import { guardLoader } from './route-guard.ts';

type PageRoute = RouteObject & { handle?: RouteHandle };

/** Every page route runs the route guard (SPEC.md §2) before it renders. */
const page = (route: PageRoute): RouteObject => ({ ...route, loader: guardLoader(route.handle) }) as RouteObject;

export const routes: RouteObject[] = [
  {
    element: <AppRoot />,
    HydrateFallback: () => null,
    children: [
      {
        errorElement: <ErrorPage />,
        children: [
          {
            element: <LandingLayout />,
            children: [
              page({
                index: true,
                lazy: () => import('../features/landing/home-page.tsx').then((m) => ({ Component: m.HomePage })),
              }),
              page({
                path: 'about-us',
                lazy: () => import('../features/landing/about-page.tsx').then((m) => ({ Component: m.AboutPage })),
              }),
              page({
                path: 'contacts',
                lazy: () => import('../features/landing/contacts-page.tsx').then((m) => ({ Component: m.ContactsPage })),
              }),
              page({
                path: 'diagnosis',
                lazy: () => import('../features/quiz/diagnosis-page.tsx').then((m) => ({ Component: m.DiagnosisPage })),
              }),
              page({
                path: 'term-of-use',
                lazy: () => import('../features/landing/terms-page.tsx').then((m) => ({ Component: m.TermsPage })),
              }),
              page({
                path: 'privacy-policy',
                lazy: () => import('../features/landing/privacy-page.tsx').then((m) => ({ Component: m.PrivacyPage })),
              }),
              page({
                path: 'our-specialists',
                lazy: () => import('../features/specialists/pages.ts').then((m) => ({ Component: m.SpecialistsPage })),
              }),
              page({
                path: 'prices',
                lazy: () => import('../features/specialists/pages.ts').then((m) => ({ Component: m.PricesPage })),
              }),
            ],
          },
          {
            lazy: () => import('./layouts/user-layout.tsx').then((m) => ({ Component: m.UserLayout })),
            children: [
              page({
                path: 'user',
                lazy: () => import('../features/cabinet/cabinet-page.tsx').then((m) => ({ Component: m.CabinetPage })),
              }),
              page({
                path: 'user/quizz',
                handle: { role: 'patient' },
                lazy: () => import('../features/quiz/quiz-page.tsx').then((m) => ({ Component: m.QuizPage })),
              }),
              // The five booking steps and the payment result: one lazy route, so the route table stays small.
              page({
                path: 'user/:page',
                handle: { role: 'patient', validate: ({ page }) => /^(appointment-step[1-5]|payment-success)$/.test(page ?? '') },
                lazy: () => import('../features/booking/booking-page.tsx').then((m) => ({ Component: m.BookingPage })),
              }),
            ],
          },
          {
            lazy: () => import('./layouts/staff-layout.tsx').then((m) => ({ Component: m.StaffLayout })),
            children: [
              page({
                path: 'admin',
                handle: { role: 'admin' },
                lazy: () => import('../features/admin/users-page.tsx').then((m) => ({ Component: m.UsersPage })),
              }),
              page({
                path: 'admin/quiz',
                handle: { role: 'admin' },
                lazy: () => import('../features/admin/quiz-admin-page.tsx').then((m) => ({ Component: m.QuizAdminPage })),
              }),
              page({
                path: 'doctor',
                handle: { role: 'doctor' },
                lazy: () => import('../features/doctor/doctor-page.tsx').then((m) => ({ Component: m.DoctorPage })),
              }),
            ],
          },
          {
            path: '*',
            loader: () => {
              throw data(null, { status: 404 });
            },
          },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
