import { webPages, type AdminSection, type BookingPage, type DoctorSection, type OperatorSection, type Role } from '@rozmova/contracts';

/**
 * The app's own addresses, built in one place from the contracts' list of pages (`webPages`, which the router and
 * the server's 404 also read): every link and navigation takes its path from here, with its parameters and query.
 */

export type BookingStep = 1 | 2 | 3 | 4 | 5;
export type CabinetTab = 'profile' | 'card' | 'documents' | 'chat' | 'consultations' | 'requests' | 'records-access';

type Query = Record<string, string | undefined>;

/** The path with the query parameters that have a value. */
function withQuery(path: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, value);
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

const bookingPage = (page: BookingPage) => webPages.booking.replace(':page', page);

export const appPaths = {
  home: webPages.home,
  about: webPages.aboutUs,
  contacts: webPages.contacts,
  diagnosis: webPages.diagnosis,
  terms: webPages.terms,
  privacy: webPages.privacy,
  prices: webPages.prices,
  specialists: (query: { specialisation?: string } = {}) => withQuery(webPages.specialists, query),
  cabinet: (tab?: CabinetTab) => withQuery(webPages.cabinet, { tab }),
  quiz: webPages.quiz,
  bookingStep: (step: BookingStep, query: { doctor?: string; specialisation?: string } = {}) =>
    withQuery(bookingPage(`appointment-step${step}`), query),
  paymentSuccess: bookingPage('payment-success'),
  admin: webPages.admin,
  adminQuiz: webPages.adminQuiz,
  doctor: webPages.doctor,
  /** The doctor console with an admin's chosen doctor kept. */
  doctorConsole: (query: Query = {}) => withQuery(webPages.doctor, query),
  /** The operators' inbox with its filters and the open conversation (`pane=details`: the patient's panel on a phone). */
  operator: (query: { holder?: string; status?: string; patient?: string; pane?: 'details' } = {}) => withQuery(webPages.operator, query),
  adminSection: (section: AdminSection, query: Query = {}) => withQuery(webPages.adminSection.replace(':section', section), query),
  doctorSection: (section: DoctorSection, query: Query = {}) => withQuery(webPages.doctorSection.replace(':section', section), query),
  doctorPatient: (patientId: string, query: Query = {}) =>
    withQuery(webPages.doctorPatient.replace(':patientId', encodeURIComponent(patientId)), query),
  operatorSection: (section: OperatorSection, query: Query = {}) => withQuery(webPages.operatorSection.replace(':section', section), query),
  operatorPatient: (patientId: string, query: Query = {}) =>
    withQuery(webPages.operatorPatient.replace(':patientId', encodeURIComponent(patientId)), query),
  specialistSignUp: webPages.specialistSignUp,
  faq: (query: { q?: string } = {}) => withQuery(webPages.faq, query),
  faqTopic: (topicId: string) => webPages.faqTopic.replace(':topicId', encodeURIComponent(topicId)),
  faqQuestion: (topicId: string, questionId: string) =>
    webPages.faqQuestion.replace(':topicId', encodeURIComponent(topicId)).replace(':questionId', encodeURIComponent(questionId)),
  support: (query: { question?: string; topic?: string } = {}) => withQuery(webPages.support, query),
  supportRequest: (requestId: string, query: { token?: string } = {}) =>
    withQuery(webPages.supportRequest.replace(':requestId', encodeURIComponent(requestId)), query),
  corporateClients: webPages.corporateClients,
  /** The video room of a consultation. */
  meeting: (roomId: string) => webPages.meeting.replace(':roomId', encodeURIComponent(roomId)),
  /** Setting up an authenticator between the password and the session (staff whose role needs one). */
  twoFactorEnrolment: webPages.twoFactorEnrolment,
  /** A member of staff's two-factor sign-in. */
  accountSecurity: webPages.accountSecurity,
  /** Where a signed-in person starts: the staff's consoles, an applicant's application, a patient's cabinet. */
  homeOf: (role: Role): string =>
    role === 'admin'
      ? webPages.admin
      : role === 'doctor'
        ? webPages.doctor
        : role === 'operator'
          ? webPages.operator
          : role === 'none'
            ? webPages.specialistSignUp
            : webPages.cabinet,
};
