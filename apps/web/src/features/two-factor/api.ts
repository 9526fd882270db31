import { twoFactorApi, type User } from '@rozmova/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api-client.ts';
import { authStore } from '../../lib/auth-store.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { forgetSecondStep } from '../../lib/second-step.ts';

/** The authenticator offered to the holder of an enrolment challenge (the same one again within its half hour). */
export function useEnrolmentSetup(challenge: string | undefined) {
  return useQuery({
    queryKey: queryKeys.twoFactor.enrolment(challenge ?? ''),
    queryFn: () => call(twoFactorApi.startEnrolment, { body: { challenge: challenge! } }),
    enabled: challenge !== undefined,
    staleTime: Infinity,
    retry: false,
  });
}

/** Its first code confirms the authenticator and signs in; the recovery codes come once, with the session. */
export function useConfirmEnrolment() {
  return useMutation({
    mutationFn: async (body: { challenge: string; code: string }): Promise<{ user: User; recoveryCodes: string[] }> => {
      const { token, recovery_codes } = await call(twoFactorApi.confirmEnrolment, { body });
      forgetSecondStep();
      return { user: await authStore.signInWithToken(token), recoveryCodes: recovery_codes };
    },
  });
}

export function useTwoFactorStatus() {
  return useQuery({
    queryKey: queryKeys.twoFactor.status,
    queryFn: ({ signal }) => call(twoFactorApi.status, { signal }),
  });
}

/** A new authenticator: `code` of the current one (or a recovery code) when one is on, else null. */
export function useSetupAuthenticator() {
  return useMutation({ mutationFn: (code: string | null) => call(twoFactorApi.setup, { body: { code } }) });
}

export function useEnableTwoFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => call(twoFactorApi.enable, { body: { code } }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.twoFactor.status }),
  });
}

export function useDisableTwoFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => call(twoFactorApi.disable, { body: { code } }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.twoFactor.status }),
  });
}
