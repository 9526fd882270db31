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
