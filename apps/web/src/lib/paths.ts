/**
 * The app's own addresses, built in one place: every link and navigation takes its path from here, so a page moves
 * in one edit. The router declares the same routes (`app/router.tsx`).
 */

export type BookingStep = 1 | 2 | 3 | 4 | 5;
export type CabinetTab = 'profile' | 'card' | 'documents';

type Query = Record<string, string | undefined>;

/** The path with the query parameters that have a value. */
function withQuery(path: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, value);
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

export const appPaths = {
  home: '/',
  about: '/about-us',
  contacts: '/contacts',
  diagnosis: '/diagnosis',
  terms: '/term-of-use',
  privacy: '/privacy-policy',
  prices: '/prices',
  specialists: (query: { specialisation?: string } = {}) => withQuery('/our-specialists', query),
  cabinet: (tab?: CabinetTab) => withQuery('/user', { tab }),
  quiz: '/user/quizz',
  bookingStep: (step: BookingStep, query: { doctor?: string; specialisation?: string } = {}) =>
    withQuery(`/user/appointment-step${step}`, query),
  paymentSuccess: '/user/payment-success',
  admin: '/admin',
  adminQuiz: '/admin/quiz',
  doctor: '/doctor',
  meeting: (roomId: string) => `/meet/${encodeURIComponent(roomId)}`,
};

/** An API path of the contracts with its `:id` filled in. */
export const withId = (path: string, id: string) => path.replace(':id', encodeURIComponent(id));
