import type { Patient, UpdatePatientBody } from '@rozmova/contracts';
import type { AuthContext } from '../../../http/auth-context.ts';
import { AppError, forbidden } from '../../../lib/app-error.ts';
import { toPatient } from '../patients.mapping.ts';
import { findPatientRecord } from '../patients.repository.ts';
import { isOwner, visibleRecord, type PatientsDeps } from './context.ts';

/**
 * The owner sets the push token. The chat fields change only through the support routes (claim, transfer, close,
 * reopen) and messages, which keep their rules: setting them here is 400.
 */
export async function updatePatient(ctx: PatientsDeps, auth: AuthContext, patientId: string, body: UpdatePatientBody): Promise<Patient> {
  const row = await visibleRecord(ctx, auth, patientId);
  const chatFields = (['chat_patient_status', 'interacting_with_operator'] as const).filter((key) => body[key] !== undefined);
  if (chatFields.length > 0) {
    throw new AppError(
      'VALIDATION_FAILED',
      'Validation failed',
      chatFields.map((key) => ({
        path: `body.${key}`,
        code: 'INVALID_VALUE' as const,
        message: 'Changed through POST /v1/patients/{id}/claim, transfer, close or reopen',
      })),
    );
  }
  if (!isOwner(auth, patientId)) throw forbidden('Only the patient sets its push token');
  if (body.user_push_token !== undefined) await ctx.savePushToken(row.user.id, body.user_push_token);
  return toPatient((await findPatientRecord(ctx.db, patientId))!);
}
