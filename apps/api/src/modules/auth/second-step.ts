import type { SecondStepResponse, SignInResponse } from '@rozmova/contracts';
import type { UserRow } from '../../db/rows.ts';
import type { DeviceInfo } from '../../http/auth-context.ts';
import type { Sessions } from './sessions.ts';

/**
 * The two-factor module's rule (docs/two-factor.md), given to auth when buildApp makes it: what comes after the
 * password (or a recovery code by e-mail): undefined for a session now, else the second step's challenge; and whether
 * the account's role must use a second factor, so a session made without one (before the role or the setting changed)
 * is refused.
 */
export interface SecondStep {
  after(user: UserRow): Promise<SecondStepResponse | undefined>;
  required(user: UserRow): boolean;
}

/** A session, or the second step when the account signs in with two factors: the password alone gives no session. */
export async function signIn(
  deps: { secondStep: SecondStep; sessions: Pick<Sessions, 'start'> },
  user: UserRow,
  device: DeviceInfo,
): Promise<SignInResponse> {
  return (await deps.secondStep.after(user)) ?? { token: await deps.sessions.start(user, device) };
}
