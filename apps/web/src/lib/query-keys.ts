/**
 * Every TanStack Query key of the app, one builder per resource, so a page that reads a resource and a mutation that
 * refreshes it always name the same key. A key starts with its resource; the shorter keys (`all`, `slotsOfAll`)
 * match every longer key below them when invalidating. Realtime appointment events refresh the keys holding `slots`,
 * `appointments`, `notifications` or `payments` (app/realtime-keys.ts).
 */
export const queryKeys = {
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
  },
  messages: {
    /** One conversation of the signed-in user (lib/chat: the user and `conversationKey`). */
    conversation: (key: string) => ['messages', 'conversation', key] as const,
  },
  feedback: {
    /** The doctor reviews a user wrote (one per consultation). */
    doctorReviewsOf: (userId: string) => ['feedback', 'user', userId, 'doctor'] as const,
  },
  payments: {
    ofAppointment: (appointmentId: string | undefined) => ['payments', 'appointment', appointmentId] as const,
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
  },
  notifications: {
    ofUser: (userId: string) => ['notifications', userId] as const,
  },
  documents: {
    mine: ['user-references', 'my'] as const,
    ofPatient: (patientId: string) => ['user-references', 'patient', patientId] as const,
  },
};
