import type { QueryClient, QueryKey, Updater } from '@tanstack/react-query';

/**
 * Every TanStack Query key of the app, one builder per resource, so a page that reads a resource and a mutation that
 * refreshes it always name the same key. A key starts with its resource; the shorter keys (`all`, `slotsOfAll`)
 * match every longer key below them when invalidating. Realtime appointment events refresh the keys holding `slots`,
 * `appointments`, `notifications` or `payments` (app/realtime-keys.ts). An answer put into the cache under one of
 * these keys goes through {@link putFresh}.
 */
export const queryKeys = {
  twoFactor: {
    /** The signed-in member of staff's two-factor sign-in. */
    status: ['two-factor', 'status'] as const,
    /** The authenticator offered to the holder of an enrolment challenge. */
    enrolment: (challenge: string) => ['two-factor', 'enrolment', challenge] as const,
  },
  doctors: {
    all: ['doctors'] as const,
    list: (specialisation: string | null, language: string | null, search: string) =>
      ['doctors', 'list', specialisation, language, search] as const,
    /** Every doctor, unfiltered (an admin's doctor picker). */
    listAll: ['doctors', 'list', 'all'] as const,
    one: (id: string | undefined) => ['doctors', 'one', id] as const,
    /** The free times of every doctor. */
    slotsOfAll: ['doctors', 'slots'] as const,
    slots: (doctorId: string | undefined) => ['doctors', 'slots', doctorId] as const,
    slotsBetween: (doctorId: string | undefined, from: string, to: string, patientId: string | null) =>
      ['doctors', 'slots', doctorId, from, to, patientId] as const,
  },
  appointments: {
    all: ['appointments'] as const,
    ofPatient: (patientId: string | undefined) => ['appointments', 'patient', patientId] as const,
    ofDoctor: (doctorId: string, from: string) => ['appointments', 'doctor', doctorId, from] as const,
    /** A doctor's consultations starting in [from, to): the agenda's week. */
    agenda: (doctorId: string, from: string, to: string) => ['appointments', 'agenda', doctorId, from, to] as const,
    /** The consultation of a meeting room (`GET /v1/appointments/byroomid/:roomId`). */
    byRoom: (roomId: string) => ['appointments', 'room', roomId] as const,
  },
  meetings: {
    all: ['meetings'] as const,
    /** Patients waiting in the rooms of a doctor's consultations. */
    waiting: (doctorId: string) => ['meetings', 'waiting', doctorId] as const,
    callRecord: (appointmentId: string) => ['meetings', 'call-record', appointmentId] as const,
  },
  support: {
    all: ['support'] as const,
    /** Every filter of the operators' inbox. */
    inboxes: ['support', 'inbox'] as const,
    inbox: (holder: string, status: string | undefined) => ['support', 'inbox', holder, status] as const,
    /** Claims, transfers, closes and reopens of one patient's support conversation. */
    events: (patientId: string) => ['support', 'events', patientId] as const,
    operators: ['support', 'operators'] as const,
    cannedReplies: ['support', 'canned-replies'] as const,
    /** What a patient sees of the support team (GET /v1/support/status). */
    status: (userId: string) => ['support', 'status', userId] as const,
  },
  patients: {
    all: ['patients'] as const,
    one: (patientId: string) => ['patients', patientId] as const,
    /** An operator's patient search (GET /v1/patients/lookup). */
    lookup: (criteria: string) => ['patients', 'lookup', criteria] as const,
    /** A doctor's own patients, one page of a search (the doctor console's My patients). */
    ofDoctor: (doctorId: string, query: string, page: number) => ['patients', 'doctor', doctorId, query, page] as const,
    /** The doctors' notes on a patient. */
    notes: (patientId: string) => ['patients', 'notes', patientId] as const,
  },
  messages: {
    /** One conversation of the signed-in user (lib/chat: the user and `conversationKey`). */
    conversation: (key: string) => ['messages', 'conversation', key] as const,
  },
  feedback: {
    /** Published reviews for the landing page. */
    published: ['feedback', 'published'] as const,
    /** The doctor reviews a user wrote (one per consultation). */
    doctorReviewsOf: (userId: string) => ['feedback', 'user', userId, 'doctor'] as const,
    /** A doctor's published reviews and rating (GET /v1/doctors/:id/reviews). */
    reviewsOfDoctor: (doctorId: string) => ['feedback', 'doctor', doctorId] as const,
  },
  payments: {
    ofAppointment: (appointmentId: string | undefined) => ['payments', 'appointment', appointmentId] as const,
    /** The receipt of a paid consultation (the patient's own). */
    receipt: (appointmentId: string) => ['payments', 'receipt', appointmentId] as const,
  },
  /** Who of the staff opened a patient's records (the patient's own view), one page of days per offset and time zone. */
  recordAccess: {
    days: (patientId: string, offset: number, timeZone: string) => ['record-access', patientId, 'days', offset, timeZone] as const,
  },
  specialistApplications: {
    all: ['specialist-applications'] as const,
    /** The signed-in applicant's own application. */
    mine: ['specialist-applications', 'mine'] as const,
    /** An admin's list by status. */
    list: (status: string) => ['specialist-applications', 'list', status] as const,
    one: (id: string) => ['specialist-applications', 'one', id] as const,
  },
  patientCards: {
    all: ['patient-card'] as const,
    one: (cardId: string | undefined) => ['patient-card', cardId] as const,
  },
  quiz: {
    all: ['quiz'] as const,
    questions: ['quiz', 'questions'] as const,
    levelRules: ['quiz', 'level-rules'] as const,
  },
  admin: {
    users: ['admin', 'users'] as const,
    usersPage: (role: string | undefined, search: string, page: number) => ['admin', 'users', role, search, page] as const,
    /** The moderation list, one page per filter. */
    reviews: ['admin', 'reviews'] as const,
    reviewsPage: (filter: object) => ['admin', 'reviews', filter] as const,
    payments: ['admin', 'payments'] as const,
    paymentsPage: (filter: object) => ['admin', 'payments', filter] as const,
    paymentCallbacks: (paymentId: string) => ['admin', 'payments', 'callbacks', paymentId] as const,
    auditPage: (filter: object) => ['admin', 'audit', filter] as const,
  },
  notifications: {
    ofUser: (userId: string) => ['notifications', userId] as const,
  },
  documents: {
    mine: ['user-references', 'my'] as const,
    ofPatient: (patientId: string) => ['user-references', 'patient', patientId] as const,
    file: (id: string) => ['user-references', 'file', id] as const,
  },
  faq: {
    all: ['faq'] as const,
    topics: ['faq', 'topics'] as const,
    topic: (id: string) => ['faq', 'topic', id] as const,
    question: (id: string) => ['faq', 'question', id] as const,
    search: (query: string) => ['faq', 'search', query] as const,
    /** The editor's list: every topic and question, published or not. */
    admin: ['faq', 'admin'] as const,
  },
  supportDesk: {
    all: ['support-desk'] as const,
    mine: (userId: string) => ['support-desk', 'mine', userId] as const,
    /** One request as its requester sees it (a visitor through its link's token). */
    one: (id: string, token: string | null) => ['support-desk', 'one', id, token] as const,
    queue: (status: string | null) => ['support-desk', 'queue', status] as const,
    staffOne: (id: string) => ['support-desk', 'staff', id] as const,
  },
};

/**
 * Puts a newer state (an action's answer, a realtime event) into the cache. A read of the same key already in flight
 * started before the change and would answer the state from before it, overwriting this one: it is replaced by a read
 * that starts now.
 */
export function putFresh<T>(client: QueryClient, queryKey: QueryKey, updater: Updater<T | undefined, T | undefined>): void {
  const stale = client.isFetching({ queryKey, exact: true }) > 0;
  client.setQueryData<T>(queryKey, updater);
  if (stale) void client.invalidateQueries({ queryKey, exact: true });
}
