import { appointmentsApi, type CreateAppointmentFromLandingBody, type FromLandingResult, type User } from '@rozmova/contracts';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../lib/api-client.ts';
import { authStore } from '../../lib/auth-store.ts';

/**
 * POST /v1/appointments/from-landing: books and signs in (an account without a password when the e-mail is new);
 * the token is kept exactly as login keeps it.
 */
export function useBookFromLanding() {
  return useMutation({
    mutationFn: async (body: CreateAppointmentFromLandingBody): Promise<{ user: User; result: FromLandingResult }> => {
      const result = await call(appointmentsApi.bookFromLanding, { body });
      const user = await authStore.signInWithToken(result.token);
      return { user, result };
    },
  });
}
