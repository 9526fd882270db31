import type { Db } from '../../../db/client.ts';
import type { UserRow } from '../../../db/rows.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { Mailer } from '../../../lib/mailer.ts';
import type { AccountsService } from '../../accounts/accounts.service.ts';
import type { JobsService } from '../../jobs/jobs.service.ts';
import type { RateLimitService } from '../../rate-limit/rate-limit.service.ts';
import type { SecondStep } from '../second-step.ts';
import type { Sessions } from '../sessions.ts';

/** What the auth service and its commands are given by buildApp. */
export interface AuthDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  accounts: AccountsService;
  rateLimit: RateLimitService;
  sessions: Sessions;
  /** The two-factor module's rule for what follows the password. */
  secondStep: SecondStep;
  jobs: Pick<JobsService, 'register' | 'enqueue' | 'runSoon'>;
}

export const passwordFailuresKey = (userId: string) => `password-failures:${userId}`;

export const emailTaken = () => new AppError('EMAIL_TAKEN', 'A user with this e-mail is already registered');

export const isRegistered = (user: UserRow | undefined): user is UserRow =>
  user !== undefined && user.passwordHash !== null && user.emailVerifiedAt !== null;
