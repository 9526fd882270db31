import {
  EMAIL_NOT_VERIFIED_MESSAGE,
  staffRoles,
  type CheckCodeBody,
  type CodePurpose,
  type LoginBody,
  type RegisterPatientBody,
  type RegisterSpecialistBody,
  type Role,
  type SendCodeBody,
  type SetupPasswordBody,
  type UpdateProfileBody,
} from '@rozmova/contracts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { newNumericCode, newToken, sha256 } from '../../lib/crypto.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { assertAcceptablePassword, verifyPassword } from '../../lib/passwords.ts';
import type { RealtimeBus } from '../../realtime/bus.ts';
import type { UserRow } from '../../db/rows.ts';
import type { AuthContext, DeviceInfo } from '../../http/auth-context.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import type { Limit, RateLimitService } from '../rate-limit/rate-limit.service.ts';
import { codeMail } from './auth.mails.ts';
import {
  findLatestCode,
  findSessionByTokenHash,
  insertCode,
  insertSession,
  markPasswordVerified,
  revokeSession,
  revokeUserSessions,
  touchSession,
  tryLatestCode,
} from './auth.repository.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export const authRules = {
  codeTtlMs: 10 * MINUTE,
  codeMaxAttempts: 5,
  codeResend: { max: 1, windowMs: MINUTE } satisfies Limit,
  codesPerHour: { max: 5, windowMs: 60 * MINUTE } satisfies Limit,
  loginFailures: { max: 10, windowMs: 15 * MINUTE } satisfies Limit,
  staffIdleMs: 30 * MINUTE,
  patientIdleMs: 14 * DAY,
  absoluteMs: 30 * DAY,
  passwordVerificationMs: 5 * MINUTE,
  touchEveryMs: MINUTE,
} as const;

const idleTimeout = (role: Role) => (staffRoles.includes(role) ? authRules.staffIdleMs : authRules.patientIdleMs);

const invalidCredentials = () => new AppError('INVALID_CREDENTIALS', 'Invalid e-mail or password');

export function createAuthService(deps: {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  accounts: AccountsService;
  rateLimit: RateLimitService;
  realtime: RealtimeBus;
}) {
  const { db, clock, accounts, rateLimit } = deps;
  const now = () => clock.now();
  const loginFailureKey = (email: string) => `login-failure:${sha256(email)}`;

  async function startSession(user: UserRow, device: DeviceInfo): Promise<string> {
    const token = newToken();
    const at = now();
    await insertSession(db, {
      userId: user.id,
      tokenHash: sha256(token),
      createdAt: at,
      lastSeenAt: at,
      expiresAt: new Date(at.getTime() + authRules.absoluteMs),
      deviceType: device.deviceType,
      userAgent: device.userAgent,
      timeZone: device.timeZone,
      ipAddress: device.ipAddress,
    });
    return token;
  }

  async function endAllSessions(userId: string, keepSessionId?: string): Promise<void> {
    await revokeUserSessions(db, userId, now(), keepSessionId);
    deps.realtime.disconnectUser(userId, keepSessionId);
  }

  /** Tries the newest code sent to an address; a wrong one counts against its tries, a right one is used up with `use`. */
  async function tryCode(email: string, purpose: CodePurpose, code: string, use: boolean): Promise<void> {
    const codeHash = sha256(`${purpose}:${code}`);
    const matched = await tryLatestCode(db, { email, purpose, codeHash, at: now(), maxAttempts: authRules.codeMaxAttempts, use });
    if (matched === false) throw new AppError('CODE_INVALID', 'The code is not valid');
    if (matched) return;
    const row = await findLatestCode(db, email, purpose);
    if (!row || row.usedAt) throw new AppError('CODE_INVALID', 'The code is not valid, ask for a new one');
    throw new AppError('CODE_EXPIRED', 'The code has expired, ask for a new one');
  }

  const isRegistered = (user: UserRow | undefined): user is UserRow =>
    user !== undefined && user.passwordHash !== null && user.emailVerifiedAt !== null;

  async function assertPasswordMatches(user: UserRow, password: string, field?: string): Promise<void> {
    // The try is counted before the hash is checked, so checks that arrive at once cannot pass the limit together.
    const attempt = await rateLimit.consume(loginFailureKey(user.email), authRules.loginFailures);
    if (await verifyPassword(user.passwordHash, password)) return attempt.release();
    throw field
      ? new AppError('INVALID_CREDENTIALS', 'The password is not correct', [
          { path: field, code: 'PASSWORD_INCORRECT', message: 'The password is not correct' },
        ])
      : invalidCredentials();
  }

  /** Phone changes and account removal need the password confirmed in this session a short while ago. */
  function assertRecentlyVerified(auth: AuthContext): void {
    if (auth.account.user.passwordHash === null) return;
    const verifiedAt = auth.passwordVerifiedAt?.getTime() ?? 0;
    if (now().getTime() - verifiedAt > authRules.passwordVerificationMs) {
      throw new AppError('PASSWORD_VERIFICATION_REQUIRED', 'Confirm your password first');
    }
  }

  /** A bearer token's session live at `at` (marked used then when `use`), or undefined when unknown, revoked or timed out. */
  async function liveSession(token: string, at: Date, use: boolean): Promise<AuthContext | undefined> {
    const row = await findSessionByTokenHash(db, sha256(token));
    if (!row) return undefined;
    const { session, user } = row;
    const idle = idleTimeout(user.role);
    let lastSeen = session.lastSeenAt.getTime();
    if (session.revokedAt || session.expiresAt <= at || lastSeen + idle <= at.getTime() || !user.isActive || user.deletedAt) {
      return undefined;
    }
    if (use && at.getTime() - lastSeen > authRules.touchEveryMs) {
      await touchSession(db, session.id, at);
      lastSeen = at.getTime();
    }
    return {
      sessionId: session.id,
      account: { user, patientId: row.patientId, cardId: row.cardId },
      passwordVerifiedAt: session.passwordVerifiedAt,
      expiresAt: new Date(Math.min(session.expiresAt.getTime(), lastSeen + idle)),
    };
  }

  return {
    /** Resolves a bearer token to its live session, or undefined when it is unknown, revoked or timed out. */
    authenticate: (token: string) => liveSession(token, now(), true),

    recheck: (token: string, at: Date, used: boolean) => liveSession(token, at, used),

    async login(body: LoginBody, device: DeviceInfo): Promise<string> {
      const user = await accounts.findByEmail(body.email);
      if (!user || user.deletedAt) throw new AppError('USER_NOT_FOUND', 'No user is registered with this e-mail');
      if (user.passwordHash === null) throw new AppError('EMAIL_NOT_VERIFIED', EMAIL_NOT_VERIFIED_MESSAGE);
      await assertPasswordMatches(user, body.password);
      if (user.emailVerifiedAt === null) throw new AppError('EMAIL_NOT_VERIFIED', EMAIL_NOT_VERIFIED_MESSAGE);
      if (!user.isActive) throw new AppError('ACCOUNT_DISABLED', 'This account is deactivated');
      return startSession(user, device);
    },

    async logout(auth: AuthContext): Promise<void> {
      await revokeSession(db, auth.sessionId, now());
      deps.realtime.disconnectSession(auth.sessionId);
    },

    async sendCode(purpose: CodePurpose, body: SendCodeBody): Promise<void> {
      const user = await accounts.findByEmail(body.email);
      if (purpose === 'register' && isRegistered(user)) {
        throw new AppError('EMAIL_TAKEN', 'A user with this e-mail is already registered');
      }
      // Counted for every address alike, so neither the answer nor the limit tells whether an account exists.
      const address = sha256(body.email);
      await rateLimit.consume(`code-resend:${purpose}:${address}`, authRules.codeResend);
      await rateLimit.consume(`code-hourly:${address}`, authRules.codesPerHour);
      // A recovery code goes only to a registered address.
      if (purpose === 'recover-pass' && (!user || user.deletedAt)) return;
      const at = now();
      const code = newNumericCode();
      await insertCode(db, {
        email: body.email,
        purpose,
        codeHash: sha256(`${purpose}:${code}`),
        createdAt: at,
        expiresAt: new Date(at.getTime() + authRules.codeTtlMs),
      });
      await deps.mailer.send(codeMail(body.email, purpose, code, body.locale ?? user?.locale ?? 'uk'));
    },

    async checkCode(body: CheckCodeBody): Promise<void> {
      if (body.type === 'register' && isRegistered(await accounts.findByEmail(body.email))) {
        throw new AppError('EMAIL_TAKEN', 'A user with this e-mail is already registered');
      }
      await tryCode(body.email, body.type, body.code, false);
    },

    async registerPatient(body: RegisterPatientBody, device: DeviceInfo): Promise<string> {
      const existing = await accounts.findByEmail(body.email);
      if (isRegistered(existing)) {
        throw new AppError('EMAIL_TAKEN', 'A user with this e-mail is already registered');
      }
      // Checked before the code is used up, so a refused password does not cost the code.
      assertAcceptablePassword(body.password);
      await tryCode(body.email, 'register', body.code, true);
      const fields = { password: body.password, userName: body.user_name, phone: body.phone, locale: body.locale };
      const user = existing
        ? await accounts.claimAccount(existing, fields)
        : await accounts.createAccount({ ...fields, email: body.email, role: 'patient', emailVerified: true });
      return startSession(user!, device);
    },

    /** A specialist's account (role `none` until an admin approves its application), signed in. */
    async registerSpecialist(body: RegisterSpecialistBody, device: DeviceInfo): Promise<string> {
      if (await accounts.findByEmail(body.email)) throw new AppError('EMAIL_TAKEN', 'A user with this e-mail is already registered');
      assertAcceptablePassword(body.password);
      await tryCode(body.email, 'register', body.code, true);
      const user = await accounts.createAccount({
        email: body.email,
        password: body.password,
        userName: body.user_name,
        locale: body.locale,
        role: 'none',
        emailVerified: true,
      });
      return startSession(user, device);
    },

    async verifyPassword(auth: AuthContext, password: string): Promise<void> {
      await assertPasswordMatches(auth.account.user, password, 'password');
      await markPasswordVerified(db, auth.sessionId, now());
    },

    async updateProfile(auth: AuthContext, body: UpdateProfileBody): Promise<void> {
      const { user } = auth.account;
      // Adding a first phone (e.g. the one given while booking) replaces nothing; changing one needs the password.
      if (body.phone !== undefined && user.phone !== null && body.phone !== user.phone) assertRecentlyVerified(auth);
      if (body.new_password !== undefined && body.current_password !== undefined) {
        await assertPasswordMatches(user, body.current_password, 'current_password');
        await accounts.setPassword(user.id, body.new_password, { field: 'new_password' });
        await endAllSessions(user.id, auth.sessionId);
      }
      await accounts.updateProfile(user.id, {
        userName: body.user_name,
        phone: body.phone,
        locale: body.locale,
        notificationSettings: body.notification_settings,
      });
    },

    async deleteAccount(auth: AuthContext): Promise<void> {
      assertRecentlyVerified(auth);
      await endAllSessions(auth.account.user.id);
      await accounts.anonymise(auth.account.user.id);
    },

    /** Signed in without a password: sets it. With e-mail and code: recovers the account. Either way a new session. */
    async setupPassword(auth: AuthContext | undefined, body: SetupPasswordBody, device: DeviceInfo): Promise<string> {
      if ('email' in body) {
        const user = await accounts.findByEmail(body.email);
        if (!user || user.deletedAt) throw new AppError('CODE_INVALID', 'The code is not valid, ask for a new one');
        assertAcceptablePassword(body.password);
        if (!user.isActive) throw new AppError('ACCOUNT_DISABLED', 'This account is deactivated');
        await tryCode(body.email, 'recover-pass', body.code, true);
        await accounts.setPassword(user.id, body.password, { proofOfEmail: true });
        await endAllSessions(user.id);
        return startSession(user, device);
      }
      if (!auth) throw new AppError('UNAUTHORIZED', 'Sign in, or give your e-mail and a recovery code');
      const { user } = auth.account;
      if (user.passwordHash !== null) throw new AppError('PASSWORD_ALREADY_SET', 'This account already has a password');
      await accounts.setPassword(user.id, body.password);
      await endAllSessions(user.id);
      return startSession(user, device);
    },

    /** Admin: ends every session of a user and closes its live connections at once. */
    endAllSessions,

    /**
     * A session for an account the caller has just created without a password (booking from the landing page,
     * `POST /v1/appointments/from-landing`). Never for an existing account: that would sign in whoever knows an e-mail.
     */
    startSession,
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
