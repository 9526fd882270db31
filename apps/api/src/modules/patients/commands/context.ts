import type { Db } from '../../../db/client.ts';
import type { AuthContext } from '../../../http/auth-context.ts';
import { notFound } from '../../../lib/app-error.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { AccountsService } from '../../accounts/accounts.service.ts';
import type { AuditService } from '../../audit/audit.service.ts';
import type { QuizService } from '../../quiz/quiz.service.ts';
import { findCard, findPatientRecord, type PatientRecordRow } from '../patients.repository.ts';

/** Which patients are a doctor's own: a scheduled, running or completed consultation with it (the appointments' read model). */
export interface DoctorsPatients {
  isDoctorOfPatient(doctorId: string, patientId: string): Promise<boolean>;
  patientIdsOfDoctor(doctorId: string): Promise<string[]>;
}

/** What the patients service and its commands are given by buildApp. */
export interface PatientsDeps {
  db: Db;
  clock: Clock;
  audit: AuditService;
  quiz: QuizService;
  accounts: Pick<AccountsService, 'onAccountCreated' | 'onAccountRemoved'>;
  /** Saves `user_push_token` (a PushSubscription as JSON text; null: none) as the user's device (the push module). */
  savePushToken: (userId: string, token: string | null) => Promise<void>;
  doctorsPatients: DoctorsPatients;
}

type Visibility = Pick<PatientsDeps, 'db' | 'doctorsPatients'>;

export const isOwner = (auth: AuthContext, patientId: string) => auth.account.patientId === patientId;

async function maySee(ctx: Visibility, auth: AuthContext, patientId: string): Promise<boolean> {
  const { user, patientId: own } = auth.account;
  if (patientId === own || user.role === 'operator' || user.role === 'admin') return true;
  return user.role === 'doctor' && (await ctx.doctorsPatients.isDoctorOfPatient(user.id, patientId));
}

/** The patient record, if the caller may see it; to anyone else it does not exist (404). */
export async function visibleRecord(ctx: Visibility, auth: AuthContext, patientId: string): Promise<PatientRecordRow> {
  const row = await findPatientRecord(ctx.db, patientId);
  if (!row || !(await maySee(ctx, auth, row.patient.id))) throw notFound('Patient');
  return row;
}

/** The card, if the caller may see its patient; to anyone else it does not exist (404). */
export async function visibleCard(ctx: Visibility, auth: AuthContext, cardId: string) {
  const card = await findCard(ctx.db, cardId);
  if (!card || !(await maySee(ctx, auth, card.patientId))) throw notFound('Patient card');
  return card;
}
