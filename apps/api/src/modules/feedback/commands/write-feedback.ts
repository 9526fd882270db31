import type { AppointmentStatus, CreateFeedbackBody, Feedback } from '@rozmova/contracts';
import type { Db } from '../../../db/client.ts';
import type { AccountRow } from '../../../db/rows.ts';
import { AppError, forbidden, notFound } from '../../../lib/app-error.ts';
import type { AccountsService } from '../../accounts/accounts.service.ts';
import { toFeedback } from '../feedback.mapping.ts';
import { findFeedbackOfUser, insertFeedback, lockFeedbackOfUser, updateFeedback } from '../feedback.repository.ts';

/** The appointments module's answer: the patient's own appointment (its doctor and status), or undefined. */
export interface Consultations {
  consultationOfPatient(patientId: string, appointmentId: string): Promise<{ doctorId: string; status: AppointmentStatus } | undefined>;
}

export interface FeedbackDeps {
  db: Db;
  accounts: AccountsService;
  appointments: Consultations;
  clinicName: string;
}

/** A doctor review is of the author's completed consultation; a `doctor_id` sent must be its doctor. */
async function reviewedConsultation(deps: FeedbackDeps, author: AccountRow, body: CreateFeedbackBody) {
  if (!author.patientId) throw forbidden('Only the patient of a consultation reviews its doctor');
  const appointmentId = body.appointment_id!;
  const consultation = await deps.appointments.consultationOfPatient(author.patientId, appointmentId);
  if (!consultation) throw notFound('Appointment');
  if (consultation.status !== 'completed') throw forbidden('A consultation is reviewed once it is completed');
  if (body.doctor_id !== undefined && body.doctor_id !== consultation.doctorId) {
    throw new AppError('VALIDATION_FAILED', 'Validation failed', [
      { path: 'body.doctor_id', code: 'INVALID_VALUE', message: 'Not the doctor of this consultation' },
    ]);
  }
  return { appointmentId, doctorId: consultation.doctorId };
}

/** Writes on behalf of `author`; quiz feedback is one per user, doctor feedback one per consultation. */
export async function writeFeedback(
  deps: FeedbackDeps,
  author: AccountRow,
  body: CreateFeedbackBody,
  mode: 'create' | 'upsert',
): Promise<{ feedback: Feedback; created: boolean }> {
  const review = body.type === 'doctor' ? await reviewedConsultation(deps, author, body) : undefined;
  return deps.db.transaction(async (tx) => {
    await lockFeedbackOfUser(tx, author.user.id);
    const existing = await findFeedbackOfUser(tx, author.user.id, body.type, review?.appointmentId);
    if (existing && mode === 'upsert') {
      const updated = await updateFeedback(tx, existing.id, {
        rating: body.feedback_rating,
        comment: body.feedback_comment,
        userName: author.user.userName,
        isAnonymous: body.is_anonymous,
        // A changed review goes back to moderation.
        isPublished: false,
      });
      return { feedback: toFeedback(updated!), created: false };
    }
    if (existing) throw new AppError('FEEDBACK_EXISTS', 'You have already left this feedback; change it instead');
    const row = await insertFeedback(tx, {
      type: body.type,
      userId: author.user.id,
      patientId: author.patientId,
      doctorId: review?.doctorId ?? null,
      appointmentId: review?.appointmentId ?? null,
      isAnonymous: body.is_anonymous ?? false,
      rating: body.feedback_rating,
      comment: body.feedback_comment,
      userName: author.user.userName,
      clinicName: deps.clinicName,
    });
    return { feedback: toFeedback(row), created: true };
  });
}
