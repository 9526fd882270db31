import type { Db } from '../../../db/client.ts';
import type { AccountRow, UserRow } from '../../../db/rows.ts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import type { Clock } from '../../../lib/clock.ts';
import { activeAdminsBeside, findAccountById, lockAdmins } from '../accounts.repository.ts';

/** Work to do once the transaction that asked for it has committed (send notices, delete files). */
export type AfterCommit = () => Promise<void>;

/**
 * Called in the creation's transaction: other modules add their rows for a new account (a patient's record and card,
 * a doctor's profile), so a failure leaves no half-made account.
 */
export type AccountCreatedHook = (user: UserRow, tx: Db) => Promise<void>;

/**
 * Called in the claim's transaction (the e-mail was just proved): other modules drop what a session from before the
 * claim may have left that outlives sessions (web push devices).
 */
export type AccountClaimedHook = (userId: string, tx: Db) => Promise<void>;

/**
 * Called in the removal's transaction, before the user row is anonymised (texts written now can still name the
 * person): other modules drop or cancel what is theirs and may answer work for after the commit.
 */
export type AccountRemovedHook = (account: { userId: string; patientId: string | null }, tx: Db) => Promise<AfterCommit | void>;

/** What the accounts service and its commands are given by buildApp. */
export interface AccountsDeps {
  db: Db;
  clock: Clock;
}

/** What every use case of accounts is given: its dependencies and the other modules' hooks, in the order registered. */
export interface AccountsContext extends AccountsDeps {
  hooks: { created: AccountCreatedHook[]; claimed: AccountClaimedHook[]; removed: AccountRemovedHook[] };
}

/**
 * Called first in the transaction of a change that ends the account's being an active admin (another role,
 * deactivation, removal): under the admins' lock, so changes at once are judged one after another, it refuses the
 * change (409 LAST_ADMIN) when no other active admin would remain.
 */
export async function keepAnAdmin(tx: Db, id: string): Promise<void> {
  await lockAdmins(tx);
  const { isOne, others } = await activeAdminsBeside(tx, id);
  if (isOne && others === 0) throw new AppError('LAST_ADMIN', 'At least one active admin must remain');
}

/** The account (user, patient record and card) of a user not removed; 404 when there is none. */
export async function accountOf(db: Db, id: string): Promise<AccountRow> {
  const account = await findAccountById(db, id);
  if (!account) throw notFound('User');
  return account;
}
