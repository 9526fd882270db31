import {
  authPaths,
  twoFactorPaths,
  type CheckCodeBody,
  type CodePurpose,
  type LoginBody,
  type RegisterPatientBody,
  type SecondStepBody,
  type SendCodeBody,
  type SignInResponse,
  type TokenResponse,
} from '@rozmova/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';
import { authStore } from '../../lib/auth-store.ts';
import { forgetSecondStep, type SignInOutcome } from '../../lib/second-step.ts';

const post = <T>(path: string, body: unknown) => apiRequest<T>(path, { method: 'POST', body });

/** A session signs in now; a second step (staff with two-factor sign-in) comes back to the dialog to ask for it. */
async function signInOrSecondStep(response: SignInResponse): Promise<SignInOutcome> {
  if ('token' in response) return { user: await authStore.signInWithToken(response.token) };
  return { secondStep: response };
}

export function useLogin() {
  return useMutation({
    mutationFn: async (body: Omit<LoginBody, 'role'>) =>
      signInOrSecondStep(await post<SignInResponse>(authPaths.login, { ...body, role: 'patient' })),
  });
}

/** The second step: a code of the authenticator app or a recovery code, with the password step's challenge. */
export function useVerifySecondStep() {
  return useMutation({
    mutationFn: async (body: SecondStepBody) => {
      const { token } = await post<TokenResponse>(twoFactorPaths.verify, body);
      forgetSecondStep();
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
      authStore.withCodePending(async () => signInOrSecondStep(await post<SignInResponse>(authPaths.setupPassword, body))),
  });
}
