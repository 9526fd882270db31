import type {
  AuthenticatorSetupBody,
  DisableTwoFactorBody,
  EnableTwoFactorBody,
  EnrolmentBody,
  EnrolmentConfirmBody,
  SecondStepBody,
} from '@rozmova/contracts';
import type { UserRow } from '../../db/rows.ts';
import type { AuthContext, DeviceInfo } from '../../http/auth-context.ts';
import type { SecondStep } from '../auth/second-step.ts';
import { disableTwoFactor, enableTwoFactor, setupAuthenticator, twoFactorStatus } from './commands/account-page.ts';
import { isRequired, type TwoFactorContext, type TwoFactorDeps } from './commands/context.ts';
import { confirmEnrolment, startEnrolment } from './commands/enrolment.ts';
import { resetTwoFactor } from './commands/reset.ts';
import { challengeAfterPassword, verifySecondStep } from './commands/second-step.ts';
import { deleteTwoFactor } from './two-factor.repository.ts';
import { createSecretBox } from './two-factor.secrets.ts';

/**
 * Staff two-factor sign-in (docs/two-factor.md): after the password, a staff account with an authenticator (or whose
 * role must have one) gets a short-lived challenge instead of a session; the second step's routes take it with a code
 * of the app (each 30-second step once, ±1 step of drift) or a recovery code (each once). Patients are never asked.
 * One command per use case in `commands/`.
 */
export function createTwoFactorService(deps: TwoFactorDeps) {
  const ctx: TwoFactorContext = { ...deps, secrets: createSecretBox({ db: deps.db, key: deps.settings.key }) };

  // A removed account's authenticator and recovery codes go with its personal data.
  deps.accounts.onAccountRemoved(async ({ userId }, tx) => {
    await deleteTwoFactor(tx, userId);
  });

  return {
    /** What follows the password, for auth's sign-in. */
    secondStep: {
      after: (user: UserRow) => challengeAfterPassword(ctx, user),
      // A session of such a role made without the second step (an applicant's, before an admin approved it as a doctor;
      // any, before STAFF_2FA became `required`) is refused: the person signs in again, with the second step.
      required: (user: UserRow) => isRequired(ctx, user),
    } satisfies SecondStep,
    verify: (body: SecondStepBody, device: DeviceInfo) => verifySecondStep(ctx, body, device),
    startEnrolment: (body: EnrolmentBody) => startEnrolment(ctx, body),
    confirmEnrolment: (body: EnrolmentConfirmBody, device: DeviceInfo) => confirmEnrolment(ctx, body, device),
    status: (caller: AuthContext) => twoFactorStatus(ctx, caller),
    setup: (caller: AuthContext, body: AuthenticatorSetupBody) => setupAuthenticator(ctx, caller, body),
    enable: (caller: AuthContext, body: EnableTwoFactorBody) => enableTwoFactor(ctx, caller, body),
    disable: (caller: AuthContext, body: DisableTwoFactorBody) => disableTwoFactor(ctx, caller, body),
    reset: (actor: AuthContext, userId: string) => resetTwoFactor(ctx, actor, userId),
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
