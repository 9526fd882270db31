import { randomUUID } from 'node:crypto';
import type { CheckCodeBody, CodePurpose, Locale, SendCodeBody } from '@rozmova/contracts';
import { AppError } from '../../../lib/app-error.ts';
import { newNumericCode, sha256 } from '../../../lib/crypto.ts';
import { codeMail } from '../auth.mails.ts';
import { findLatestCode, insertCode, tryLatestCode } from '../auth.repository.ts';
import { authRules } from '../auth.rules.ts';
import { emailTaken, isRegistered, type AuthDeps } from './context.ts';

/** Makes a code and mails it; queued by send-code for every address alike. */
export const CODE_MAIL_JOB = 'auth.code-mail';
export interface CodeMailPayload {
  email: string;
  purpose: CodePurpose;
  locale?: Locale;
}

/** The code mail job: a run repeated after a crash mails a new code, which replaces the first (the newest is tried). */
export async function mailCode(deps: Pick<AuthDeps, 'db' | 'clock' | 'mailer' | 'accounts'>, { email, purpose, locale }: CodeMailPayload) {
  const user = await deps.accounts.findByEmail(email);
  // A recovery code goes only to an account; a sign-up code not to one registered meanwhile.
  if (purpose === 'recover-pass' ? !user || user.deletedAt : isRegistered(user)) return;
  const at = deps.clock.now();
  const code = newNumericCode();
  await insertCode(deps.db, {
    email,
    purpose,
    codeHash: sha256(`${purpose}:${code}`),
    createdAt: at,
    expiresAt: new Date(at.getTime() + authRules.codeTtlMs),
  });
  await deps.mailer.send(codeMail(email, purpose, code, locale ?? user?.locale ?? 'uk'));
}

export async function sendCode(
  deps: Pick<AuthDeps, 'clock' | 'accounts' | 'rateLimit' | 'jobs'>,
  purpose: CodePurpose,
  body: SendCodeBody,
): Promise<void> {
  // docs/product.md §8's 409 (the per-address limit of auth requests keeps it from being a fast lookup).
  if (purpose === 'register' && isRegistered(await deps.accounts.findByEmail(body.email))) throw emailTaken();
  // Counted for every address alike, so neither the answer nor the limit tells whether an account exists.
  const address = sha256(body.email);
  await deps.rateLimit.consume(`code-resend:${purpose}:${address}`, authRules.codeResend);
  await deps.rateLimit.consume(`code-hourly:${address}`, authRules.codesPerHour);
  // A job makes and mails the code, queued alike for every address, so the answer takes the same time whether
  // or not the address has an account.
  const payload: CodeMailPayload = { email: body.email, purpose, locale: body.locale };
  await deps.jobs.enqueue({ kind: CODE_MAIL_JOB, key: `code-mail:${randomUUID()}`, runAt: deps.clock.now(), payload });
  // The worker wakes once the answer is on its way, so the mailing (on PGlite, database work in this thread) does
  // not delay it.
  setImmediate(deps.jobs.runSoon);
}

export async function checkCode(deps: Pick<AuthDeps, 'db' | 'clock' | 'accounts'>, body: CheckCodeBody): Promise<void> {
  if (body.type === 'register' && isRegistered(await deps.accounts.findByEmail(body.email))) throw emailTaken();
  await tryCode(deps, body.email, body.type, body.code, false);
}

/** Tries the newest code sent to an address; a wrong one counts against its tries, a right one is used up with `use`. */
export async function tryCode(
  deps: Pick<AuthDeps, 'db' | 'clock'>,
  email: string,
  purpose: CodePurpose,
  code: string,
  use: boolean,
): Promise<void> {
  const codeHash = sha256(`${purpose}:${code}`);
  const at = deps.clock.now();
  const matched = await tryLatestCode(deps.db, { email, purpose, codeHash, at, maxAttempts: authRules.codeMaxAttempts, use });
  if (matched === false) throw new AppError('CODE_INVALID', 'The code is not valid');
  if (matched) return;
  const row = await findLatestCode(deps.db, email, purpose);
  if (!row || row.usedAt) throw new AppError('CODE_INVALID', 'The code is not valid, ask for a new one');
  throw new AppError('CODE_EXPIRED', 'The code has expired, ask for a new one');
}
