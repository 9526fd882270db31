import type { ListUsersQuery, Role } from '@rozmova/contracts';
import type { Db } from '../../db/client.ts';
import { countUsers, findUserByEmail, listUsers } from './accounts.repository.ts';
import { anonymise } from './commands/anonymise.ts';
import { claimAccount, type AccountClaim } from './commands/claim-account.ts';
import {
  accountOf,
  type AccountClaimedHook,
  type AccountCreatedHook,
  type AccountRemovedHook,
  type AccountsContext,
  type AccountsDeps,
} from './commands/context.ts';
import { createAccount, ensureAdmin, type NewAccount } from './commands/create-account.ts';
import { setActive, setRole } from './commands/role-and-activity.ts';
import { setPassword } from './commands/set-password.ts';
import { updateProfile, type ProfileChanges } from './commands/update-profile.ts';

export type { AfterCommit } from './commands/context.ts';
export { toAdminUser, toUser } from './accounts.mapping.ts';

/**
 * Accounts: users, profile fields, anonymising. It imports no other module: modules that keep rows of an account
 * register hooks here (`onAccountCreated`, `onAccountClaimed`, `onAccountRemoved`), in the order `buildApp` creates them.
 * Each change is a command in `commands/`; this file wires them.
 */
export function createAccountsService(deps: AccountsDeps) {
  const { db } = deps;
  const ctx: AccountsContext = { ...deps, hooks: { created: [], claimed: [], removed: [] } };

  return {
    onAccountCreated(hook: AccountCreatedHook): void {
      ctx.hooks.created.push(hook);
    },
    onAccountRemoved(hook: AccountRemovedHook): void {
      ctx.hooks.removed.push(hook);
    },
    onAccountClaimed(hook: AccountClaimedHook): void {
      ctx.hooks.claimed.push(hook);
    },

    getAccount: (id: string) => accountOf(db, id),
    findByEmail: (email: string) => findUserByEmail(db, email),
    isEmpty: async () => (await countUsers(db)) === 0,
    list: (query: ListUsersQuery) => listUsers(db, query),

    createAccount: (input: NewAccount, outer?: Db) => createAccount(ctx, input, outer),
    claimAccount: (id: string, input: AccountClaim, alsoInTransaction: (tx: Db) => Promise<void>) =>
      claimAccount(ctx, id, input, alsoInTransaction),
    updateProfile: (id: string, changes: ProfileChanges, tx: Db = db) => updateProfile(tx, id, changes),
    setPassword: (id: string, password: string, options?: { field?: string }) => setPassword(db, id, password, options),
    anonymise: (id: string) => anonymise(ctx, id),
    setRole: (id: string, role: Role, tx: Db = db) => setRole(tx, id, role),
    setActive: (id: string, isActive: boolean, tx: Db = db) => setActive(tx, id, isActive),
    ensureAdmin: (email: string, password: string) => ensureAdmin(ctx, email, password),
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
