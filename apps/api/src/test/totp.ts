import { Secret, TOTP } from 'otpauth';

/**
 * What a person's authenticator app shows, computed the way the app does (otpauth, RFC 6238: SHA-1, 6 digits, 30 s).
 * The API tests and the E2E specs read codes here, from the secret the enrolment showed.
 */
export const TOTP_STEP_MS = 30_000;

export function totpCode(secretBase32: string, at: Date | number): string {
  return TOTP.generate({ secret: Secret.fromBase32(secretBase32), algorithm: 'SHA1', digits: 6, period: 30, timestamp: Number(at) });
}

/** The step a moment falls in, and the code of a step. */
export const totpStep = (at: Date | number): number => Math.floor(Number(at) / TOTP_STEP_MS);
export const totpCodeOfStep = (secretBase32: string, step: number): string => totpCode(secretBase32, step * TOTP_STEP_MS);

/** A 6-digit code that is no code of the secret within one step of `at` (what a person mistypes). */
export function wrongCode(secretBase32: string, at: Date | number): string {
  const valid = [-1, 0, 1].map((offset) => totpCode(secretBase32, Number(at) + offset * TOTP_STEP_MS));
  let candidate = Number(valid[1]);
  do candidate = (candidate + 1) % 1_000_000;
  while (valid.includes(String(candidate).padStart(6, '0')));
  return String(candidate).padStart(6, '0');
}
