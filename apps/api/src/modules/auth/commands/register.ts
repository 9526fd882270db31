import type { RegisterPatientBody, RegisterSpecialistBody } from '@rozmova/contracts';
import type { DeviceInfo } from '../../../http/auth-context.ts';
import { assertAcceptablePassword } from '../../../lib/passwords.ts';
import { claim } from './claim.ts';
import { emailTaken, isRegistered, type AuthDeps } from './context.ts';
import { tryCode } from './verification-codes.ts';

type RegisterDeps = Pick<AuthDeps, 'db' | 'clock' | 'accounts' | 'rateLimit' | 'sessions'>;

/** A patient's account with the e-mail's code, signed in. */
export async function registerPatient(deps: RegisterDeps, body: RegisterPatientBody, device: DeviceInfo): Promise<string> {
  const { accounts, sessions } = deps;
  const existing = await accounts.findByEmail(body.email);
  if (isRegistered(existing)) throw emailTaken();
  // Checked before the code is used up, so a refused password does not cost the code.
  assertAcceptablePassword(body.password);
  await tryCode(deps, body.email, 'register', body.code, true);
  const fields = { password: body.password, userName: body.user_name, phone: body.phone, locale: body.locale };
  // An account booked from the landing page with this e-mail becomes the prover's.
  if (existing) return sessions.start(await claim(deps, existing, fields), device);
  return sessions.start(await accounts.createAccount({ ...fields, email: body.email, role: 'patient', emailVerified: true }), device);
}

/** A specialist's account (role `none` until an admin approves its application), signed in. */
export async function registerSpecialist(deps: RegisterDeps, body: RegisterSpecialistBody, device: DeviceInfo): Promise<string> {
  if (await deps.accounts.findByEmail(body.email)) throw emailTaken();
  assertAcceptablePassword(body.password);
  await tryCode(deps, body.email, 'register', body.code, true);
  const user = await deps.accounts.createAccount({
    email: body.email,
    password: body.password,
    userName: body.user_name,
    locale: body.locale,
    role: 'none',
    emailVerified: true,
  });
  return deps.sessions.start(user, device);
}
