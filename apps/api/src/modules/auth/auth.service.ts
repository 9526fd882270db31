import { randomUUID } from 'node:crypto';
import {
  EMAIL_NOT_VERIFIED_MESSAGE,
  staffRoles,
  type CheckCodeBody,
  type CodePurpose,
  type Locale,
  type LoginBody,
  type RegisterPatientBody,
  type RegisterSpecialistBody,
  type Role,
  type SendCodeBody,
  type SetupPasswordBody,
  type SignInResponse,
  type UpdateProfileBody,
  type User,
} from '@rozmova/contracts';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { newNumericCode, newToken, sha256 } from '../../lib/crypto.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { assertAcceptablePassword, verifyPassword } from '../../lib/passwords.ts';
import type { RealtimeBus } from '../../realtime/bus.ts';
import type { UserRow } from '../../db/rows.ts';
import { isUnclaimed, unclaimedRefused, type AuthContext, type DeviceInfo } from '../../http/auth-context.ts';
import { toUser, type AccountsService } from '../accounts/accounts.service.ts';
import type { JobsService } from '../jobs/jobs.service.ts';
import { toPatientCard } from '../patients/patients.service.ts';
import { toPushToken } from '../push/push.service.ts';
import type { Limit, RateLimitService } from '../rate-limit/rate-limit.service.ts';
import { codeMail } from './auth.mails.ts';
import {
  findLatestCode,
  findProfileRow,
  findSessionByTokenHash,
  insertCode,
  insertSession,
  insertSessionIfUnclaimed,
  isEmailUnproved,
  markPasswordVerified,
  revokeSession,
  revokeUserSessions,
  touchSession,
  tryLatestCode,
  type ProfileRow,
} from './auth.repository.ts';
import { createSecondStepGate } from './second-step.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export const authRules = {
  codeTtlMs: 10 * MINUTE,
  codeMaxAttempts: 5,
  codeResend: { max: 1, windowMs: MINUTE } satisfies Limit,
  codesPerHour: { max: 5, windowMs: 60 * MINUTE } satisfies Limit,
  /** Failed password checks of one account from one address: then 429 for that address only. */
  passwordFailures: { max: 10, windowMs: 15 * MINUTE } satisfies Limit,
  /** Failed password checks of one account from all addresses together (NIST SP 800-63B §5.2.2). */
  accountPasswordFailures: { max: 100, windowMs: 60 * MINUTE } satisfies Limit,
  staffIdleMs: 30 * MINUTE,
  patientIdleMs: 14 * DAY,
  absoluteMs: 30 * DAY,
  passwordVerificationMs: 5 * MINUTE,
  touchEveryMs: MINUTE,
} as const;

/** The profile's answer from its one row. */
export function toProfile({ user, patientId, card, appointmentId, device }: ProfileRow): User {
  const patient = card ? { patientCard: toPatientCard(card), patient_appointmentId: appointmentId } : undefined;
  return toUser({ user, patientId, cardId: card?.id ?? null }, patient, device ? toPushToken(device) : null);
}

const idleTimeout = (role: Role) => (staffRoles.includes(role) ? authRules.staffIdleMs : authRules.patientIdleMs);

const invalidCredentials = () => new AppError('INVALID_CREDENTIALS', 'Invalid e-mail or password');
const emailTaken = () => new AppError('EMAIL_TAKEN', 'A user with this e-mail is already registered');

/** Makes a code and mails it; queued by send-code for every address alike. */
export const CODE_MAIL_JOB = 'auth.code-mail';
interface CodeMailPayload {
  email: string;
  purpose: CodePurpose;
  locale?: Locale;
}

export function createAuthService(deps: {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  accounts: AccountsService;
  rateLimit: RateLimitService;
  realtime: RealtimeBus;
  jobs: Pick<JobsService, 'register' | 'enqueue' | 'runSoon'>;
}) {
  const { db, clock, accounts, rateLimit } = deps;
  const now = () => clock.now();
  const failuresKey = (userId: string) => `password-failures:${userId}`;
  const secondStep = createSecondStepGate(startSession);

  function newSession(user: UserRow, device: DeviceInfo, secondFactor = false) {
    const token = newToken();
    const at = now();
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

  async function startSession(user: UserRow, device: DeviceInfo, secondFactor = false): Promise<string> {
    const { token, values } = newSession(user, device, secondFactor);
    await insertSession(db, values);
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

  /**
   * Whoever proves the e-mail (a code sent to it: sign-up or recovery) owns the account from that moment: every
   * session that existed before ends in the claim's transaction and its connections close, the failed password checks
   * are forgotten (recovery always lets the owner in), and the caller signs the owner in.
   */
  async function claim(user: UserRow, changes: Parameters<AccountsService['claimAccount']>[1]): Promise<UserRow> {
    const claimed = await accounts.claimAccount(user.id, changes, (tx) => revokeUserSessions(tx, user.id, now()));
    deps.realtime.disconnectUser(user.id);
    await rateLimit.clear(failuresKey(user.id));
    return claimed;
  }

  /**
   * A stranger cannot lock the owner out: failures count per account and address (10 in 15 minutes, then 429 for that
   * address), and per account from everywhere (100 an hour). A try takes its place in both before the hash is checked,
   * so tries that arrive at once cannot pass a limit together; the right password gives both places back.
   */
  async function assertPasswordMatches(user: UserRow, password: string, address: string, field?: string): Promise<void> {
    const here = await rateLimit.consume(`${failuresKey(user.id)}:${sha256(address)}`, authRules.passwordFailures);
    const anywhere = await rateLimit.consume(failuresKey(user.id), authRules.accountPasswordFailures).catch(async (error: unknown) => {
      await here.release();
      throw error;
    });
    if (await verifyPassword(user.passwordHash, password)) {
      await Promise.all([here.release(), anywhere.release()]);
      return;
    }
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
    if (session.secondFactorAt === null && secondStep.required(user)) return undefined;
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

  // A run repeated after a crash mails a new code, which replaces the first: the newest code is the one tried.
  deps.jobs.register(CODE_MAIL_JOB, async ({ email, purpose, locale }: CodeMailPayload) => {
    const user = await accounts.findByEmail(email);
    // A recovery code goes only to an account; a sign-up code not to one registered meanwhile.
    if (purpose === 'recover-pass' ? !user || user.deletedAt : isRegistered(user)) return;
    const at = now();
    const code = newNumericCode();
    await insertCode(db, {
      email,
      purpose,
      codeHash: sha256(`${purpose}:${code}`),
      createdAt: at,
      expiresAt: new Date(at.getTime() + authRules.codeTtlMs),
    });
    await deps.mailer.send(codeMail(email, purpose, code, locale ?? user?.locale ?? 'uk'));
  });

  return {
    /** Resolves a bearer token to its live session, or undefined when it is unknown, revoked or timed out. */
    authenticate: (token: string) => liveSession(token, now(), true),

    recheck: (token: string, at: Date, used: boolean) => liveSession(token, at, used),

    stillUnclaimed: (userId: string) => isEmailUnproved(db, userId),

    /** The profile (SPEC.md §3): the user, a patient's card and current appointment, the newest push device. */
    async profile(userId: string): Promise<User> {
      const row = await findProfileRow(db, userId);
      if (!row) throw notFound('User');
      return toProfile(row);
    },

    /** The two-factor module's rule for what follows the password. */
    bindSecondStep: secondStep.bind,

    /** A session once the second step passed (the two-factor module calls it; nothing else may skip that step). */
    startSessionAfterSecondStep: (user: UserRow, device: DeviceInfo): Promise<string> => startSession(user, device, true),

    async login(body: LoginBody, device: DeviceInfo, address: string): Promise<SignInResponse> {
      const user = await accounts.findByEmail(body.email);
      if (!user || user.deletedAt) throw new AppError('USER_NOT_FOUND', 'No user is registered with this e-mail');
      if (user.passwordHash === null) throw new AppError('EMAIL_NOT_VERIFIED', EMAIL_NOT_VERIFIED_MESSAGE);
      await assertPasswordMatches(user, body.password, address);
      if (user.emailVerifiedAt === null) throw new AppError('EMAIL_NOT_VERIFIED', EMAIL_NOT_VERIFIED_MESSAGE);
      if (!user.isActive) throw new AppError('ACCOUNT_DISABLED', 'This account is deactivated');
      return secondStep.signIn(user, device);
    },

    async logout(auth: AuthContext): Promise<void> {
      await revokeSession(db, auth.sessionId, now());
      deps.realtime.disconnectSession(auth.sessionId);
    },

    async sendCode(purpose: CodePurpose, body: SendCodeBody): Promise<void> {
      // SPEC.md §8's 409 (the per-address limit of auth requests keeps it from being a fast lookup).
      if (purpose === 'register' && isRegistered(await accounts.findByEmail(body.email))) throw emailTaken();
      // Counted for every address alike, so neither the answer nor the limit tells whether an account exists.
      const address = sha256(body.email);
      await rateLimit.consume(`code-resend:${purpose}:${address}`, authRules.codeResend);
      await rateLimit.consume(`code-hourly:${address}`, authRules.codesPerHour);
      // A job makes and mails the code, queued alike for every address, so the answer takes the same time whether
      // or not the address has an account.
      const payload: CodeMailPayload = { email: body.email, purpose, locale: body.locale };
      await deps.jobs.enqueue({ kind: CODE_MAIL_JOB, key: `code-mail:${randomUUID()}`, runAt: now(), payload });
      // The worker wakes once the answer is on its way, so the mailing (on PGlite, database work in this thread) does
      // not delay it.
      setImmediate(deps.jobs.runSoon);
    },

    async checkCode(body: CheckCodeBody): Promise<void> {
      if (body.type === 'register' && isRegistered(await accounts.findByEmail(body.email))) throw emailTaken();
      await tryCode(body.email, body.type, body.code, false);
    },

    async registerPatient(body: RegisterPatientBody, device: DeviceInfo): Promise<string> {
      const existing = await accounts.findByEmail(body.email);
      if (isRegistered(existing)) throw emailTaken();
      // Checked before the code is used up, so a refused password does not cost the code.
      assertAcceptablePassword(body.password);
      await tryCode(body.email, 'register', body.code, true);
      const fields = { password: body.password, userName: body.user_name, phone: body.phone, locale: body.locale };
      // An account booked from the landing page with this e-mail becomes the prover's.
      if (existing) return startSession(await claim(existing, fields), device);
      return startSession(await accounts.createAccount({ ...fields, email: body.email, role: 'patient', emailVerified: true }), device);
    },

    /** A specialist's account (role `none` until an admin approves its application), signed in. */
    async registerSpecialist(body: RegisterSpecialistBody, device: DeviceInfo): Promise<string> {
      if (await accounts.findByEmail(body.email)) throw emailTaken();
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

    async verifyPassword(auth: AuthContext, password: string, address: string): Promise<void> {
      await assertPasswordMatches(auth.account.user, password, address, 'password');
      await markPasswordVerified(db, auth.sessionId, now());
    },

    async updateProfile(auth: AuthContext, body: UpdateProfileBody, address: string): Promise<void> {
      const { user } = auth.account;
      // Adding a first phone (e.g. the one given while booking) replaces nothing; changing one needs the password.
      if (body.phone !== undefined && user.phone !== null && body.phone !== user.phone) assertRecentlyVerified(auth);
      if (body.new_password !== undefined && body.current_password !== undefined) {
        await assertPasswordMatches(user, body.current_password, address, 'current_password');
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
      // Removal first: the last admin's is refused (409 LAST_ADMIN), and then its sessions live on.
      await accounts.anonymise(auth.account.user.id);
      await endAllSessions(auth.account.user.id);
    },

    /**
     * With e-mail and code: recovers the account, which proves the e-mail (a claim), and signs in (the second step
     * still follows for staff who use two factors: the e-mail is not a second factor). Signed in to a proved account
     * without a password: sets it, in a new session.
     */
    async setupPassword(auth: AuthContext | undefined, body: SetupPasswordBody, device: DeviceInfo): Promise<SignInResponse> {
      if ('email' in body) {
        const user = await accounts.findByEmail(body.email);
        if (!user || user.deletedAt) throw new AppError('CODE_INVALID', 'The code is not valid, ask for a new one');
        assertAcceptablePassword(body.password);
        if (!user.isActive) throw new AppError('ACCOUNT_DISABLED', 'This account is deactivated');
        await tryCode(body.email, 'recover-pass', body.code, true);
        return secondStep.signIn(await claim(user, { password: body.password }), device);
      }
      if (!auth) throw new AppError('UNAUTHORIZED', 'Sign in, or give your e-mail and a recovery code');
      // A password is the owner's: an unclaimed session first proves the e-mail with a code (the branch above).
      if (isUnclaimed(auth.account)) throw unclaimedRefused();
      const { user } = auth.account;
      if (user.passwordHash !== null) throw new AppError('PASSWORD_ALREADY_SET', 'This account already has a password');
      await accounts.setPassword(user.id, body.password);
      await endAllSessions(user.id);
      // The caller's session passed the second factor where the role needs one (liveSession refuses it otherwise).
      return { token: await startSession(user, device, secondStep.required(user)) };
    },

    /** Admin: ends every session of a user and closes its live connections at once. */
    endAllSessions,

    /**
     * A session for an account the caller has just created without a password (booking from the landing page,
     * `POST /v1/appointments/from-landing`). Never for an existing account: that would sign in whoever knows an e-mail;
     * never once the e-mail is proved (a claim that came in between).
     */
    async startLandingSession(user: UserRow, device: DeviceInfo): Promise<string> {
      const { token, values } = newSession(user, device);
      if (!(await insertSessionIfUnclaimed(db, values))) {
        throw new AppError('EMAIL_TAKEN', 'This e-mail has just been confirmed by its owner: sign in to see the booking');
      }
      return token;
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
