import type { TFunction } from 'i18next';
import { ApiError } from './api-client.ts';
import { errorText } from './api-errors.ts';

const ownTexts = [
  'CODE_INVALID',
  'TWO_FACTOR_CODE_USED',
  'TWO_FACTOR_CHALLENGE_INVALID',
  'TWO_FACTOR_REQUIRED',
  'TWO_FACTOR_NOT_ENABLED',
  'TWO_FACTOR_SETUP_EXPIRED',
] as const;

/** The text of a failed two-factor call: its own for the second factor's codes, else the app's usual text. */
export function twoFactorErrorText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 429) return t('errors.tooManyRequests');
    const code = ownTexts.find((known) => known === error.body?.code);
    if (code) return t(`twoFactor.errors.${code}`);
  }
  return errorText(t, error);
}

/** The second step's challenge is over (used, expired, or the account changed): only the password starts again. */
export const isChallengeOver = (error: unknown): boolean =>
  error instanceof ApiError && error.body?.code === 'TWO_FACTOR_CHALLENGE_INVALID';
