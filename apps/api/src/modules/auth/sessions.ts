import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/rows.ts';
import type { DeviceInfo } from '../../http/auth-context.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { newToken, sha256 } from '../../lib/crypto.ts';
import type { RealtimeBus } from '../../realtime/bus.ts';
import { insertSession, insertSessionIfUnclaimed, revokeSession, revokeUserSessions } from './auth.repository.ts';
import { authRules } from './auth.rules.ts';

/**
 * Sessions start and end here, for auth's sign-in and two-factor's second step alike; whether one may start (a
 * password, a code, a second factor) is the caller's rule. Ending sessions closes their live connections.
 */
export function createSessions(deps: { db: Db; clock: Clock; realtime: Pick<RealtimeBus, 'disconnectUser' | 'disconnectSession'> }) {
  const { db, clock, realtime } = deps;

  function newSession(user: UserRow, device: DeviceInfo, secondFactor: boolean) {
    const token = newToken();
    const at = clock.now();
    const values = {
      userId: user.id,
      tokenHash: sha256(token),
      createdAt: at,
      lastSeenAt: at,
      secondFactorAt: secondFactor ? at : null,
      expiresAt: new Date(at.getTime() + authRules.absoluteMs),
      deviceType: device.deviceType,
      userAgent: device.userAgent,
      timeZone: device.timeZone,
      ipAddress: device.ipAddress,
    };
    return { token, values };
  }

  return {
    /** A new session's bearer token; `secondFactor` once the second step passed (only two-factor's step may say so). */
    async start(user: UserRow, device: DeviceInfo, secondFactor = false): Promise<string> {
      const { token, values } = newSession(user, device, secondFactor);
      await insertSession(db, values);
      return token;
    },

    /**
     * A session for an account the caller has just created without a password (booking from the landing page,
     * `POST /v1/appointments/from-landing`). Never for an existing account: that would sign in whoever knows an e-mail;
     * never once the e-mail is proved (a claim that came in between).
     */
    async startUnclaimed(user: UserRow, device: DeviceInfo): Promise<string> {
      const { token, values } = newSession(user, device, false);
      if (!(await insertSessionIfUnclaimed(db, values))) {
        throw new AppError('EMAIL_TAKEN', 'This e-mail has just been confirmed by its owner: sign in to see the booking');
      }
      return token;
    },

    async end(sessionId: string): Promise<void> {
      await revokeSession(db, sessionId, clock.now());
      realtime.disconnectSession(sessionId);
    },

    /** Ends every session of a user (but `keepSessionId`) and closes their live connections at once. */
    async endAll(userId: string, keepSessionId?: string): Promise<void> {
      await revokeUserSessions(db, userId, clock.now(), keepSessionId);
      realtime.disconnectUser(userId, keepSessionId);
    },

    /** Runs `change` with the step that ends every session of the user in its transaction; connections close after it. */
    async endAllWithin<T>(userId: string, change: (endSessions: (tx: Db) => Promise<void>) => Promise<T>): Promise<T> {
      const result = await change((tx) => revokeUserSessions(tx, userId, clock.now()));
      realtime.disconnectUser(userId);
      return result;
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;
