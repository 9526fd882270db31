import type { UpdateProfileBody } from '@rozmova/contracts';
import type { AuthContext } from '../../../http/auth-context.ts';
import type { AuthDeps } from './context.ts';
import { assertPasswordMatches, assertRecentlyVerified } from './verify-password.ts';

/** The caller's name, phone, language, notification settings and password; a new password ends the other sessions. */
export async function updateProfile(
  deps: Pick<AuthDeps, 'clock' | 'accounts' | 'rateLimit' | 'sessions'>,
  auth: AuthContext,
  body: UpdateProfileBody,
  address: string,
): Promise<void> {
  const { accounts } = deps;
  const { user } = auth.account;
  // Adding a first phone (e.g. the one given while booking) replaces nothing; changing one needs the password.
  if (body.phone !== undefined && user.phone !== null && body.phone !== user.phone) assertRecentlyVerified(deps, auth);
  if (body.new_password !== undefined && body.current_password !== undefined) {
    await assertPasswordMatches(deps, user, body.current_password, address, 'current_password');
    await accounts.setPassword(user.id, body.new_password, { field: 'new_password' });
    await deps.sessions.endAll(user.id, auth.sessionId);
  }
  await accounts.updateProfile(user.id, {
    userName: body.user_name,
    phone: body.phone,
    locale: body.locale,
    notificationSettings: body.notification_settings,
  });
}
