import type { SecondStepResponse, SignInResponse } from '@rozmova/contracts';
import type { UserRow } from '../../db/rows.ts';
import type { DeviceInfo } from '../../http/auth-context.ts';

/**
 * The two-factor module's rule (docs/two-factor.md), bound when buildApp makes it: what comes after the password (or a
 * recovery code by e-mail): undefined for a session now, else the second step's challenge; and whether the account's
 * role must use a second factor, so a session made without one (before the role or the setting changed) is refused.
 */
export interface SecondStep {
  after(user: UserRow): Promise<SecondStepResponse | undefined>;
  required(user: UserRow): boolean;
}

/** What follows a proved password or e-mail code; until the rule is bound, a session, and no role needs a second factor. */
export function createSecondStepGate(startSession: (user: UserRow, device: DeviceInfo) => Promise<string>) {
  let step: SecondStep = { after: async () => undefined, required: () => false };
  return {
    bind(rule: SecondStep): void {
      step = rule;
    },

    /** A session, or the second step when the account signs in with two factors: the password alone gives no session. */
    async signIn(user: UserRow, device: DeviceInfo): Promise<SignInResponse> {
      return (await step.after(user)) ?? { token: await startSession(user, device) };
    },

    required: (user: UserRow): boolean => step.required(user),
  };
}
