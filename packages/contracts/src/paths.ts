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
