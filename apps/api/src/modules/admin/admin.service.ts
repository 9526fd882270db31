import type { AdminUser, CreateUserBody, ListUsersQuery, UserList } from '@rozmova/contracts';
import { AppError } from '../../lib/app-error.ts';
import { toAdminUser, type AccountsService } from '../accounts/accounts.service.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import type { AuthService } from '../auth/auth.service.ts';

export function createAdminService(deps: { accounts: AccountsService; auth: AuthService }) {
  return {
    async createUser(body: CreateUserBody): Promise<AdminUser> {
      const user = await deps.accounts.createAccount({
        email: body.email,
        password: body.password,
        userName: body.user_name,
        role: body.user_role,
        emailVerified: true,
      });
      return toAdminUser(user);
    },

    async listUsers(query: ListUsersQuery): Promise<UserList> {
      const { rows, total } = await deps.accounts.list(query);
      return { users: rows.map(toAdminUser), total };
    },

    /** Deactivating ends the user's sessions and live connections at once. */
    async setActive(actor: AuthContext, userId: string, isActive: boolean): Promise<AdminUser> {
      if (!isActive && actor.account.user.id === userId) {
        throw new AppError('SELF_DEACTIVATION_REFUSED', 'You cannot deactivate your own account');
      }
      const user = await deps.accounts.setActive(userId, isActive);
      if (!isActive) await deps.auth.endAllSessions(userId);
      return toAdminUser(user);
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
