import type { AdminUser, ListUsersQuery, Locale, NotificationSettings, PatientCard, Role, User } from '@rozmova/contracts';
import type { Db } from '../../db/client.ts';
import type { AccountRow, UserRow } from '../../db/rows.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { assertAcceptablePassword, hashPassword } from '../../lib/passwords.ts';
import {
  activeAdminsBeside,
  countUsers,
  findAccountById,
  findUserByEmail,
  insertUser,
  listUsers,
  lockAdmins,
  updateUser,
} from './accounts.repository.ts';

export interface NewAccount {
  email: string;
  userName: string;
  role: Role;
  password?: string;
  phone?: string;
  locale?: Locale;
  emailVerified: boolean;
}

export interface ProfileChanges {
  userName?: string;
  phone?: string | null;
  locale?: Locale;
  notificationSettings?: Partial<NotificationSettings>;
}

const isUniqueViolation = (error: unknown): boolean => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

/** What the profile says of a patient beyond its ids (SPEC.md §3): its card and its current appointment. */
export interface PatientProfile {
  patientCard: PatientCard;
  patient_appointmentId: string | null;
}

/** The profile; `pushToken` is the device the user saved last (the push module answers it), null without one. */
export function toUser({ user, patientId, cardId }: AccountRow, patient: PatientProfile | undefined, pushToken: string | null): User {
  return {
    id: user.id,
    email: user.email,
    user_name: user.userName,
    user_role: user.role,
    phone: user.phone,
    locale: user.locale,
    has_password: user.passwordHash !== null,
    email_verified: user.emailVerifiedAt !== null,
    notification_settings: user.notificationSettings,
    user_push_token: pushToken,
    role_specific_data: patientId && cardId && patient ? { patient: { patientId, patient_cardId: cardId, ...patient } } : {},
    created_at: user.createdAt.toISOString(),
  };
}

export function toAdminUser(user: UserRow): AdminUser {
  return {
    id: user.id,
    email: user.email,
    user_name: user.userName,
    user_role: user.role,
    is_active: user.isActive,
    email_verified: user.emailVerifiedAt !== null,
    created_at: user.createdAt.toISOString(),
  };
}

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

/**
 * Accounts: users, profile fields, anonymising. It imports no other module: modules that keep rows of an account
 * register hooks here (`onAccountCreated`, `onAccountClaimed`, `onAccountRemoved`), in the order `buildApp` creates them.
 */
export function createAccountsService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  const createdHooks: AccountCreatedHook[] = [];
  const removedHooks: AccountRemovedHook[] = [];
  const claimedHooks: AccountClaimedHook[] = [];

  /**
   * Called first in the transaction of a change that ends the account's being an active admin (another role,
   * deactivation, removal): under the admins' lock, so changes at once are judged one after another, it refuses the
   * change (409 LAST_ADMIN) when no other active admin would remain.
   */
  async function keepAnAdmin(tx: Db, id: string): Promise<void> {
    await lockAdmins(tx);
    const { isOne, others } = await activeAdminsBeside(tx, id);
    if (isOne && others === 0) throw new AppError('LAST_ADMIN', 'At least one active admin must remain');
  }

  async function getAccount(id: string): Promise<AccountRow> {
    const account = await findAccountById(db, id);
    if (!account) throw notFound('User');
    return account;
  }

  return {
    onAccountCreated(hook: AccountCreatedHook): void {
      createdHooks.push(hook);
    },
    onAccountRemoved(hook: AccountRemovedHook): void {
      removedHooks.push(hook);
    },
    onAccountClaimed(hook: AccountClaimedHook): void {
      claimedHooks.push(hook);
    },

    getAccount,
    findByEmail: (email: string) => findUserByEmail(db, email),
    isEmpty: async () => (await countUsers(db)) === 0,

    /**
     * Creates a user (and, for a patient, its record and empty card; for a doctor, its profile) in one transaction,
     * or inside the caller's (`tx`: booking from the landing page makes the account and the booking together).
     */
    async createAccount(input: NewAccount, outer?: Db): Promise<UserRow> {
      if (input.password !== undefined) assertAcceptablePassword(input.password);
      const passwordHash = input.password === undefined ? null : await hashPassword(input.password);
      try {
        return await (outer ?? db).transaction(async (tx) => {
          const user = await insertUser(tx, {
            email: input.email,
            userName: input.userName,
            role: input.role,
            passwordHash,
            phone: input.phone ?? null,
            locale: input.locale ?? 'uk',
            emailVerifiedAt: input.emailVerified ? clock.now() : null,
          });
          for (const hook of createdHooks) await hook(user, tx);
          return user;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('EMAIL_TAKEN', 'A user with this e-mail already exists');
        throw error;
      }
    },

    /**
     * Whoever proved the e-mail (a code sent to it) owns the account from now on: its password, the e-mail verified,
     * the name, phone and language given at sign-up, the claim hooks, and the caller's `alsoInTransaction` (ending the
     * sessions from before), all in one transaction, so no request sees the account claimed and an earlier session live.
     */
    async claimAccount(
      id: string,
      input: { password: string; userName?: string; phone?: string; locale?: Locale },
      alsoInTransaction: (tx: Db) => Promise<void>,
    ): Promise<UserRow> {
      assertAcceptablePassword(input.password);
      const passwordHash = await hashPassword(input.password);
      return db.transaction(async (tx) => {
        const user = await updateUser(tx, id, {
          passwordHash,
          userName: input.userName,
          phone: input.phone,
          locale: input.locale,
          emailVerifiedAt: clock.now(),
        });
        if (!user) throw notFound('User');
        for (const hook of claimedHooks) await hook(id, tx);
        await alsoInTransaction(tx);
        return user;
      });
    },

    async updateProfile(id: string, changes: ProfileChanges): Promise<void> {
      const current = await getAccount(id);
      await updateUser(db, id, {
        userName: changes.userName,
        phone: changes.phone,
        locale: changes.locale,
        notificationSettings: changes.notificationSettings
          ? { ...current.user.notificationSettings, ...changes.notificationSettings }
          : undefined,
      });
    },

    async setPassword(id: string, password: string, options: { field?: string } = {}): Promise<void> {
      assertAcceptablePassword(password, options.field);
      await updateUser(db, id, { passwordHash: await hashPassword(password) });
    },

    /** Keeps the row for appointment history but removes everything that identifies the person. */
    async anonymise(id: string): Promise<void> {
      const patientId = (await findAccountById(db, id))?.patientId ?? null;
      const afterCommit: AfterCommit[] = [];
      await db.transaction(async (tx) => {
        await keepAnAdmin(tx, id);
        for (const hook of removedHooks) {
          const after = await hook({ userId: id, patientId }, tx);
          if (after) afterCommit.push(after);
        }
        await updateUser(tx, id, {
          email: `deleted-${id}@deleted.invalid`,
          userName: '',
          phone: null,
          passwordHash: null,
          isActive: false,
          deletedAt: clock.now(),
        });
      });
      for (const after of afterCommit) await after();
    },

    /** A role change (an approved specialist becomes a doctor), inside the caller's transaction. */
    async setRole(id: string, role: Role, tx: Db = db): Promise<void> {
      await tx.transaction(async (inner) => {
        if (role !== 'admin') await keepAnAdmin(inner, id);
        await updateUser(inner, id, { role });
      });
    },

    async setActive(id: string, isActive: boolean, tx: Db = db): Promise<UserRow> {
      return tx.transaction(async (inner) => {
        if (!isActive) await keepAnAdmin(inner, id);
        const user = await updateUser(inner, id, { isActive });
        if (!user || user.deletedAt) throw notFound('User');
        return user;
      });
    },

    list: (query: ListUsersQuery) => listUsers(db, query),

    /** The first admin, from ADMIN_EMAIL / ADMIN_PASSWORD; an existing account is left as it is. */
    async ensureAdmin(email: string, password: string): Promise<void> {
      if (await findUserByEmail(db, email)) return;
      await this.createAccount({ email, password, userName: 'Administrator', role: 'admin', emailVerified: true, locale: 'en' });
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
