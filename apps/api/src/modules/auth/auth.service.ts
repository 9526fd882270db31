import type {
  CheckCodeBody,
  CodePurpose,
  LoginBody,
  RegisterPatientBody,
  RegisterSpecialistBody,
  SendCodeBody,
  SetupPasswordBody,
  UpdateProfileBody,
  User,
} from '@rozmova/contracts';
import type { AuthContext, DeviceInfo } from '../../http/auth-context.ts';
import { notFound } from '../../lib/app-error.ts';
import { toUser } from '../accounts/accounts.service.ts';
import { toPatientCard } from '../patients/patients.service.ts';
import { toPushToken } from '../push/push.service.ts';
import { findProfileRow, isEmailUnproved, type ProfileRow } from './auth.repository.ts';
import type { AuthDeps } from './commands/context.ts';
import { deleteAccount } from './commands/delete-account.ts';
import { login } from './commands/login.ts';
import { registerPatient, registerSpecialist } from './commands/register.ts';
import { setupPassword } from './commands/setup-password.ts';
import { updateProfile } from './commands/update-profile.ts';
import { checkCode, CODE_MAIL_JOB, mailCode, sendCode, type CodeMailPayload } from './commands/verification-codes.ts';
import { verifyPassword } from './commands/verify-password.ts';
import { liveSession } from './live-session.ts';

/** The profile's answer from its one row. */
export function toProfile({ user, patientId, card, appointmentId, device }: ProfileRow): User {
  const patient = card ? { patientCard: toPatientCard(card), patient_appointmentId: appointmentId } : undefined;
  return toUser({ user, patientId, cardId: card?.id ?? null }, patient, device ? toPushToken(device) : null);
}

/**
 * Sign-in, sign-up, verification codes and the password flows: one command per use case in `commands/`. Sessions
 * start and end through `sessions.ts`; what follows the password is the two-factor module's rule (`secondStep`).
 */
export function createAuthService(deps: AuthDeps) {
  const { db, clock, sessions } = deps;
  deps.jobs.register(CODE_MAIL_JOB, (payload: CodeMailPayload) => mailCode(deps, payload));

  return {
    /** Resolves a bearer token to its live session, or undefined when it is unknown, revoked or timed out. */
    authenticate: (token: string) => liveSession(deps, token, clock.now(), true),
    recheck: (token: string, at: Date, used: boolean) => liveSession(deps, token, at, used),
    stillUnclaimed: (userId: string) => isEmailUnproved(db, userId),

    /** The profile (docs/product.md §3): the user, a patient's card and current appointment, the newest push device. */
    async profile(userId: string): Promise<User> {
      const row = await findProfileRow(db, userId);
      if (!row) throw notFound('User');
      return toProfile(row);
    },

    login: (body: LoginBody, device: DeviceInfo, address: string) => login(deps, body, device, address),
    logout: (auth: AuthContext) => sessions.end(auth.sessionId),
    sendCode: (purpose: CodePurpose, body: SendCodeBody) => sendCode(deps, purpose, body),
    checkCode: (body: CheckCodeBody) => checkCode(deps, body),
    registerPatient: (body: RegisterPatientBody, device: DeviceInfo) => registerPatient(deps, body, device),
    registerSpecialist: (body: RegisterSpecialistBody, device: DeviceInfo) => registerSpecialist(deps, body, device),
    verifyPassword: (auth: AuthContext, password: string, address: string) => verifyPassword(deps, auth, password, address),
    updateProfile: (auth: AuthContext, body: UpdateProfileBody, address: string) => updateProfile(deps, auth, body, address),
    deleteAccount: (auth: AuthContext) => deleteAccount(deps, auth),
    setupPassword: (auth: AuthContext | undefined, body: SetupPasswordBody, device: DeviceInfo) => setupPassword(deps, auth, body, device),
    /** Admin: ends every session of a user and closes its live connections at once. */
    endAllSessions: sessions.endAll,
    startLandingSession: sessions.startUnclaimed,
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
