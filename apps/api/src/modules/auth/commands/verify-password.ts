import type { UserRow } from '../../../db/rows.ts';
import type { AuthContext } from '../../../http/auth-context.ts';
import { AppError } from '../../../lib/app-error.ts';
import { sha256 } from '../../../lib/crypto.ts';
import { verifyPassword as passwordMatches } from '../../../lib/passwords.ts';
import { markPasswordVerified } from '../auth.repository.ts';
import { authRules } from '../auth.rules.ts';
import { passwordFailuresKey, type AuthDeps } from './context.ts';

const invalidCredentials = () => new AppError('INVALID_CREDENTIALS', 'Invalid e-mail or password');

/**
 * A stranger cannot lock the owner out: failures count per account and address (10 in 15 minutes, then 429 for that
 * address), and per account from everywhere (100 an hour). A try takes its place in both before the hash is checked,
 * so tries that arrive at once cannot pass a limit together; the right password gives both places back.
 */
export async function assertPasswordMatches(
  deps: Pick<AuthDeps, 'rateLimit'>,
  user: UserRow,
  password: string,
  address: string,
  field?: string,
): Promise<void> {
  const { rateLimit } = deps;
  const here = await rateLimit.consume(`${passwordFailuresKey(user.id)}:${sha256(address)}`, authRules.passwordFailures);
  const anywhere = await rateLimit
    .consume(passwordFailuresKey(user.id), authRules.accountPasswordFailures)
    .catch(async (error: unknown) => {
      await here.release();
      throw error;
    });
  if (await passwordMatches(user.passwordHash, password)) {
    await Promise.all([here.release(), anywhere.release()]);
    return;
  }
  throw field
    ? new AppError('INVALID_CREDENTIALS', 'The password is not correct', [
        { path: field, code: 'PASSWORD_INCORRECT', message: 'The password is not correct' },
      ])
    : invalidCredentials();
}

/** Phone changes and account removal need the password confirmed in this session a short while ago. */
export function assertRecentlyVerified(deps: Pick<AuthDeps, 'clock'>, auth: AuthContext): void {
  if (auth.account.user.passwordHash === null) return;
  const verifiedAt = auth.passwordVerifiedAt?.getTime() ?? 0;
  if (deps.clock.now().getTime() - verifiedAt > authRules.passwordVerificationMs) {
    throw new AppError('PASSWORD_VERIFICATION_REQUIRED', 'Confirm your password first');
  }
}

/** Confirms the password in the caller's session, for the changes that need it recently confirmed. */
export async function verifyPassword(
  deps: Pick<AuthDeps, 'db' | 'clock' | 'rateLimit'>,
  auth: AuthContext,
  password: string,
  address: string,
): Promise<void> {
  await assertPasswordMatches(deps, auth.account.user, password, address, 'password');
  await markPasswordVerified(deps.db, auth.sessionId, deps.clock.now());
}
