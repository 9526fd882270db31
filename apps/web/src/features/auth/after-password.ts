import type { SecondStepResponse, User } from '@rozmova/contracts';
import { useNavigate } from 'react-router';
import { appPaths } from '../../lib/paths.ts';
import { keepSecondStep, type SignInOutcome } from '../../lib/second-step.ts';

/**
 * What follows a password (the login, or a new one set with the e-mail's code): signed in, or for staff with two-factor
 * sign-in the app's code (`onCode`, asked in the same dialog), or where the role needs an authenticator and there is
 * none yet, its setup on the enrolment page (the challenge kept for it).
 */
export function useAfterPassword(onSignedIn: (user: User) => void, onCode: (step: SecondStepResponse) => void) {
  const navigate = useNavigate();
  return (outcome: SignInOutcome | undefined) => {
    if (!outcome) return;
    if ('user' in outcome) onSignedIn(outcome.user);
    else if (outcome.secondStep.second_step === 'code') onCode(outcome.secondStep);
    else {
      keepSecondStep(outcome.secondStep);
      void navigate(appPaths.twoFactorEnrolment);
    }
  };
}
