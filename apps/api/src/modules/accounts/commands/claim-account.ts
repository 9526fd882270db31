import type { Locale } from '@rozmova/contracts';
import type { Db } from '../../../db/client.ts';
import type { UserRow } from '../../../db/rows.ts';
import { notFound } from '../../../lib/app-error.ts';
import { assertAcceptablePassword, hashPassword } from '../../../lib/passwords.ts';
import { updateUser } from '../accounts.repository.ts';
import type { AccountsContext } from './context.ts';

/** What the claimant gives: a password, and the name, phone and language from sign-up. */
export interface AccountClaim {
  password: string;
  userName?: string;
  phone?: string;
  locale?: Locale;
}

/**
 * Whoever proved the e-mail (a code sent to it) owns the account from now on: its password, the e-mail verified,
 * the name, phone and language given at sign-up, the claim hooks, and the caller's `alsoInTransaction` (ending the
 * sessions from before), all in one transaction, so no request sees the account claimed and an earlier session live.
 */
export async function claimAccount(
  ctx: AccountsContext,
  id: string,
  input: AccountClaim,
  alsoInTransaction: (tx: Db) => Promise<void>,
): Promise<UserRow> {
  assertAcceptablePassword(input.password);
  const passwordHash = await hashPassword(input.password);
  return ctx.db.transaction(async (tx) => {
    const user = await updateUser(tx, id, {
      passwordHash,
      userName: input.userName,
      phone: input.phone,
      locale: input.locale,
      emailVerifiedAt: ctx.clock.now(),
    });
    if (!user) throw notFound('User');
    for (const hook of ctx.hooks.claimed) await hook(id, tx);
    await alsoInTransaction(tx);
    return user;
  });
}
