import { authPaths, type TokenResponse, type UpdateProfileBody } from '@rozmova/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';
import { authStore } from '../../lib/auth-store.ts';

export function useUpdateProfile() {
  return useMutation({ mutationFn: (body: UpdateProfileBody) => authStore.updateProfile(body) });
}

export function useVerifyPassword() {
  return useMutation({
    mutationFn: (password: string) => apiRequest<void>(authPaths.verifyPassword, { method: 'POST', body: { password } }),
  });
}

/** For an account without a password; the server starts a new session, whose token replaces the old one. */
export function useSetupPassword() {
  return useMutation({
    mutationFn: async (password: string) => {
      const { token } = await apiRequest<TokenResponse>(authPaths.setupPassword, { method: 'POST', body: { password } });
      return authStore.signInWithToken(token);
    },
  });
}

export function useDeleteAccount() {
  return useMutation({
    mutationFn: () => apiRequest<void>(authPaths.profile, { method: 'DELETE' }),
  });
}
