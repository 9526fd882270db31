import { z } from 'zod';
import {
  checkCodeBodySchema,
  checkCodeResponseSchema,
  loginBodySchema,
  registerPatientBodySchema,
  sendCodeBodySchema,
  setupPasswordBodySchema,
  tokenResponseSchema,
  updateProfileBodySchema,
  userSchema,
  verifyPasswordBodySchema,
} from '../auth.ts';
import { endpoint } from '../endpoint.ts';
import { authPaths } from '../paths.ts';
import { registerSpecialistBodySchema, specialistPaths } from '../specialists.ts';
import { signInResponseSchema } from '../two-factor.ts';

/** Public, and counted against the per-address limit of auth requests. */
const limited = { access: 'public', authRateLimit: true } as const;
const noContent = { 204: z.null() } as const;
const codeErrors = ['CODE_INVALID', 'CODE_EXPIRED'] as const;

export const login = endpoint({
  method: 'POST',
  path: authPaths.login,
  ...limited,
  summary: 'Sign in with e-mail and password: a session, or the second step for staff with two factors',
  body: loginBodySchema,
  responses: { 200: signInResponseSchema },
  errors: ['USER_NOT_FOUND', 'INVALID_CREDENTIALS', 'EMAIL_NOT_VERIFIED', 'ACCOUNT_DISABLED'],
});

/** An applicant and an unclaimed session (a landing booking) sign out too. */
export const logout = endpoint({
  method: 'POST',
  path: authPaths.logout,
  access: 'user',
  applicants: true,
  unclaimed: true,
  summary: 'End this session',
  responses: noContent,
});

export const sendRegisterCode = endpoint({
  method: 'POST',
  path: authPaths.sendRegisterCode,
  ...limited,
  summary: 'Mail a sign-up code to the address',
  body: sendCodeBodySchema,
  responses: noContent,
  errors: ['EMAIL_TAKEN'],
});

export const sendRecoveryCode = endpoint({
  method: 'POST',
  path: authPaths.sendRecoveryCode,
  ...limited,
  summary: 'Mail a password recovery code to the address (the same answer whether or not it has an account)',
  body: sendCodeBodySchema,
  responses: noContent,
});

export const checkCode = endpoint({
  method: 'POST',
  path: authPaths.checkCode,
  ...limited,
  summary: 'Whether a mailed code is right, without using it up',
  body: checkCodeBodySchema,
  responses: { 200: checkCodeResponseSchema },
  errors: ['EMAIL_TAKEN', ...codeErrors],
});

export const registerPatient = endpoint({
  method: 'POST',
  path: authPaths.registerPatient,
  ...limited,
  summary: "A patient's account from a sign-up code, signed in",
  body: registerPatientBodySchema,
  responses: { 201: tokenResponseSchema },
  errors: ['EMAIL_TAKEN', ...codeErrors],
});

export const registerSpecialist = endpoint({
  method: 'POST',
  path: specialistPaths.register,
  ...limited,
  summary: "A specialist's account (an applicant until an admin approves it) from a sign-up code, signed in",
  body: registerSpecialistBodySchema,
  responses: { 201: tokenResponseSchema },
  errors: ['EMAIL_TAKEN', ...codeErrors],
});

export const verifyPassword = endpoint({
  method: 'POST',
  path: authPaths.verifyPassword,
  access: 'user',
  applicants: true,
  authRateLimit: true,
  summary: 'Confirm the password in this session before changing the phone or removing the account',
  body: verifyPasswordBodySchema,
  responses: noContent,
  errors: ['INVALID_CREDENTIALS'],
});

/**
 * An unclaimed session reads the profile it typed while booking (the web needs it); it changes nothing in it. The
 * profile carries the patient's card: encrypted like the card.
 */
export const profile = endpoint({
  method: 'GET',
  path: authPaths.profile,
  access: 'user',
  applicants: true,
  unclaimed: true,
  encryptResponse: true,
  summary: "The signed-in user, with a patient's card and current appointment",
  responses: { 200: userSchema },
});

export const updateProfile = endpoint({
  method: 'PUT',
  path: authPaths.profile,
  access: 'user',
  applicants: true,
  encryptResponse: true,
  summary: 'Change the name, phone, language, notification settings or password; answers the profile',
  body: updateProfileBodySchema,
  responses: { 200: userSchema },
  // 429: the wrong current passwords of the account.
  errors: ['PASSWORD_VERIFICATION_REQUIRED', 'INVALID_CREDENTIALS', 'TOO_MANY_REQUESTS'],
});

export const removeAccount = endpoint({
  method: 'DELETE',
  path: authPaths.profile,
  access: 'user',
  applicants: true,
  summary: 'Remove the account (its personal data is erased) and end its sessions',
  responses: noContent,
  errors: ['PASSWORD_VERIFICATION_REQUIRED', 'LAST_ADMIN'],
});

/**
 * With e-mail and a recovery code: recovers the account (anyone). Signed in to a proved account without a password
 * (`optional`): sets it. An unclaimed session proves its e-mail with the code first.
 */
export const setupPassword = endpoint({
  method: 'POST',
  path: authPaths.setupPassword,
  access: 'optional',
  authRateLimit: true,
  unclaimed: true,
  summary: 'Recover the password with a mailed code, or set the first password of a signed-in account',
  body: setupPasswordBodySchema,
  responses: { 200: signInResponseSchema },
  errors: [...codeErrors, 'PASSWORD_ALREADY_SET', 'ACCOUNT_DISABLED', 'EMAIL_NOT_VERIFIED'],
});
