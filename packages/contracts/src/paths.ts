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

export const adminPaths = {
  users: '/v1/admin/users',
  user: '/v1/admin/users/:id',
} as const;

export const contactPaths = { contact: '/v1/contact' } as const;

export const systemPaths = {
  health: '/api/health',
  version: '/api/version',
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

export const messagePaths = {
  messages: '/v1/messages',
  markAsRead: '/v1/messages/mark-messages-as-read',
} as const;
