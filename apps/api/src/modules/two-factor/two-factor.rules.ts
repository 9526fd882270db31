import type { SecondStepKind } from '@rozmova/contracts';
import type { Limit } from '../rate-limit/rate-limit.service.ts';

const MINUTE = 60_000;

export const twoFactorRules = {
  /** Wrong codes (app or recovery) of one account, from everywhere: then 429 until the window is over. */
  failures: { max: 5, windowMs: 15 * MINUTE } satisfies Limit,
  /** How long the password step's challenge lasts: a code, or setting up the authenticator (scanning takes longer). */
  challengeMs: { code: 5 * MINUTE, enrol: 10 * MINUTE } satisfies Record<SecondStepKind, number>,
  /** A new authenticator is confirmed within this time of its setup; a setup asked for again meanwhile is the same one. */
  pendingMs: 30 * MINUTE,
} as const;
