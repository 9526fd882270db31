import type { AuthContext } from '../../../http/auth-context.ts';
import { forbidden } from '../../../lib/app-error.ts';
import { deleteTwoFactor } from '../two-factor.repository.ts';
import { failuresKey, notEnabled, type TwoFactorContext } from './context.ts';

/**
 * Admin: removes a member of staff's authenticator and recovery codes (audited); their sessions end and their next
 * sign-in sets up a new one (or goes without, where the role may). An admin's own goes through the account page.
 */
export async function resetTwoFactor(ctx: TwoFactorContext, actor: AuthContext, userId: string): Promise<void> {
  const actorId = actor.account.user.id;
  if (actorId === userId) throw forbidden('Change your own authenticator on your account page');
  await ctx.accounts.getAccount(userId);
  await ctx.db.transaction(async (tx) => {
    if (!(await deleteTwoFactor(tx, userId))) throw notEnabled();
    await ctx.audit.record({ actorId, action: 'reset', resource: 'two_factor', resourceId: userId, patientId: null }, tx);
  });
  await ctx.rateLimit.clear(failuresKey(userId));
  await ctx.sessions.endAll(userId);
}
