import type {
  AuthenticatorSetup,
  AuthenticatorSetupBody,
  DisableTwoFactorBody,
  EnableTwoFactorBody,
  RecoveryCodes,
  TwoFactorStatus,
} from '@rozmova/contracts';
import type { AuthContext } from '../../../http/auth-context.ts';
import { AppError } from '../../../lib/app-error.ts';
import { countUnusedRecoveryCodes, deleteTwoFactor, findAuthenticator } from '../two-factor.repository.ts';
import { checkSecondFactor, confirmPending, pendingSetup } from './authenticator.ts';
import { isEnabled, isRequired, type TwoFactorContext } from './context.ts';

export async function twoFactorStatus(ctx: TwoFactorContext, caller: AuthContext): Promise<TwoFactorStatus> {
  const { user } = caller.account;
  const row = await findAuthenticator(ctx.db, user.id);
  const enabled = isEnabled(row);
  return {
    enabled,
    required: isRequired(ctx, user),
    enabled_at: enabled ? row.enabledAt!.toISOString() : null,
    recovery_codes_left: enabled ? await countUnusedRecoveryCodes(ctx.db, user.id) : 0,
  };
}

/** A new authenticator from the account page; replacing the one that is on takes a code of it (or a recovery code). */
export async function setupAuthenticator(
  ctx: TwoFactorContext,
  caller: AuthContext,
  body: AuthenticatorSetupBody,
): Promise<AuthenticatorSetup> {
  const { user } = caller.account;
  if (isEnabled(await findAuthenticator(ctx.db, user.id))) {
    if (body.code === null) {
      throw new AppError('VALIDATION_FAILED', 'Validation failed', [
        { path: 'code', code: 'INVALID_VALUE', message: 'A code of the authenticator that is on now, or a recovery code' },
      ]);
    }
    await checkSecondFactor(ctx, user, body.code);
  }
  return pendingSetup(ctx, user);
}

/** Confirms the new authenticator from the account page; the caller's other sessions end. */
export async function enableTwoFactor(ctx: TwoFactorContext, caller: AuthContext, body: EnableTwoFactorBody): Promise<RecoveryCodes> {
  const { user } = caller.account;
  const recoveryCodes = await confirmPending(ctx, user, body.code);
  await ctx.sessions.endAll(user.id, caller.sessionId);
  return { recovery_codes: recoveryCodes };
}

/** Turns it off where the role may go without (a code first); the caller's other sessions end. */
export async function disableTwoFactor(ctx: TwoFactorContext, caller: AuthContext, body: DisableTwoFactorBody): Promise<void> {
  const { user } = caller.account;
  if (isRequired(ctx, user)) {
    throw new AppError('TWO_FACTOR_REQUIRED', 'Your role signs in with two factors: the authenticator can be replaced, not turned off');
  }
  await checkSecondFactor(ctx, user, body.code);
  await ctx.db.transaction((tx) => deleteTwoFactor(tx, user.id));
  await ctx.sessions.endAll(user.id, caller.sessionId);
}
