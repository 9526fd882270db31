import type { Locale, Role } from '@rozmova/contracts';
import type { Db } from '../../../db/client.ts';
import type { UserRow } from '../../../db/rows.ts';
import { AppError } from '../../../lib/app-error.ts';
import { assertAcceptablePassword, hashPassword } from '../../../lib/passwords.ts';
import { findUserByEmail, insertUser } from '../accounts.repository.ts';
import type { AccountsContext } from './context.ts';

export interface NewAccount {
  email: string;
  userName: string;
  role: Role;
  password?: string;
  phone?: string;
  locale?: Locale;
  emailVerified: boolean;
}

const isUniqueViolation = (error: unknown): boolean => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

/**
 * Creates a user (and, for a patient, its record and empty card; for a doctor, its profile) in one transaction,
 * or inside the caller's (`tx`: booking from the landing page makes the account and the booking together).
 */
export async function createAccount(ctx: AccountsContext, input: NewAccount, outer?: Db): Promise<UserRow> {
  if (input.password !== undefined) assertAcceptablePassword(input.password);
  const passwordHash = input.password === undefined ? null : await hashPassword(input.password);
  try {
    return await (outer ?? ctx.db).transaction(async (tx) => {
      const user = await insertUser(tx, {
        email: input.email,
        userName: input.userName,
        role: input.role,
        passwordHash,
        phone: input.phone ?? null,
        locale: input.locale ?? 'uk',
        emailVerifiedAt: input.emailVerified ? ctx.clock.now() : null,
      });
      for (const hook of ctx.hooks.created) await hook(user, tx);
      return user;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('EMAIL_TAKEN', 'A user with this e-mail already exists');
    throw error;
  }
}

/** The first admin, from ADMIN_EMAIL / ADMIN_PASSWORD; an existing account is left as it is. */
export async function ensureAdmin(ctx: AccountsContext, email: string, password: string): Promise<void> {
  if (await findUserByEmail(ctx.db, email)) return;
  await createAccount(ctx, { email, password, userName: 'Administrator', role: 'admin', emailVerified: true, locale: 'en' });
}
