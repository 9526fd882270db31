import type { Limit } from '../rate-limit/rate-limit.service.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export const authRules = {
  codeTtlMs: 10 * MINUTE,
  codeMaxAttempts: 5,
  codeResend: { max: 1, windowMs: MINUTE } satisfies Limit,
  codesPerHour: { max: 5, windowMs: 60 * MINUTE } satisfies Limit,
  /** Failed password checks of one account from one address: then 429 for that address only. */
  passwordFailures: { max: 10, windowMs: 15 * MINUTE } satisfies Limit,
  /** Failed password checks of one account from all addresses together (NIST SP 800-63B §5.2.2). */
  accountPasswordFailures: { max: 100, windowMs: 60 * MINUTE } satisfies Limit,
  staffIdleMs: 30 * MINUTE,
  patientIdleMs: 14 * DAY,
  absoluteMs: 30 * DAY,
  passwordVerificationMs: 5 * MINUTE,
  touchEveryMs: MINUTE,
} as const;
