import { z } from 'zod';
import { tokenResponseSchema } from '../auth.ts';
import { idParamsSchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { twoFactorPaths } from '../paths.ts';
import {
  authenticatorSetupBodySchema,
  authenticatorSetupSchema,
  disableTwoFactorBodySchema,
  enableTwoFactorBodySchema,
  enrolmentBodySchema,
  enrolmentConfirmBodySchema,
  enrolmentConfirmResponseSchema,
  recoveryCodesSchema,
  secondStepBodySchema,
  twoFactorStatusSchema,
} from '../two-factor.ts';

/*
 * Staff two-factor sign-in (docs/two-factor.md). The second step's endpoints have no session yet: the challenge the
 * sign-in answered comes in the body (a bearer token is ignored there, and the challenge is no session anywhere else).
 * They are counted against the per-address limit of auth requests.
 */
const secondStep = { access: 'public', authRateLimit: true } as const;
/** Staff only (admins pass every role list); an applicant or a patient has nothing to set up. */
const staff = { access: ['doctor', 'operator'] } as const;

export const verify = endpoint({
  method: 'POST',
  path: twoFactorPaths.verify,
  ...secondStep,
  summary: "The sign-in's second step: a code of the authenticator app or a recovery code gives the session",
  body: secondStepBodySchema,
  responses: { 200: tokenResponseSchema },
  errors: ['TWO_FACTOR_CHALLENGE_INVALID', 'TWO_FACTOR_NOT_ENABLED', 'CODE_INVALID', 'TWO_FACTOR_CODE_USED'],
});

export const startEnrolment = endpoint({
  method: 'POST',
  path: twoFactorPaths.enrolment,
  ...secondStep,
  summary: 'Half signed in and obliged to use two factors: a new authenticator to set up',
  body: enrolmentBodySchema,
  responses: { 200: authenticatorSetupSchema },
  errors: ['TWO_FACTOR_CHALLENGE_INVALID'],
});

export const confirmEnrolment = endpoint({
  method: 'POST',
  path: twoFactorPaths.enrolmentConfirm,
  ...secondStep,
  summary: "The new authenticator's first code: the session and the recovery codes (answered once)",
  body: enrolmentConfirmBodySchema,
  responses: { 200: enrolmentConfirmResponseSchema },
  errors: ['TWO_FACTOR_CHALLENGE_INVALID', 'TWO_FACTOR_SETUP_EXPIRED', 'CODE_INVALID'],
});

export const status = endpoint({
  method: 'GET',
  path: twoFactorPaths.status,
  ...staff,
  summary: "Whether the caller's two-factor sign-in is on, required, and how many recovery codes are left",
  responses: { 200: twoFactorStatusSchema },
});

export const setup = endpoint({
  method: 'POST',
  path: twoFactorPaths.setup,
  ...staff,
  authRateLimit: true,
  summary: 'A new authenticator from the account page (replacing the one that is on takes a code of it)',
  body: authenticatorSetupBodySchema,
  responses: { 200: authenticatorSetupSchema },
  errors: ['CODE_INVALID', 'TWO_FACTOR_CODE_USED'],
});

export const enable = endpoint({
  method: 'POST',
  path: twoFactorPaths.enable,
  ...staff,
  authRateLimit: true,
  summary: "Confirm the new authenticator with its code: the recovery codes (answered once); the caller's other sessions end",
  body: enableTwoFactorBodySchema,
  responses: { 200: recoveryCodesSchema },
  errors: ['TWO_FACTOR_SETUP_EXPIRED', 'CODE_INVALID'],
});

export const disable = endpoint({
  method: 'POST',
  path: twoFactorPaths.disable,
  ...staff,
  authRateLimit: true,
  summary: "Turn two-factor sign-in off where the role may go without (a code first); the caller's other sessions end",
  body: disableTwoFactorBodySchema,
  responses: { 204: z.null() },
  errors: ['TWO_FACTOR_REQUIRED', 'TWO_FACTOR_NOT_ENABLED', 'CODE_INVALID', 'TWO_FACTOR_CODE_USED'],
});

export const reset = endpoint({
  method: 'DELETE',
  path: twoFactorPaths.adminReset,
  access: ['admin'],
  summary: "Admin: remove a member of staff's authenticator and recovery codes; their sessions end",
  params: idParamsSchema,
  responses: { 204: z.null() },
  errors: ['TWO_FACTOR_NOT_ENABLED'],
});
