import type { AuthContext } from '../../../http/auth-context.ts';
import type { AuthDeps } from './context.ts';
import { assertRecentlyVerified } from './verify-password.ts';

/** The caller removes their own account (the password confirmed a short while ago); every session ends. */
export async function deleteAccount(deps: Pick<AuthDeps, 'clock' | 'accounts' | 'sessions'>, auth: AuthContext): Promise<void> {
  assertRecentlyVerified(deps, auth);
  // Removal first: the last admin's is refused (409 LAST_ADMIN), and then its sessions live on.
  await deps.accounts.anonymise(auth.account.user.id);
  await deps.sessions.endAll(auth.account.user.id);
}
