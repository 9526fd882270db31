import { z } from 'zod';
import { tokenResponseSchema } from './auth.ts';
import { verificationCodeSchema } from './common.ts';
import type { FieldErrorCode } from './errors.ts';

/*
 * Staff two-factor sign-in (docs/two-factor.md): a TOTP authenticator app (RFC 6238: 6 digits, 30-second steps) and
 * single-use recovery codes. The password alone gives a short-lived challenge, usable only on the second step's routes.
 */

/** Recovery codes handed out at each enrolment (each works once). */
export const RECOVERY_CODE_COUNT = 10;
/** The letters of a recovery code: no 0/O, 1/I/L, so a code read from paper is typed right. */
export const RECOVERY_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A code as typed: spaces and dashes dropped, letters in capitals ("abcde-fghjk" → "ABCDEFGHJK"). */
export const normaliseSecondFactorCode = (value: string): string => value.replace(/[ -]/g, '').toUpperCase();

const totpPattern = /^\d{6}$/;
const recoveryPattern = new RegExp(`^[${RECOVERY_CODE_ALPHABET}]{10}$`);

/** A 6-digit code of the authenticator app (after normalising). */
export const isTotpCode = (normalised: string): boolean => totpPattern.test(normalised);
/** A recovery code (after normalising): 10 letters and digits of {@link RECOVERY_CODE_ALPHABET}. */
export const isRecoveryCode = (normalised: string): boolean => recoveryPattern.test(normalised);

/** The second factor as typed: the app's 6-digit code or a recovery code (`ABCDE-FGHJK`); normalised. */
export const secondFactorCodeSchema = z
  .string()
  .max(40)
  .refine((value) => isTotpCode(normaliseSecondFactorCode(value)) || isRecoveryCode(normaliseSecondFactorCode(value)), {
    message: 'The 6-digit code of the authenticator app, or a recovery code',
    params: { code: 'CODE_FORMAT' satisfies FieldErrorCode },
  })
  .transform(normaliseSecondFactorCode);

/** The challenge the password step answered with (an opaque token, like a session's). */
export const challengeSchema = z.string().regex(/^[A-Za-z0-9_-]{16,128}$/, 'The challenge the sign-in answered with');

/** What the password step asks for next: a code (`code`), or setting up the authenticator first (`enrol`). */
export const secondStepKinds = ['code', 'enrol'] as const;
export type SecondStepKind = (typeof secondStepKinds)[number];

export const secondStepResponseSchema = z.object({
  second_step: z.enum(secondStepKinds),
  challenge: z.string(),
  expires_at: z.string(),
});
export type SecondStepResponse = z.infer<typeof secondStepResponseSchema>;

/** Login (and recovery by e-mail code): a session, or for staff with two-factor sign-in the second step. */
export const signInResponseSchema = z.union([tokenResponseSchema, secondStepResponseSchema]);
export type SignInResponse = z.infer<typeof signInResponseSchema>;

export const secondStepBodySchema = z.strictObject({ challenge: challengeSchema, code: secondFactorCodeSchema });
export type SecondStepBody = z.infer<typeof secondStepBodySchema>;

export const enrolmentBodySchema = z.strictObject({ challenge: challengeSchema });
export type EnrolmentBody = z.infer<typeof enrolmentBodySchema>;

/** Setting up confirms the new authenticator with one of its own codes (6 digits). */
export const enrolmentConfirmBodySchema = z.strictObject({ challenge: challengeSchema, code: verificationCodeSchema });
export type EnrolmentConfirmBody = z.infer<typeof enrolmentConfirmBodySchema>;

/** A new authenticator: its secret (base32, as the app takes it typed), the otpauth:// URI and that URI as a QR code (SVG). */
export const authenticatorSetupSchema = z.object({ secret: z.string(), otpauth_uri: z.string(), qr_svg: z.string() });
export type AuthenticatorSetup = z.infer<typeof authenticatorSetupSchema>;

export const recoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

export const enrolmentConfirmResponseSchema = tokenResponseSchema.extend(recoveryCodesSchema.shape);
export type EnrolmentConfirmResponse = z.infer<typeof enrolmentConfirmResponseSchema>;

/** A member of staff's own two-factor sign-in (account page). */
export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** The role must sign in with it (STAFF_2FA): it cannot be turned off. */
  required: z.boolean(),
  enabled_at: z.string().nullable(),
  recovery_codes_left: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/**
 * A new authenticator from the account page: replacing one that is on takes a code of it (or a recovery code); `null`
 * when none is on.
 */
export const authenticatorSetupBodySchema = z.strictObject({ code: secondFactorCodeSchema.nullable() });
export type AuthenticatorSetupBody = z.infer<typeof authenticatorSetupBodySchema>;

export const enableTwoFactorBodySchema = z.strictObject({ code: verificationCodeSchema });
export type EnableTwoFactorBody = z.infer<typeof enableTwoFactorBodySchema>;

export const disableTwoFactorBodySchema = z.strictObject({ code: secondFactorCodeSchema });
export type DisableTwoFactorBody = z.infer<typeof disableTwoFactorBodySchema>;
