/**
 * Every page of the web app. The web router declares exactly these routes and the server answers 404 (with the app's
 * 404 page) to a GET of any other page path, so both read this one list.
 */
export const webPages = {
  home: '/',
  aboutUs: '/about-us',
  contacts: '/contacts',
  diagnosis: '/diagnosis',
  terms: '/term-of-use',
  privacy: '/privacy-policy',
  specialists: '/our-specialists',
  prices: '/prices',
  cabinet: '/user',
  quiz: '/user/quizz',
  /** The five booking steps and the payment result: one route whose `:page` is one of {@link bookingPages}. */
  booking: '/user/:page',
  admin: '/admin',
  adminQuiz: '/admin/quiz',
  /** The other admin sections: one route whose `:section` is one of {@link adminSections}. */
  adminSection: '/admin/:section',
  doctor: '/doctor',
  /** The doctor's own patients and its ratings: `:section` is one of {@link doctorSections}. */
  doctorSection: '/doctor/:section',
  /** One patient of the doctor: card, notes, documents, past consultations and the chat. */
  doctorPatient: '/doctor/patients/:patientId',
  /** The operators' console: the support inbox. */
  operator: '/operator',
  /** Patient search and the support desk's queue: `:section` is one of {@link operatorSections}. */
  operatorSection: '/operator/:section',
  /** One patient for an operator: profile, card, appointments and booking for the patient. */
  operatorPatient: '/operator/patients/:patientId',
  /** Specialist sign-up (4 steps) and, for an applicant (role `none`), the application's status. */
  specialistSignUp: '/for-specialists',
  faq: '/faq',
  faqTopic: '/faq/:topicId',
  /** One answer, with its own address. */
  faqQuestion: '/faq/:topicId/:questionId',
  /** The support desk's form. */
  support: '/support',
  /** One support request: the requester's view (a visitor comes with the private link's `?token=`). */
  supportRequest: '/support/requests/:requestId',
  corporateClients: '/corporate-clients',
  /** The video room of a consultation (docs/product.md §2: no auth guard; the page asks a visitor to sign in). */
  meeting: '/meet/:roomId',
  /** Old meeting links: says where the consultation is now. */
  meetingDeprecated: '/meeting.deprecated',
  /** Raises a test error in the browser and in the API, to check the error monitor (docs/product.md §2: public). */
  sentryExamplePage: '/sentry-example-page',
  /** Staff who must use two-factor sign-in and have no authenticator yet: set it up between the password and the session. */
  twoFactorEnrolment: '/sign-in/authenticator',
  /** A member of staff's two-factor sign-in: set up, replace, turn off (where optional). */
  accountSecurity: '/user/security',
} as const;

export type WebPage = keyof typeof webPages;

export const bookingPages = [
  'appointment-step1',
  'appointment-step2',
  'appointment-step3',
  'appointment-step4',
  'appointment-step5',
  'payment-success',
] as const;

export type BookingPage = (typeof bookingPages)[number];

export const isBookingPage = (value: string | undefined): value is BookingPage =>
  value !== undefined && (bookingPages as readonly string[]).includes(value);

export const adminSections = ['applications', 'faq', 'reviews', 'doctors', 'payments', 'audit'] as const;
export type AdminSection = (typeof adminSections)[number];
export const doctorSections = ['patients', 'ratings'] as const;
export type DoctorSection = (typeof doctorSections)[number];
export const operatorSections = ['patients', 'requests'] as const;
export type OperatorSection = (typeof operatorSections)[number];

/** A room id is a UUID, as the API's `idSchema` takes it (versions 1–8, RFC 4122 variant); anything else is no room. */
export const isRoomId = (value: string | undefined): boolean =>
  value !== undefined && /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i.test(value);

/**
 * The public pages rendered at build in both languages (docs/prerendering.md), by file name; `notFound` is the 404 page,
 * rendered from a path no route has.
 */
export const prerenderedPages = {
  home: webPages.home,
  aboutUs: webPages.aboutUs,
  contacts: webPages.contacts,
  diagnosis: webPages.diagnosis,
  terms: webPages.terms,
  privacy: webPages.privacy,
  specialists: webPages.specialists,
  prices: webPages.prices,
  corporateClients: webPages.corporateClients,
  faq: webPages.faq,
  meetingDeprecated: webPages.meetingDeprecated,
  notFound: '/not-found',
} as const;
