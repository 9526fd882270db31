import { EMAIL_NOT_VERIFIED_MESSAGE, type LoginBody, type SignInResponse } from '@rozmova/contracts';
import type { DeviceInfo } from '../../../http/auth-context.ts';
import { AppError } from '../../../lib/app-error.ts';
import { signIn } from '../second-step.ts';
import type { AuthDeps } from './context.ts';
import { assertPasswordMatches } from './verify-password.ts';

/** E-mail and password: a session, or the second step for staff who sign in with two factors. */
export async function login(
  deps: Pick<AuthDeps, 'accounts' | 'rateLimit' | 'secondStep' | 'sessions'>,
  body: LoginBody,
  device: DeviceInfo,
  address: string,
): Promise<SignInResponse> {
  const user = await deps.accounts.findByEmail(body.email);
  if (!user || user.deletedAt) throw new AppError('USER_NOT_FOUND', 'No user is registered with this e-mail');
  if (user.passwordHash === null) throw new AppError('EMAIL_NOT_VERIFIED', EMAIL_NOT_VERIFIED_MESSAGE);
  await assertPasswordMatches(deps, user, body.password, address);
  if (user.emailVerifiedAt === null) throw new AppError('EMAIL_NOT_VERIFIED', EMAIL_NOT_VERIFIED_MESSAGE);
  if (!user.isActive) throw new AppError('ACCOUNT_DISABLED', 'This account is deactivated');
  return signIn(deps, user, device);
}
