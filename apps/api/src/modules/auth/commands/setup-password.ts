import type { SetupPasswordBody, SignInResponse } from '@rozmova/contracts';
import { isUnclaimed, unclaimedRefused, type AuthContext, type DeviceInfo } from '../../../http/auth-context.ts';
import { AppError } from '../../../lib/app-error.ts';
import { assertAcceptablePassword } from '../../../lib/passwords.ts';
import { signIn } from '../second-step.ts';
import { claim } from './claim.ts';
import type { AuthDeps } from './context.ts';
import { tryCode } from './verification-codes.ts';

/**
 * With e-mail and code: recovers the account, which proves the e-mail (a claim), and signs in (the second step
 * still follows for staff who use two factors: the e-mail is not a second factor). Signed in to a proved account
 * without a password: sets it, in a new session.
 */
export async function setupPassword(
  deps: Pick<AuthDeps, 'db' | 'clock' | 'accounts' | 'rateLimit' | 'sessions' | 'secondStep'>,
  auth: AuthContext | undefined,
  body: SetupPasswordBody,
  device: DeviceInfo,
): Promise<SignInResponse> {
  const { accounts, sessions } = deps;
  if ('email' in body) {
    const user = await accounts.findByEmail(body.email);
    if (!user || user.deletedAt) throw new AppError('CODE_INVALID', 'The code is not valid, ask for a new one');
    assertAcceptablePassword(body.password);
    if (!user.isActive) throw new AppError('ACCOUNT_DISABLED', 'This account is deactivated');
    await tryCode(deps, body.email, 'recover-pass', body.code, true);
    return signIn(deps, await claim(deps, user, { password: body.password }), device);
  }
  if (!auth) throw new AppError('UNAUTHORIZED', 'Sign in, or give your e-mail and a recovery code');
  // A password is the owner's: an unclaimed session first proves the e-mail with a code (the branch above).
  if (isUnclaimed(auth.account)) throw unclaimedRefused();
  const { user } = auth.account;
  if (user.passwordHash !== null) throw new AppError('PASSWORD_ALREADY_SET', 'This account already has a password');
  await accounts.setPassword(user.id, body.password);
  await sessions.endAll(user.id);
  // The caller's session passed the second factor where the role needs one (liveSession refuses it otherwise).
  return { token: await sessions.start(user, device, deps.secondStep.required(user)) };
}
