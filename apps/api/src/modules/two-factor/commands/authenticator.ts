import { isRecoveryCode, isTotpCode, type AuthenticatorSetup } from '@rozmova/contracts';
import type { UserRow } from '../../../db/rows.ts';
import { AppError } from '../../../lib/app-error.ts';
import { authenticatorLink, matchingStep, newRecoveryCodes, newTotpSecret, recoveryHash } from '../two-factor.crypto.ts';
import { enablePending, findAuthenticator, savePendingSecret, takeStep, useRecoveryCode } from '../two-factor.repository.ts';
import { twoFactorRules } from '../two-factor.rules.ts';
import { codeInvalid, failuresKey, isEnabled, notEnabled, setupExpired, type TwoFactorContext } from './context.ts';

type Ctx = Pick<TwoFactorContext, 'db' | 'clock' | 'rateLimit' | 'secrets'>;

/**
 * Checks a second factor of an account whose authenticator is on: a code of the app (its step taken once) or, unless
 * only the app's code will do, a recovery code (used up). Every check takes a place in the account's limit first, so
 * checks at once cannot pass it together; a right one gives it back.
 */
export async function checkSecondFactor(ctx: Ctx, user: UserRow, code: string): Promise<void> {
  const { db, clock } = ctx;
  const attempt = await ctx.rateLimit.consume(failuresKey(user.id), twoFactorRules.failures);
  const row = await findAuthenticator(db, user.id);
  if (!isEnabled(row)) {
    await attempt.release();
    throw notEnabled();
  }
  if (isTotpCode(code)) {
    const step = matchingStep(await ctx.secrets.open(user.id, row.secret), code, clock.now());
    if (step === undefined) throw codeInvalid();
    if (!(await takeStep(db, user.id, step))) {
      throw new AppError('TWO_FACTOR_CODE_USED', 'This code was used already: enter the next code of your app');
    }
  } else if (!isRecoveryCode(code) || !(await useRecoveryCode(db, user.id, recoveryHash(code), clock.now()))) {
    throw codeInvalid();
  }
  await attempt.release();
}

/** The pending authenticator, made now unless one made within {@link twoFactorRules.pendingMs} is waiting. */
export async function pendingSetup(
  ctx: Pick<TwoFactorContext, 'db' | 'clock' | 'secrets' | 'settings'>,
  user: UserRow,
): Promise<AuthenticatorSetup> {
  const row = await findAuthenticator(ctx.db, user.id);
  const fresh = row?.pendingSecret && row.pendingAt && ctx.clock.now().getTime() - row.pendingAt.getTime() < twoFactorRules.pendingMs;
  let secret: string;
  if (fresh) {
    secret = await ctx.secrets.open(user.id, row.pendingSecret!);
  } else {
    secret = newTotpSecret();
    await savePendingSecret(ctx.db, user.id, await ctx.secrets.seal(user.id, secret), ctx.clock.now());
  }
  const link = await authenticatorLink(secret, ctx.settings.issuer, user.email);
  return { secret, otpauth_uri: link.uri, qr_svg: link.svg };
}

/**
 * Confirms the pending authenticator with one of its codes: it becomes the account's (that code's step taken) with
 * new recovery codes, which are answered once and kept only hashed. `beforeEnable` runs once the code is right.
 */
export async function confirmPending(ctx: Ctx, user: UserRow, code: string, beforeEnable?: () => Promise<void>): Promise<string[]> {
  const { db, clock } = ctx;
  const attempt = await ctx.rateLimit.consume(failuresKey(user.id), twoFactorRules.failures);
  const row = await findAuthenticator(db, user.id);
  if (!row?.pendingSecret || !row.pendingAt || clock.now().getTime() - row.pendingAt.getTime() >= twoFactorRules.pendingMs) {
    await attempt.release();
    throw setupExpired();
  }
  const step = matchingStep(await ctx.secrets.open(user.id, row.pendingSecret), code, clock.now());
  if (step === undefined) throw codeInvalid();
  await beforeEnable?.();
  const codes = newRecoveryCodes();
  const codeHashes = codes.map(recoveryHash);
  if (!(await enablePending(db, { userId: user.id, pendingSecret: row.pendingSecret, step, codeHashes, at: clock.now() }))) {
    throw setupExpired();
  }
  await attempt.release();
  return codes;
}
