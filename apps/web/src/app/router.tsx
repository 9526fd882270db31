import { adminSections, doctorSections, isBookingPage, isRoomId, operatorSections, webPages, type WebPage } from '@rozmova/contracts';
import { createBrowserRouter, data, matchRoutes, type RouteObject } from 'react-router';
import { runtimeConfig } from '../lib/runtime-config.ts';
import { AppRoot } from './app-root.tsx';
import { ErrorPage } from './error-page.tsx';
import { LandingLayout } from './layouts/landing-layout.tsx';
import type { RouteHandle } from './route-handle.ts';
import { guardLoader } from './route-guard.ts';
import { setRouteTable } from './route-table.ts';
import { startPageOf } from './start-page.ts';

type PageRoute = Omit<RouteObject, 'path' | 'index' | 'handle'> & { handle?: RouteHandle };

/**
 * A page of contracts' `webPages` (the list the server answers 404 outside of): it runs the route guard (docs/product.md §2)
 * before it renders and is titled `pageTitle.<name>` unless its handle says otherwise.
 */
const page = (name: WebPage, route: PageRoute): RouteObject => {
  const handle: RouteHandle = { title: name, ...route.handle };
  const where = name === 'home' ? { index: true } : { path: webPages[name] };
  return { ...route, ...where, handle, loader: guardLoader(handle) } as RouteObject;
};

const diagnosisPage = () => import('../features/quiz/diagnosis-page.tsx').then((m) => ({ Component: m.DiagnosisPage }));
const startPage = startPageOf(runtimeConfig.app_mode, diagnosisPage);

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
              // APP_MODE decides what `/` is (landing, the self-check or the staff sign-in), at run time.
              page('home', { handle: { title: startPage.title }, lazy: startPage.lazy }),
              page('aboutUs', {
                lazy: () => import('../features/landing/about-page.tsx').then((m) => ({ Component: m.AboutPage })),
              }),
              page('contacts', {
                lazy: () => import('../features/landing/contacts-page.tsx').then((m) => ({ Component: m.ContactsPage })),
              }),
              page('diagnosis', { lazy: diagnosisPage }),
              page('terms', {
                lazy: () => import('../features/landing/terms-page.tsx').then((m) => ({ Component: m.TermsPage })),
              }),
              page('privacy', {
                lazy: () => import('../features/landing/privacy-page.tsx').then((m) => ({ Component: m.PrivacyPage })),
              }),
              page('specialists', {
                lazy: () => import('../features/specialists/pages.ts').then((m) => ({ Component: m.SpecialistsPage })),
              }),
              page('prices', {
                lazy: () => import('../features/specialists/pages.ts').then((m) => ({ Component: m.PricesPage })),
              }),
              page('specialistSignUp', {
                lazy: () =>
                  import('../features/specialist-signup/specialist-signup-page.tsx').then((m) => ({ Component: m.SpecialistSignUpPage })),
              }),
              page('corporateClients', {
                lazy: () => import('../features/landing/corporate-page.tsx').then((m) => ({ Component: m.CorporatePage })),
              }),
              page('faq', { lazy: () => import('../features/faq/faq-pages.tsx').then((m) => ({ Component: m.FaqPage })) }),
              page('faqTopic', {
                handle: { validate: ({ topicId }) => isRoomId(topicId) },
                lazy: () => import('../features/faq/faq-pages.tsx').then((m) => ({ Component: m.FaqTopicPage })),
              }),
              page('faqQuestion', {
                handle: { validate: ({ topicId, questionId }) => isRoomId(topicId) && isRoomId(questionId) },
                lazy: () => import('../features/faq/faq-pages.tsx').then((m) => ({ Component: m.FaqQuestionPage })),
              }),
              page('support', {
                lazy: () => import('../features/support-desk/support-page.tsx').then((m) => ({ Component: m.SupportPage })),
              }),
              page('supportRequest', {
                handle: { validate: ({ requestId }) => isRoomId(requestId) },
                lazy: () => import('../features/support-desk/request-page.tsx').then((m) => ({ Component: m.SupportRequestPage })),
              }),
              page('meetingDeprecated', {
                lazy: () => import('../features/meeting/deprecated-page.tsx').then((m) => ({ Component: m.MeetingDeprecatedPage })),
              }),
              // Between the password and the session: no session yet, so no guard (the page reads the kept challenge).
              page('twoFactorEnrolment', {
                lazy: () => import('../features/two-factor/enrolment-page.tsx').then((m) => ({ Component: m.TwoFactorEnrolmentPage })),
              }),
              page('sentryExamplePage', {
                lazy: () => import('../features/monitoring/sentry-example-page.tsx').then((m) => ({ Component: m.SentryExamplePage })),
              }),
            ],
          },
          {
            lazy: () => import('./meeting-route.ts').then((m) => m.loadMeetingLayout()),
            children: [
              // No auth guard (docs/product.md §2): the page asks a visitor to sign in. A room id that is no UUID is the 404 page.
              page('meeting', {
                handle: { validate: ({ roomId }) => isRoomId(roomId) },
                lazy: () => import('./meeting-route.ts').then((m) => m.loadMeetingPage()),
              }),
            ],
          },
          {
            lazy: () => import('./layouts/user-layout.tsx').then((m) => ({ Component: m.UserLayout })),
            children: [
              page('cabinet', {
                lazy: () => import('../features/cabinet/cabinet-page.tsx').then((m) => ({ Component: m.CabinetPage })),
              }),
              page('accountSecurity', {
                lazy: () => import('../features/two-factor/security-page.tsx').then((m) => ({ Component: m.AccountSecurityPage })),
              }),
              page('quiz', {
                handle: { role: 'patient' },
                lazy: () => import('../features/quiz/quiz-page.tsx').then((m) => ({ Component: m.QuizPage })),
              }),
              // The five booking steps and the payment result: one lazy route, so the route table stays small.
              page('booking', {
                handle: { role: 'patient', validate: ({ page }) => isBookingPage(page), title: ({ page }) => page ?? 'notFound' },
                lazy: () => import('../features/booking/booking-page.tsx').then((m) => ({ Component: m.BookingPage })),
              }),
            ],
          },
          {
            lazy: () => import('./layouts/staff-layout.tsx').then((m) => ({ Component: m.StaffLayout })),
            children: [
              page('admin', {
                handle: { role: 'admin' },
                lazy: () => import('../features/admin/users-page.tsx').then((m) => ({ Component: m.UsersPage })),
              }),
              page('adminQuiz', {
                handle: { role: 'admin' },
                lazy: () => import('../features/admin/quiz-admin-page.tsx').then((m) => ({ Component: m.QuizAdminPage })),
              }),
              page('adminSection', {
                handle: {
                  role: 'admin',
                  validate: ({ section }) => (adminSections as readonly (string | undefined)[]).includes(section),
                  title: ({ section }) => `admin-${section}`,
                },
                lazy: () => import('../features/admin/admin-section-page.tsx').then((m) => ({ Component: m.AdminSectionPage })),
              }),
              page('doctor', {
                handle: { role: 'doctor' },
                lazy: () => import('../features/doctor/doctor-page.tsx').then((m) => ({ Component: m.DoctorPage })),
              }),
              page('doctorSection', {
                handle: {
                  role: 'doctor',
                  validate: ({ section }) => (doctorSections as readonly (string | undefined)[]).includes(section),
                  title: ({ section }) => (section === 'ratings' ? 'doctorRatings' : 'doctorSection'),
                },
                lazy: () => import('../features/doctor/doctor-section-page.tsx').then((m) => ({ Component: m.DoctorSectionPage })),
              }),
              page('doctorPatient', {
                handle: { role: 'doctor', validate: ({ patientId }) => isRoomId(patientId) },
                lazy: () => import('../features/doctor/patient-page.tsx').then((m) => ({ Component: m.DoctorPatientPage })),
              }),
              page('operator', {
                handle: { role: 'operator' },
                lazy: () => import('../features/operator/operator-page.tsx').then((m) => ({ Component: m.OperatorPage })),
              }),
              page('operatorSection', {
                handle: {
                  role: 'operator',
                  validate: ({ section }) => (operatorSections as readonly (string | undefined)[]).includes(section),
                  title: ({ section }) => (section === 'requests' ? 'operatorRequests' : 'operatorSection'),
                },
                lazy: () => import('../features/operator/operator-section-page.tsx').then((m) => ({ Component: m.OperatorSectionPage })),
              }),
              page('operatorPatient', {
                handle: { role: 'operator', validate: ({ patientId }) => isRoomId(patientId) },
                lazy: () => import('../features/operator/patient-page.tsx').then((m) => ({ Component: m.OperatorPatientPage })),
              }),
            ],
          },
          {
            // Any other path: the 404 page (the server answers it with status 404). The element is never rendered, the
            // loader throws first; it is there so React Router does not warn about a leaf route without one.
            path: '*',
            element: null,
            loader: () => {
              throw data(null, { status: 404 });
            },
          },
        ],
      },
    ],
  },
];

/** Hydrating a prerendered page: the lazy routes it is made of load first, so the first render is the page, not a fallback. */
export async function loadRoutesOf(location: Location): Promise<void> {
  const lazyRoutes = (matchRoutes(routes, location) ?? []).map((match) => match.route).filter((route) => typeof route.lazy === 'function');
  await Promise.all(
    lazyRoutes.map(async (route) => {
      const loaded = await (route.lazy as () => Promise<Partial<RouteObject>>)();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

export const createRouter = () => {
  setRouteTable(routes);
  return createBrowserRouter(routes);
};
