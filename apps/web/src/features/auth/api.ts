import {
  authPaths,
  type CheckCodeBody,
  type CodePurpose,
  type LoginBody,
  type RegisterPatientBody,
  type SendCodeBody,
  type TokenResponse,
} from '@rozmova/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';
import { authStore } from '../../lib/auth-store.ts';

const post = <T>(path: string, body: unknown) => apiRequest<T>(path, { method: 'POST', body });

export function useLogin() {
  return useMutation({
    mutationFn: async (body: Omit<LoginBody, 'role'>) => {
      const { token } = await post<TokenResponse>(authPaths.login, { ...body, role: 'patient' });
      return authStore.signInWithToken(token);
    },
  });
}

const sendCodePath: Record<CodePurpose, string> = {
  register: authPaths.sendRegisterCode,
  'recover-pass': authPaths.sendRecoveryCode,
};

export function useSendCode(purpose: CodePurpose) {
  return useMutation({
    mutationFn: (body: SendCodeBody) => authStore.withCodePending(() => post<void>(sendCodePath[purpose], body)),
  });
}

export function useCheckCode() {
  return useMutation({
    mutationFn: (body: CheckCodeBody) => authStore.withCodePending(() => post<{ valid: true }>(authPaths.checkCode, body)),
  });
}

export function useRegisterPatient() {
  return useMutation({
    mutationFn: (body: RegisterPatientBody) =>
      authStore.withCodePending(async () => {
        const { token } = await post<TokenResponse>(authPaths.registerPatient, body);
        return authStore.signInWithToken(token);
      }),
  });
}

export function useRecoverPassword() {
  return useMutation({
    mutationFn: (body: { email: string; code: string; password: string }) =>
      authStore.withCodePending(async () => {
        const { token } = await post<TokenResponse>(authPaths.setupPassword, body);
        return authStore.signInWithToken(token);
      }),
  });
}
