import {
  authApi,
  twoFactorApi,
  type CheckCodeBody,
  type CodePurpose,
  type LoginBody,
  type RegisterPatientBody,
  type SecondStepBody,
  type SendCodeBody,
  type SignInResponse,
} from '@rozmova/contracts';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../lib/api-client.ts';
import { authStore } from '../../lib/auth-store.ts';
import { forgetSecondStep, type SignInOutcome } from '../../lib/second-step.ts';

/** A session signs in now; a second step (staff with two-factor sign-in) comes back to the dialog to ask for it. */
async function signInOrSecondStep(response: SignInResponse): Promise<SignInOutcome> {
  if ('token' in response) return { user: await authStore.signInWithToken(response.token) };
  return { secondStep: response };
}

export function useLogin() {
  return useMutation({
    mutationFn: async (body: Omit<LoginBody, 'role'>) =>
      signInOrSecondStep(await call(authApi.login, { body: { ...body, role: 'patient' } })),
  });
}

/** The second step: a code of the authenticator app or a recovery code, with the password step's challenge. */
export function useVerifySecondStep() {
  return useMutation({
    mutationFn: async (body: SecondStepBody) => {
      const { token } = await call(twoFactorApi.verify, { body });
      forgetSecondStep();
      return authStore.signInWithToken(token);
    },
  });
}

const sendCodeEndpoint = {
  register: authApi.sendRegisterCode,
  'recover-pass': authApi.sendRecoveryCode,
} satisfies Record<CodePurpose, unknown>;

export function useSendCode(purpose: CodePurpose) {
  return useMutation({
    mutationFn: (body: SendCodeBody) => authStore.withCodePending(() => call(sendCodeEndpoint[purpose], { body })),
  });
}

export function useCheckCode() {
  return useMutation({
    mutationFn: (body: CheckCodeBody) => authStore.withCodePending(() => call(authApi.checkCode, { body })),
  });
}

export function useRegisterPatient() {
  return useMutation({
    mutationFn: (body: RegisterPatientBody) =>
      authStore.withCodePending(async () => {
        const { token } = await call(authApi.registerPatient, { body });
        return authStore.signInWithToken(token);
      }),
  });
}

export function useRecoverPassword() {
  return useMutation({
    mutationFn: (body: { email: string; code: string; password: string }) =>
      authStore.withCodePending(async () => signInOrSecondStep(await call(authApi.setupPassword, { body }))),
  });
}
