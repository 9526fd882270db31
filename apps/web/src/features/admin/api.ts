import { adminApi, twoFactorApi, type CreateUserBody, type Role, type UpdateUserBody } from '@rozmova/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api-client.ts';
import { queryKeys } from '../../lib/query-keys.ts';

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
      call(adminApi.list, {
        query: { role, search: search.trim(), limit: USERS_PAGE_SIZE, offset: (page - 1) * USERS_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useCreateUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateUserBody) => call(adminApi.create, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.admin.users }),
  });
}

export function useSetUserActive() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isActive }: { id: string; isActive: boolean }) =>
      call(adminApi.update, { params: { id }, body: { is_active: isActive } }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.admin.users }),
  });
}

/** Name and role (staff only); a new role signs the user out everywhere. */
export function useUpdateUser(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateUserBody) => call(adminApi.update, { params: { id }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.admin.users }),
  });
}

/** Mails the user a recovery code and ends their sessions. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (id: string) => call(adminApi.resetPassword, { params: { id } }),
  });
}

/** Removes a member of staff's authenticator and recovery codes and ends their sessions (audited). */
export function useResetTwoFactor() {
  return useMutation({
    mutationFn: (id: string) => call(twoFactorApi.reset, { params: { id } }),
  });
}
