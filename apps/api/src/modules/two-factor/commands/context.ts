import type { Db } from '../../../db/client.ts';
import type { UserRow } from '../../../db/rows.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { AccountsService } from '../../accounts/accounts.service.ts';
import type { AuditService } from '../../audit/audit.service.ts';
import type { Sessions } from '../../auth/sessions.ts';
import type { RateLimitService } from '../../rate-limit/rate-limit.service.ts';
import type { AuthenticatorRow } from '../two-factor.repository.ts';
import type { SecretBox } from '../two-factor.secrets.ts';

type StaffRole = 'admin' | 'doctor' | 'operator';

/** What the two-factor service is given by buildApp. */
export interface TwoFactorDeps {
  db: Db;
  clock: Clock;
  rateLimit: RateLimitService;
  audit: AuditService;
  accounts: Pick<AccountsService, 'getAccount' | 'onAccountRemoved'>;
  /** Auth's sessions: a session once the second step passed; the caller's other sessions end on a change. */
  sessions: Pick<Sessions, 'start' | 'endAll'>;
  /** Config `twoFactor`, and the issuer the authenticator app shows (the clinic's name). */
  settings: { requiredFor: readonly StaffRole[]; key?: string; issuer: string };
}

/** The commands' dependencies: the service's, and the box that seals the secrets. */
export interface TwoFactorContext extends TwoFactorDeps {
  secrets: SecretBox;
}

export const failuresKey = (userId: string) => `two-factor-failures:${userId}`;

export const isRequired = (ctx: Pick<TwoFactorDeps, 'settings'>, user: UserRow) =>
  (ctx.settings.requiredFor as readonly string[]).includes(user.role);

export const isEnabled = (row: AuthenticatorRow | undefined): row is AuthenticatorRow & { secret: string } =>
  row !== undefined && row.secret !== null && row.enabledAt !== null;

export const challengeInvalid = () =>
  new AppError('TWO_FACTOR_CHALLENGE_INVALID', 'This sign-in has expired or was used: sign in with your password again');
export const codeInvalid = () => new AppError('CODE_INVALID', 'The code is not valid');
export const notEnabled = () => new AppError('TWO_FACTOR_NOT_ENABLED', 'Two-factor sign-in is not set up for this account');
export const setupExpired = () => new AppError('TWO_FACTOR_SETUP_EXPIRED', 'Start the setup of the authenticator again');
