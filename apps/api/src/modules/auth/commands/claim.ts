import type { UserRow } from '../../../db/rows.ts';
import type { AccountsService } from '../../accounts/accounts.service.ts';
import { passwordFailuresKey, type AuthDeps } from './context.ts';

/**
 * Whoever proves the e-mail (a code sent to it: sign-up or recovery) owns the account from that moment: every
 * session that existed before ends in the claim's transaction and its connections close, the failed password checks
 * are forgotten (recovery always lets the owner in), and the caller signs the owner in.
 */
export async function claim(
  deps: Pick<AuthDeps, 'accounts' | 'sessions' | 'rateLimit'>,
  user: UserRow,
  changes: Parameters<AccountsService['claimAccount']>[1],
): Promise<UserRow> {
  const claimed = await deps.sessions.endAllWithin(user.id, (endSessions) => deps.accounts.claimAccount(user.id, changes, endSessions));
  await deps.rateLimit.clear(passwordFailuresKey(user.id));
  return claimed;
}
