export const authPaths = {
  login: '/v1/auth/login',
  logout: '/v1/auth/logout',
  registerPatient: '/v1/auth/register-patient',
  verifyPassword: '/v1/auth/verify-password',
  profile: '/v1/auth/profile',
  setupPassword: '/v1/auth/setup-password',
  sendRegisterCode: '/v1/verification-codes/register/send-code',
  sendRecoveryCode: '/v1/verification-codes/recover-pass/send-code',
  checkCode: '/v1/verification-codes/check-code',
} as const;

/** Staff two-factor sign-in (docs/two-factor.md). */
export const twoFactorPaths = {
  /** The second step of a sign-in: `{ challenge, code }` (the app's code or a recovery code) → `{ token }`. */
  verify: '/v1/auth/two-factor/verify',
  /** Half signed in and not enrolled: a new authenticator for `{ challenge }`. */
  enrolment: '/v1/auth/two-factor/enrolment',
  /** `{ challenge, code }` of the new authenticator → `{ token, recovery_codes }`. */
  enrolmentConfirm: '/v1/auth/two-factor/enrolment/confirm',
  /** Signed in (staff): the state, a new authenticator, its confirmation, turning it off. */
  status: '/v1/auth/two-factor',
  setup: '/v1/auth/two-factor/setup',
  enable: '/v1/auth/two-factor/enable',
  disable: '/v1/auth/two-factor/disable',
  /** Admin: removes a member of staff's authenticator and recovery codes; their sessions end. */
  adminReset: '/v1/admin/users/:id/two-factor',
} as const;

export const adminPaths = {
  users: '/v1/admin/users',
  user: '/v1/admin/users/:id',
} as const;

export const contactPaths = { contact: '/v1/contact' } as const;

export const systemPaths = {
  health: '/api/health',
  version: '/api/version',
  /** The OpenAPI 3.1 document of every endpoint (its browsable reference is at /api/docs). */
  openApi: '/api/openapi.json',
} as const;

/** Error monitoring: the browser's events go through the app's own origin; the example page's API error. */
export const monitoringPaths = {
  tunnel: '/api/monitoring/tunnel',
  exampleError: '/api/monitoring/example-error',
} as const;

export const documentPaths = {
  listMy: '/v1/user-references/list-and-count-my',
  createMy: '/v1/user-references/create-my',
  reference: '/v1/user-references/:id',
  deleteMy: '/v1/user-references/:id/my',
  file: '/v1/user-references/:id/file',
  /** A patient's documents, for its doctors, operators and admins (audited). */
  ofPatient: '/v1/patients/:id/user-references',
} as const;

export const feedbackPaths = {
  feedback: '/v1/feedback',
  one: '/v1/feedback/:id',
  byUser: '/v1/feedback/user/:id',
  /** A doctor's published reviews with the average and count (public). */
  doctorReviews: '/v1/doctors/:id/reviews',
} as const;

export const quizPaths = {
  questions: '/v1/quizz',
  question: '/v1/quizz/:id',
  levelRules: '/v1/quizz/level-rules',
} as const;

export const patientPaths = {
  patients: '/v1/patients',
  patient: '/v1/patients/:id',
  lookup: '/v1/patients/lookup',
  card: '/v1/patients-cards/:id',
} as const;

export const auditPaths = { auditLog: '/v1/admin/audit-log' } as const;

export const doctorPaths = {
  doctors: '/v1/doctors',
  search: '/v1/doctors/search',
  doctor: '/v1/doctors/:id',
  availableSlots: '/v1/doctors/:id/available-slots',
} as const;

/** The doctor console's patients: a doctor's own (admins any doctor's) and the doctors' notes on one patient. */
export const doctorPatientPaths = {
  patientsOfDoctor: '/v1/doctors/:id/patients',
  notes: '/v1/patients/:id/notes',
} as const;

export const appointmentPaths = {
  appointments: '/v1/appointments',
  fromLanding: '/v1/appointments/from-landing',
  appointment: '/v1/appointments/:id',
  byRoomId: '/v1/appointments/byroomid/:id',
  joinMeeting: '/v1/appointments/join-meeting/:id',
  byPatient: '/v1/appointments/patient/:id',
  calendar: '/v1/appointments/:id/calendar.ics',
} as const;

export const paymentPaths = {
  /** Starts (or resumes) the payment of a patient-paid appointment. */
  checkout: '/v1/payments/checkout',
  /** The provider's signed server callback (form-encoded `data` and `signature`). */
  callback: '/v1/payments/callback/:provider',
  /** The sandbox provider's own checkout page. */
  sandboxCheckout: '/v1/payments/sandbox/:id',
  /** What the payment of an appointment came to (`/user/payment-success` reads it). */
  ofAppointment: '/v1/payments/appointment/:id',
} as const;

export const notificationPaths = {
  notifications: '/v1/notifications',
  ofUser: '/v1/notifications/user/:id',
  notification: '/v1/notifications/:id',
  markAllAsRead: '/v1/notifications/mark-all-as-read',
  clearAll: '/v1/notifications/clear-all',
} as const;

export const meetingPaths = {
  /** ICE servers for one join of the room: STUN and TURN with short-lived credentials (coturn's REST scheme). */
  iceServers: '/v1/meetings/:id/ice-servers',
  /** A problem reported from the call: a support request with the call's technical details. */
  report: '/v1/meetings/:id/report',
  /** The call record of an appointment (joins, leaves, reconnects, duration, end reason): its doctor and admins. */
  callRecord: '/v1/appointments/:id/call-record',
  /** Patients waiting in the rooms of the doctor's consultations, with their device check. */
  waiting: '/v1/meetings/waiting',
} as const;

export const faqPaths = {
  topics: '/v1/faq/topics',
  topic: '/v1/faq/topics/:id',
  question: '/v1/faq/questions/:id',
  search: '/v1/faq/search',
  vote: '/v1/faq/questions/:id/vote',
  adminTopics: '/v1/admin/faq/topics',
  adminTopic: '/v1/admin/faq/topics/:id',
  adminQuestions: '/v1/admin/faq/questions',
  adminQuestion: '/v1/admin/faq/questions/:id',
} as const;

export const supportDeskPaths = {
  requests: '/v1/support-requests',
  my: '/v1/support-requests/my',
  request: '/v1/support-requests/:id',
  take: '/v1/support-requests/:id/take',
  replies: '/v1/support-requests/:id/replies',
  /** The requester's own messages on a request (`?token=` for a visitor). */
  followUps: '/v1/support-requests/:id/follow-ups',
  close: '/v1/support-requests/:id/close',
  attachment: '/v1/support-requests/:id/attachment',
} as const;

export const messagePaths = {
  messages: '/v1/messages',
  markAsRead: '/v1/messages/mark-messages-as-read',
} as const;

/** A patient's own history (who opened its records, receipts) and the corporate clients' lead form. */
export const patientHistoryPaths = {
  /** Staff who opened the patient's records (the owner only). */
  recordAccess: '/v1/patients/:id/record-access',
  /** The same, grouped by day, member of staff and kind of access (pages of days). */
  recordAccessDays: '/v1/patients/:id/record-access/days',
  /** The receipt of an appointment's card payment (the patient who paid only). */
  receipt: '/v1/payments/appointment/:id/receipt',
  corporateLeads: '/v1/corporate-leads',
  /** Published doctor reviews for the landing page, newest first (first names or anonymous). */
  publishedReviews: '/v1/feedback/published',
} as const;
