import type { AdminUser, ListUsersQuery, Locale, NotificationSettings, Role, User } from '@rozmova/contracts';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { assertAcceptablePassword, hashPassword } from '../../lib/passwords.ts';
import type { AppointmentsService } from '../appointments/appointments.service.ts';
import type { DoctorsService } from '../doctors/doctors.service.ts';
import type { DocumentsService } from '../documents/documents.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { PatientsService } from '../patients/patients.service.ts';
import {
  countUsers,
  findAccountById,
  findUserByEmail,
  insertUser,
  listUsers,
  updateUser,
  type AccountRow,
  type UserRow,
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

export function toUser({ user, patientId, cardId }: AccountRow): User {
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
    user_push_token: user.pushToken,
    role_specific_data: patientId && cardId ? { patient: { patientId, patient_cardId: cardId } } : {},
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

/** What account removal needs from the documents module: delete a patient's rows in the transaction, the files after it. */
export type AccountDocuments = Pick<DocumentsService, 'removeAllOfPatient'>;

/** What account creation needs from the doctors module: the profile row of a new doctor, in the transaction. */
export type AccountDoctors = Pick<DoctorsService, 'createProfile'>;

/** What account removal needs from the appointments module: cancel the patient's future appointments in the transaction. */
export type AccountAppointments = Pick<AppointmentsService, 'cancelAllOfPatient'>;

/** What account removal needs from the notifications module: their texts name doctors and dates. */
export type AccountNotifications = Pick<NotificationsService, 'forgetUser'>;

export function createAccountsService(deps: {
  db: Db;
  patients: PatientsService;
  doctors: AccountDoctors;
  documents: AccountDocuments;
  appointments: AccountAppointments;
  notifications: AccountNotifications;
}) {
  const { db } = deps;

  async function getAccount(id: string): Promise<AccountRow> {
    const account = await findAccountById(db, id);
    if (!account) throw notFound('User');
    return account;
  }

  return {
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
            emailVerifiedAt: input.emailVerified ? new Date() : null,
          });
          if (input.role === 'patient') await deps.patients.createRecord(user.id, tx);
          if (input.role === 'doctor') await deps.doctors.createProfile(user.id, tx);
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
        emailVerifiedAt: new Date(),
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
        ...(options.proofOfEmail ? { emailVerifiedAt: new Date() } : {}),
      });
    },

    /** Keeps the row for appointment history but removes everything that identifies the person. */
    async anonymise(id: string): Promise<void> {
      const patientId = (await findAccountById(db, id))?.patientId;
      let removeFiles = async () => {};
      let tellDoctors = async () => {};
      await db.transaction(async (tx) => {
        // Future appointments are cancelled first (refunds as for the patient's own cancellation); history stays.
        if (patientId) tellDoctors = await deps.appointments.cancelAllOfPatient(patientId, tx);
        await updateUser(tx, id, {
          email: `deleted-${id}@deleted.invalid`,
          userName: '',
          phone: null,
          passwordHash: null,
          pushToken: null,
          isActive: false,
          deletedAt: new Date(),
        });
        await deps.patients.eraseHealthData(id, tx);
        if (patientId) removeFiles = await deps.documents.removeAllOfPatient(patientId, tx);
      });
      await removeFiles();
      await deps.notifications.forgetUser(id);
      await tellDoctors();
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
