import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import {
  isRecoveryCode,
  isTotpCode,
  staffRoles,
  type AuthenticatorSetup,
  type AuthenticatorSetupBody,
  type DisableTwoFactorBody,
  type EnableTwoFactorBody,
  type EnrolmentBody,
  type EnrolmentConfirmBody,
  type EnrolmentConfirmResponse,
  type RecoveryCodes,
  type SecondStepBody,
  type SecondStepKind,
  type SecondStepResponse,
  type TokenResponse,
  type TwoFactorStatus,
} from '@rozmova/contracts';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/rows.ts';
import type { AuthContext, DeviceInfo } from '../../http/auth-context.ts';
import { AppError, forbidden } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { newToken, sha256 } from '../../lib/crypto.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { Limit, RateLimitService } from '../rate-limit/rate-limit.service.ts';
import {
  authenticatorLink,
  decryptSecret,
  encryptSecret,
  matchingStep,
  newRecoveryCodes,
  newTotpSecret,
  recoveryHash,
} from './two-factor.crypto.ts';
import {
  countUnusedRecoveryCodes,
  deleteTwoFactor,
  enablePending,
  findAuthenticator,
  findKeySetting,
  findLiveChallenge,
  insertChallenge,
  insertKeySettingOnce,
  savePendingSecret,
  takeStep,
  useChallenge,
  useRecoveryCode,
  type AuthenticatorRow,
} from './two-factor.repository.ts';

const MINUTE = 60_000;

export const twoFactorRules = {
  /** Wrong codes (app or recovery) of one account, from everywhere: then 429 until the window is over. */
  failures: { max: 5, windowMs: 15 * MINUTE } satisfies Limit,
  /** How long the password step's challenge lasts: a code, or setting up the authenticator (scanning takes longer). */
  challengeMs: { code: 5 * MINUTE, enrol: 10 * MINUTE } satisfies Record<SecondStepKind, number>,
  /** A new authenticator is confirmed within this time of its setup; a setup asked for again meanwhile is the same one. */
  pendingMs: 30 * MINUTE,
} as const;

export type StaffRole = 'admin' | 'doctor' | 'operator';

const keySchema = z.object({ key: z.string().refine((value) => Buffer.from(value, 'base64').length === 32) });

const challengeInvalid = () =>
  new AppError('TWO_FACTOR_CHALLENGE_INVALID', 'This sign-in has expired or was used: sign in with your password again');
const codeInvalid = () => new AppError('CODE_INVALID', 'The code is not valid');
const notEnabled = () => new AppError('TWO_FACTOR_NOT_ENABLED', 'Two-factor sign-in is not set up for this account');
const setupExpired = () => new AppError('TWO_FACTOR_SETUP_EXPIRED', 'Start the setup of the authenticator again');

const isEnabled = (row: AuthenticatorRow | undefined): row is AuthenticatorRow & { secret: string } =>
  row !== undefined && row.secret !== null && row.enabledAt !== null;

/**
 * Staff two-factor sign-in (docs/two-factor.md): after the password, a staff account with an authenticator (or whose
 * role must have one) gets a short-lived challenge instead of a session; the second step's routes take it with a code
 * of the app (each 30-second step once, ±1 step of drift) or a recovery code (each once). Patients are never asked.
 */
export function createTwoFactorService(deps: {
  db: Db;
  clock: Clock;
  rateLimit: RateLimitService;
  audit: AuditService;
  accounts: Pick<AccountsService, 'getAccount' | 'onAccountRemoved'>;
  auth: Pick<AuthService, 'bindSecondStep' | 'startSessionAfterSecondStep' | 'endAllSessions'>;
  /** Config `twoFactor`, and the issuer the authenticator app shows (the clinic's name). */
  settings: { requiredFor: readonly StaffRole[]; key?: string; issuer: string };
}) {
  const { db, clock, rateLimit, auth } = deps;
  const now = () => clock.now();
  const failuresKey = (userId: string) => `two-factor-failures:${userId}`;
  const isStaff = (user: UserRow) => staffRoles.includes(user.role);
  const isRequired = (user: UserRow) => (deps.settings.requiredFor as readonly string[]).includes(user.role);
  let key: Promise<Buffer> | undefined;

  /** TWO_FACTOR_KEY, or outside production the key kept in `settings` (made by whichever instance came first). */
  async function loadKey(): Promise<Buffer> {
    if (deps.settings.key) return Buffer.from(deps.settings.key, 'base64');
    const kept = keySchema.safeParse(await findKeySetting(db));
    if (kept.success) return Buffer.from(kept.data.key, 'base64');
    await insertKeySettingOnce(db, randomBytes(32).toString('base64'));
    return Buffer.from(keySchema.parse(await findKeySetting(db)).key, 'base64');
  }
  const serverKey = (): Promise<Buffer> =>
    (key ??= loadKey().catch((error: unknown) => {
      key = undefined;
      throw error;
    }));

  async function secretOf(userId: string, stored: string): Promise<string> {
    try {
      return decryptSecret(await serverKey(), userId, stored);
    } catch {
      // Never the secret or the key in the message: an admin resets the person's two-factor sign-in.
      throw new Error('A two-factor secret does not decrypt with the server key (was TWO_FACTOR_KEY changed?)');
    }
  }

  // A removed account's authenticator and recovery codes go with its personal data.
  deps.accounts.onAccountRemoved(async ({ userId }, tx) => {
    await deleteTwoFactor(tx, userId);
  });

  async function newChallenge(user: UserRow, kind: SecondStepKind): Promise<SecondStepResponse> {
    const challenge = newToken();
    const at = now();
    const expiresAt = new Date(at.getTime() + twoFactorRules.challengeMs[kind]);
    await insertChallenge(db, { userId: user.id, tokenHash: sha256(challenge), kind, expiresAt, createdAt: at });
    return { second_step: kind, challenge, expires_at: expiresAt.toISOString() };
  }

  auth.bindSecondStep({
    async after(user) {
      if (!isStaff(user)) return undefined;
      if (isEnabled(await findAuthenticator(db, user.id))) return newChallenge(user, 'code');
      return isRequired(user) ? newChallenge(user, 'enrol') : undefined;
    },
    // A session of such a role made without the second step (an applicant's, before an admin approved it as a doctor;
    // any, before STAFF_2FA became `required`) is refused: the person signs in again, with the second step.
    required: isRequired,
  });

  /** The live challenge of `kind` and its (still active) account. */
  async function liveChallenge(token: string, kind: SecondStepKind) {
    const challenge = await findLiveChallenge(db, sha256(token), now());
    if (!challenge || challenge.kind !== kind) throw challengeInvalid();
    const { user } = await deps.accounts.getAccount(challenge.userId);
    if (!user.isActive || user.deletedAt) throw challengeInvalid();
    return { challenge, user };
  }

  /**
   * Checks a second factor of an account whose authenticator is on: a code of the app (its step taken once) or, unless
   * only the app's code will do, a recovery code (used up). Every check takes a place in the account's limit first, so
   * checks at once cannot pass it together; a right one gives it back.
   */
  async function checkSecondFactor(user: UserRow, code: string): Promise<void> {
    const attempt = await rateLimit.consume(failuresKey(user.id), twoFactorRules.failures);
    const row = await findAuthenticator(db, user.id);
    if (!isEnabled(row)) {
      await attempt.release();
      throw notEnabled();
    }
    if (isTotpCode(code)) {
      const step = matchingStep(await secretOf(user.id, row.secret), code, now());
      if (step === undefined) throw codeInvalid();
      if (!(await takeStep(db, user.id, step))) {
        throw new AppError('TWO_FACTOR_CODE_USED', 'This code was used already: enter the next code of your app');
      }
    } else if (!isRecoveryCode(code) || !(await useRecoveryCode(db, user.id, recoveryHash(code), now()))) {
      throw codeInvalid();
    }
    await attempt.release();
  }

  /** The pending authenticator, made now unless one made within {@link twoFactorRules.pendingMs} is waiting. */
  async function pendingSetup(user: UserRow): Promise<AuthenticatorSetup> {
    const row = await findAuthenticator(db, user.id);
    const fresh = row?.pendingSecret && row.pendingAt && now().getTime() - row.pendingAt.getTime() < twoFactorRules.pendingMs;
    let secret: string;
    if (fresh) {
      secret = await secretOf(user.id, row.pendingSecret!);
    } else {
      secret = newTotpSecret();
      await savePendingSecret(db, user.id, encryptSecret(await serverKey(), user.id, secret), now());
    }
    const link = await authenticatorLink(secret, deps.settings.issuer, user.email);
    return { secret, otpauth_uri: link.uri, qr_svg: link.svg };
  }

  /**
   * Confirms the pending authenticator with one of its codes: it becomes the account's (that code's step taken) with
   * new recovery codes, which are answered once and kept only hashed. `beforeEnable` runs once the code is right.
   */
  async function confirmPending(user: UserRow, code: string, beforeEnable?: () => Promise<void>): Promise<string[]> {
    const attempt = await rateLimit.consume(failuresKey(user.id), twoFactorRules.failures);
    const row = await findAuthenticator(db, user.id);
    if (!row?.pendingSecret || !row.pendingAt || now().getTime() - row.pendingAt.getTime() >= twoFactorRules.pendingMs) {
      await attempt.release();
      throw setupExpired();
    }
    const step = matchingStep(await secretOf(user.id, row.pendingSecret), code, now());
    if (step === undefined) throw codeInvalid();
    await beforeEnable?.();
    const codes = newRecoveryCodes();
    const codeHashes = codes.map(recoveryHash);
    if (!(await enablePending(db, { userId: user.id, pendingSecret: row.pendingSecret, step, codeHashes, at: now() }))) {
      throw setupExpired();
    }
    await attempt.release();
    return codes;
  }

  return {
    rules: twoFactorRules,

    /** The second step: `{ token }` for a right code, once per challenge. */
    async verify(body: SecondStepBody, device: DeviceInfo): Promise<TokenResponse> {
      const { challenge, user } = await liveChallenge(body.challenge, 'code');
      await checkSecondFactor(user, body.code);
      if (!(await useChallenge(db, challenge.id, now()))) throw challengeInvalid();
      return { token: await auth.startSessionAfterSecondStep(user, device) };
    },

    /** Half signed in and obliged to enrol: the new authenticator (the same one again within its half hour). */
    async startEnrolment(body: EnrolmentBody): Promise<AuthenticatorSetup> {
      const { user } = await liveChallenge(body.challenge, 'enrol');
      // Enrolled meanwhile (another sign-in): replacing it takes a code of it, so this challenge is no longer enough.
      if (isEnabled(await findAuthenticator(db, user.id))) throw challengeInvalid();
      return pendingSetup(user);
    },

    /** Its first code confirms the new authenticator, uses the challenge up and signs in. */
    async confirmEnrolment(body: EnrolmentConfirmBody, device: DeviceInfo): Promise<EnrolmentConfirmResponse> {
      const { challenge, user } = await liveChallenge(body.challenge, 'enrol');
      if (isEnabled(await findAuthenticator(db, user.id))) throw challengeInvalid();
      const recoveryCodes = await confirmPending(user, body.code, async () => {
        if (!(await useChallenge(db, challenge.id, now()))) throw challengeInvalid();
      });
      return { token: await auth.startSessionAfterSecondStep(user, device), recovery_codes: recoveryCodes };
    },

    async status(caller: AuthContext): Promise<TwoFactorStatus> {
      const { user } = caller.account;
      const row = await findAuthenticator(db, user.id);
      const enabled = isEnabled(row);
      return {
        enabled,
        required: isRequired(user),
        enabled_at: enabled ? row.enabledAt!.toISOString() : null,
        recovery_codes_left: enabled ? await countUnusedRecoveryCodes(db, user.id) : 0,
      };
    },

    /** A new authenticator from the account page; replacing the one that is on takes a code of it (or a recovery code). */
    async setup(caller: AuthContext, body: AuthenticatorSetupBody): Promise<AuthenticatorSetup> {
      const { user } = caller.account;
      if (isEnabled(await findAuthenticator(db, user.id))) {
        if (body.code === null) {
          throw new AppError('VALIDATION_FAILED', 'Validation failed', [
            { path: 'code', code: 'INVALID_VALUE', message: 'A code of the authenticator that is on now, or a recovery code' },
          ]);
        }
        await checkSecondFactor(user, body.code);
      }
      return pendingSetup(user);
    },

    /** Confirms the new authenticator from the account page; the caller's other sessions end. */
    async enable(caller: AuthContext, body: EnableTwoFactorBody): Promise<RecoveryCodes> {
      const { user } = caller.account;
      const recoveryCodes = await confirmPending(user, body.code);
      await auth.endAllSessions(user.id, caller.sessionId);
      return { recovery_codes: recoveryCodes };
    },

    /** Turns it off where the role may go without (a code first); the caller's other sessions end. */
    async disable(caller: AuthContext, body: DisableTwoFactorBody): Promise<void> {
      const { user } = caller.account;
      if (isRequired(user)) {
        throw new AppError('TWO_FACTOR_REQUIRED', 'Your role signs in with two factors: the authenticator can be replaced, not turned off');
      }
      await checkSecondFactor(user, body.code);
      await db.transaction((tx) => deleteTwoFactor(tx, user.id));
      await auth.endAllSessions(user.id, caller.sessionId);
    },

    /**
     * Admin: removes a member of staff's authenticator and recovery codes (audited); their sessions end and their next
     * sign-in sets up a new one (or goes without, where the role may). An admin's own goes through the account page.
     */
    async reset(actor: AuthContext, userId: string): Promise<void> {
      const actorId = actor.account.user.id;
      if (actorId === userId) throw forbidden('Change your own authenticator on your account page');
      await deps.accounts.getAccount(userId);
      await db.transaction(async (tx) => {
        if (!(await deleteTwoFactor(tx, userId))) throw notEnabled();
        await deps.audit.record({ actorId, action: 'reset', resource: 'two_factor', resourceId: userId, patientId: null }, tx);
      });
      await rateLimit.clear(failuresKey(userId));
      await auth.endAllSessions(userId);
    },
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
