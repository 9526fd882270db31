import {
  adminConsolePaths,
  adminPaths,
  twoFactorPaths,
  type AdminUser,
  type CreateUserBody,
  type Role,
  type UpdateUserBody,
  type UserList,
} from '@rozmova/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { withId } from '../../lib/paths.ts';

export const USERS_PAGE_SIZE = 20;

export interface UsersFilter {
  role: Role | undefined;
  search: string;
  page: number;
}

export function useUsers({ role, search, page }: UsersFilter) {
  return useQuery({
    queryKey: queryKeys.admin.usersPage(role, search, page),
    queryFn: ({ signal }) =>
      apiRequest<UserList>(adminPaths.users, {
        query: { role, search: search.trim(), limit: USERS_PAGE_SIZE, offset: (page - 1) * USERS_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useCreateUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateUserBody) => apiRequest<AdminUser>(adminPaths.users, { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.admin.users }),
  });
}

export function useSetUserActive() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isActive }: { id: string; isActive: boolean }) =>
      apiRequest<AdminUser>(withId(adminPaths.user, id), { method: 'PATCH', body: { is_active: isActive } }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.admin.users }),
  });
}

/** Name and role (staff only); a new role signs the user out everywhere. */
export function useUpdateUser(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateUserBody) => apiRequest<AdminUser>(withId(adminPaths.user, id), { method: 'PATCH', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.admin.users }),
  });
}

/** Mails the user a recovery code and ends their sessions. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>(withId(adminConsolePaths.resetPassword, id), { method: 'POST' }),
  });
}

/** Removes a member of staff's authenticator and recovery codes and ends their sessions (audited). */
export function useResetTwoFactor() {
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>(withId(twoFactorPaths.adminReset, id), { method: 'DELETE' }),
  });
}
