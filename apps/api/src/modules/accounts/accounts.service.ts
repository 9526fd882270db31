import type { AdminUser, ListUsersQuery, Locale, NotificationSettings, PatientCard, Role, User } from '@rozmova/contracts';
import type { Db } from '../../db/client.ts';
import type { AccountRow, UserRow } from '../../db/rows.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { assertAcceptablePassword, hashPassword } from '../../lib/passwords.ts';
import { countUsers, findAccountById, findUserByEmail, insertUser, listUsers, updateUser } from './accounts.repository.ts';

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
 * Called in the removal's transaction, before the user row is anonymised (texts written now can still name the
 * person): other modules drop or cancel what is theirs and may answer work for after the commit.
 */
export type AccountRemovedHook = (account: { userId: string; patientId: string | null }, tx: Db) => Promise<AfterCommit | void>;

/**
 * Accounts: users, profile fields, anonymising. It imports no other module: modules that keep rows of an account
 * register hooks here (`onAccountCreated`, `onAccountRemoved`), in the order `buildApp` creates them.
 */
export function createAccountsService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  const createdHooks: AccountCreatedHook[] = [];
  const removedHooks: AccountRemovedHook[] = [];

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

    /** Gives an existing account without a password (booked from the landing page) its password and name. */
    async claimAccount(user: UserRow, input: { password: string; userName: string; phone?: string; locale?: Locale }) {
      assertAcceptablePassword(input.password);
      return updateUser(db, user.id, {
        passwordHash: await hashPassword(input.password),
        userName: input.userName,
        phone: input.phone ?? user.phone,
        locale: input.locale ?? user.locale,
        emailVerifiedAt: clock.now(),
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

    /** `proofOfEmail`: the caller just checked a code sent to the address, so it is verified too. */
    async setPassword(id: string, password: string, options: { field?: string; proofOfEmail?: boolean } = {}): Promise<void> {
      assertAcceptablePassword(password, options.field);
      await updateUser(db, id, {
        passwordHash: await hashPassword(password),
        ...(options.proofOfEmail ? { emailVerifiedAt: clock.now() } : {}),
      });
    },

    /** Keeps the row for appointment history but removes everything that identifies the person. */
    async anonymise(id: string): Promise<void> {
      const patientId = (await findAccountById(db, id))?.patientId ?? null;
      const afterCommit: AfterCommit[] = [];
      await db.transaction(async (tx) => {
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
      await updateUser(tx, id, { role });
    },

    async setActive(id: string, isActive: boolean): Promise<UserRow> {
      const user = await updateUser(db, id, { isActive });
      if (!user || user.deletedAt) throw notFound('User');
      return user;
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
