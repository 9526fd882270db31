import { staffRoles, type SecondStepBody, type SecondStepKind, type SecondStepResponse, type TokenResponse } from '@rozmova/contracts';
import type { UserRow } from '../../../db/rows.ts';
import type { DeviceInfo } from '../../../http/auth-context.ts';
import { newToken, sha256 } from '../../../lib/crypto.ts';
import { findAuthenticator, findLiveChallenge, insertChallenge, useChallenge } from '../two-factor.repository.ts';
import { twoFactorRules } from '../two-factor.rules.ts';
import { checkSecondFactor } from './authenticator.ts';
import { challengeInvalid, isEnabled, isRequired, type TwoFactorContext } from './context.ts';

async function newChallenge(ctx: Pick<TwoFactorContext, 'db' | 'clock'>, user: UserRow, kind: SecondStepKind): Promise<SecondStepResponse> {
  const challenge = newToken();
  const at = ctx.clock.now();
  const expiresAt = new Date(at.getTime() + twoFactorRules.challengeMs[kind]);
  await insertChallenge(ctx.db, { userId: user.id, tokenHash: sha256(challenge), kind, expiresAt, createdAt: at });
  return { second_step: kind, challenge, expires_at: expiresAt.toISOString() };
}

/** What follows the password for this account: undefined for a session now, else the second step's challenge. */
export async function challengeAfterPassword(
  ctx: Pick<TwoFactorContext, 'db' | 'clock' | 'settings'>,
  user: UserRow,
): Promise<SecondStepResponse | undefined> {
  if (!staffRoles.includes(user.role)) return undefined;
  if (isEnabled(await findAuthenticator(ctx.db, user.id))) return newChallenge(ctx, user, 'code');
  return isRequired(ctx, user) ? newChallenge(ctx, user, 'enrol') : undefined;
}

/** The live challenge of `kind` and its (still active) account. */
export async function liveChallenge(ctx: Pick<TwoFactorContext, 'db' | 'clock' | 'accounts'>, token: string, kind: SecondStepKind) {
  const challenge = await findLiveChallenge(ctx.db, sha256(token), ctx.clock.now());
  if (!challenge || challenge.kind !== kind) throw challengeInvalid();
  const { user } = await ctx.accounts.getAccount(challenge.userId);
  if (!user.isActive || user.deletedAt) throw challengeInvalid();
  return { challenge, user };
}

/** The second step: `{ token }` for a right code, once per challenge. */
export async function verifySecondStep(ctx: TwoFactorContext, body: SecondStepBody, device: DeviceInfo): Promise<TokenResponse> {
  const { challenge, user } = await liveChallenge(ctx, body.challenge, 'code');
  await checkSecondFactor(ctx, user, body.code);
  if (!(await useChallenge(ctx.db, challenge.id, ctx.clock.now()))) throw challengeInvalid();
  return { token: await ctx.sessions.start(user, device, true) };
}
