import { staffRoles, type Role } from '@rozmova/contracts';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { sha256 } from '../../lib/crypto.ts';
import { findSessionByTokenHash, touchSession } from './auth.repository.ts';
import { authRules } from './auth.rules.ts';
import type { SecondStep } from './second-step.ts';

const idleTimeout = (role: Role) => (staffRoles.includes(role) ? authRules.staffIdleMs : authRules.patientIdleMs);

/** A bearer token's session live at `at` (marked used then when `use`), or undefined when unknown, revoked or timed out. */
export async function liveSession(
  deps: { db: Db; secondStep: Pick<SecondStep, 'required'> },
  token: string,
  at: Date,
  use: boolean,
): Promise<AuthContext | undefined> {
  const row = await findSessionByTokenHash(deps.db, sha256(token));
  if (!row) return undefined;
  const { session, user } = row;
  const idle = idleTimeout(user.role);
  let lastSeen = session.lastSeenAt.getTime();
  if (session.revokedAt || session.expiresAt <= at || lastSeen + idle <= at.getTime() || !user.isActive || user.deletedAt) {
    return undefined;
  }
  if (session.secondFactorAt === null && deps.secondStep.required(user)) return undefined;
  if (use && at.getTime() - lastSeen > authRules.touchEveryMs) {
    await touchSession(deps.db, session.id, at);
    lastSeen = at.getTime();
  }
  return {
    sessionId: session.id,
    account: { user, patientId: row.patientId, cardId: row.cardId },
    passwordVerifiedAt: session.passwordVerifiedAt,
    expiresAt: new Date(Math.min(session.expiresAt.getTime(), lastSeen + idle)),
  };
}
