import { authApi, type UpdateProfileBody } from '@rozmova/contracts';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../lib/api-client.ts';
import { authStore } from '../../lib/auth-store.ts';

export function useUpdateProfile() {
  return useMutation({ mutationFn: (body: UpdateProfileBody) => authStore.updateProfile(body) });
}

export function useVerifyPassword() {
  return useMutation({
    mutationFn: (password: string) => call(authApi.verifyPassword, { body: { password } }),
  });
}

/** For an account without a password; the server starts a new session, whose token replaces the old one. */
export function useSetupPassword() {
  return useMutation({
    mutationFn: async (password: string) => {
      const result = await call(authApi.setupPassword, { body: { password } });
      // Only a recovery by e-mail code can answer a second step; setting a signed-in account's password answers a session.
      if (!('token' in result)) throw new Error('Setting the password answered a second step instead of a session');
      return authStore.signInWithToken(result.token);
    },
  });
}

export function useDeleteAccount() {
  return useMutation({
    mutationFn: () => call(authApi.removeAccount),
  });
}
