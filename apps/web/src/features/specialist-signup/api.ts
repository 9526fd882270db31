import {
  authApi,
  specialistsApi,
  type RegisterSpecialistBody,
  type SendCodeBody,
  type SpecialistApplication,
  type UpdateSpecialistApplicationBody,
} from '@rozmova/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, call } from '../../lib/api-client.ts';
import { authStore } from '../../lib/auth-store.ts';
import { uploadFile } from '../../lib/files.ts';
import { putFresh, queryKeys } from '../../lib/query-keys.ts';

/**
 * While it waits for a decision the status is asked for again now and then (and when the tab is shown again), so a
 * decision shows without a reload. An approval makes the account a doctor, which the applicant routes then refuse (403).
 */
const REVIEW_POLL_MS = 15_000;

export function useSendSignUpCode() {
  return useMutation({
    mutationFn: (body: SendCodeBody) => authStore.withCodePending(() => call(authApi.sendRegisterCode, { body })),
  });
}

export function useRegisterSpecialist() {
  return useMutation({
    mutationFn: (body: RegisterSpecialistBody) =>
      authStore.withCodePending(async () => {
        const { token } = await call(authApi.registerSpecialist, { body });
        return authStore.signInWithToken(token);
      }),
  });
}

export function useMyApplication(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.specialistApplications.mine,
    queryFn: () => call(specialistsApi.mine),
    enabled,
    refetchInterval: (query) => (query.state.data?.status === 'submitted' ? REVIEW_POLL_MS : false),
    refetchOnWindowFocus: (query) => query.state.data?.status === 'submitted',
    // A refusal says the session or the role changed; asking again would not change the answer.
    retry: (count, error) => count < 1 && !(error instanceof ApiError && (error.status === 401 || error.status === 403)),
  });
}

function useApplicationMutation<Variables>(send: (variables: Variables) => Promise<SpecialistApplication>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (application) => putFresh(client, queryKeys.specialistApplications.mine, application),
  });
}

export const useSaveApplication = () =>
  useApplicationMutation((body: UpdateSpecialistApplicationBody) =>
    call(specialistsApi.updateMine, { body }).then(async (application) => {
      // The Ukrainian name is the account's name: the header shows it.
      await authStore.loadProfile();
      return application;
    }),
  );

export const useUploadDiploma = () => useApplicationMutation((file: File) => uploadFile(specialistsApi.uploadDiploma, { file }));

export const useSubmitApplication = () => useApplicationMutation(() => call(specialistsApi.submitMine));
