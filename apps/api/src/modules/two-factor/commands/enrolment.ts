import type { AuthenticatorSetup, EnrolmentBody, EnrolmentConfirmBody, EnrolmentConfirmResponse } from '@rozmova/contracts';
import type { DeviceInfo } from '../../../http/auth-context.ts';
import { findAuthenticator, useChallenge } from '../two-factor.repository.ts';
import { confirmPending, pendingSetup } from './authenticator.ts';
import { challengeInvalid, isEnabled, type TwoFactorContext } from './context.ts';
import { liveChallenge } from './second-step.ts';

/** Half signed in and obliged to enrol: the new authenticator (the same one again within its half hour). */
export async function startEnrolment(ctx: TwoFactorContext, body: EnrolmentBody): Promise<AuthenticatorSetup> {
  const { user } = await liveChallenge(ctx, body.challenge, 'enrol');
  // Enrolled meanwhile (another sign-in): replacing it takes a code of it, so this challenge is no longer enough.
  if (isEnabled(await findAuthenticator(ctx.db, user.id))) throw challengeInvalid();
  return pendingSetup(ctx, user);
}

/** Its first code confirms the new authenticator, uses the challenge up and signs in. */
export async function confirmEnrolment(
  ctx: TwoFactorContext,
  body: EnrolmentConfirmBody,
  device: DeviceInfo,
): Promise<EnrolmentConfirmResponse> {
  const { challenge, user } = await liveChallenge(ctx, body.challenge, 'enrol');
  if (isEnabled(await findAuthenticator(ctx.db, user.id))) throw challengeInvalid();
  const recoveryCodes = await confirmPending(ctx, user, body.code, async () => {
    if (!(await useChallenge(ctx.db, challenge.id, ctx.clock.now()))) throw challengeInvalid();
  });
  return { token: await ctx.sessions.start(user, device, true), recovery_codes: recoveryCodes };
}
