import type { AdminUser, CreateUserBody, ListUsersQuery, Role, UpdateUserBody, UserList } from '@rozmova/contracts';
import { staffRoles } from '@rozmova/contracts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { toAdminUser, type AccountsService } from '../accounts/accounts.service.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { DoctorsService } from '../doctors/doctors.service.ts';

const isStaffRole = (role: Role) => staffRoles.includes(role);

export function createAdminService(deps: {
  db: Db;
  accounts: AccountsService;
  auth: AuthService;
  doctors: Pick<DoctorsService, 'createProfile'>;
}) {
  const { accounts, auth } = deps;
  return {
    async createUser(body: CreateUserBody): Promise<AdminUser> {
      const user = await accounts.createAccount({
        email: body.email,
        password: body.password,
        userName: body.user_name,
        role: body.user_role,
        emailVerified: true,
        locale: body.locale,
      });
      return toAdminUser(user);
    },

    async listUsers(query: ListUsersQuery): Promise<UserList> {
      const { rows, total } = await accounts.list(query);
      return { users: rows.map(toAdminUser), total };
    },

    /**
     * Name, role and activity. A role moves only among operator, doctor and admin (a patient's records and a staff
     * account's work cannot follow the other way); a new doctor gets its empty profile, a former doctor's stays
     * unlisted. Deactivating or a new role ends the user's sessions and live connections at once.
     */
    async updateUser(actor: AuthContext, userId: string, body: UpdateUserBody): Promise<AdminUser> {
      const self = actor.account.user.id === userId;
      if (body.is_active === false && self) {
        throw new AppError('SELF_DEACTIVATION_REFUSED', 'You cannot deactivate your own account');
      }
      const current = await accounts.getAccount(userId);
      const newRole = body.user_role !== undefined && body.user_role !== current.user.role ? body.user_role : undefined;
      if (newRole && (self || !isStaffRole(current.user.role))) {
        throw new AppError('ROLE_CHANGE_REFUSED', self ? 'You cannot change your own role' : 'Only staff roles change');
      }
      // Role and activity in one transaction: either would be refused (409 LAST_ADMIN) when it leaves no active admin.
      if (newRole || body.is_active !== undefined) {
        await deps.db.transaction(async (tx) => {
          if (newRole) await accounts.setRole(userId, newRole, tx);
          if (newRole === 'doctor') await deps.doctors.createProfile(userId, tx);
          if (body.is_active !== undefined) await accounts.setActive(userId, body.is_active, tx);
        });
      }
      if (body.user_name !== undefined) await accounts.updateProfile(userId, { userName: body.user_name });
      if (newRole || body.is_active === false) await auth.endAllSessions(userId);
      return toAdminUser((await accounts.getAccount(userId)).user);
    },

    /** The user sets a new password through the recovery code mailed to them; every session of theirs ends now. */
    async resetPassword(userId: string): Promise<void> {
      const { user } = await accounts.getAccount(userId);
      await auth.endAllSessions(userId);
      await auth.sendCode('recover-pass', { email: user.email, locale: user.locale });
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
