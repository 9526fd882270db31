import { secondStepResponseSchema, type SecondStepResponse, type User } from '@rozmova/contracts';

/**
 * The half-signed-in state between the password and the session (docs/two-factor.md): the challenge the password step
 * answered with, kept for this tab only until it is used or its few minutes are over. The sign-in dialog keeps it when
 * a member of staff must set up an authenticator first; the enrolment page reads it, also after a reload.
 */

/** What signing in with a password (or a recovery code by e-mail) came to: a session, or a second step first. */
export type SignInOutcome = { user: User } | { secondStep: SecondStepResponse };

const KEY = 'rozmova-second-step';

export function keepSecondStep(step: SecondStepResponse): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(step));
  } catch {
    // Storage disabled: the enrolment page asks to sign in again.
  }
}

/** The kept challenge while it lasts; an expired one is forgotten. */
export function readSecondStep(now = Date.now()): SecondStepResponse | undefined {
  try {
    const raw = sessionStorage.getItem(KEY);
    const parsed = raw === null ? undefined : secondStepResponseSchema.safeParse(JSON.parse(raw));
    if (parsed?.success && Date.parse(parsed.data.expires_at) > now) return parsed.data;
    if (raw !== null) forgetSecondStep();
    return undefined;
  } catch {
    return undefined;
  }
}

export function forgetSecondStep(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing kept.
  }
}
