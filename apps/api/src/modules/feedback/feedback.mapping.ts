import type { Feedback, FeedbackView, PublicFeedback } from '@rozmova/contracts';
import type { AccountRow } from '../../db/rows.ts';
import type { FeedbackRow } from './feedback.repository.ts';

/** Published feedback as everyone reads it: the first name (none when anonymous), no author ids. */
export function toPublicFeedback(row: FeedbackRow): PublicFeedback {
  return {
    id: row.id,
    type: row.type,
    feedback_rating: row.rating,
    feedback_user_name: row.isAnonymous ? null : (row.userName.trim().split(/\s+/)[0] ?? ''),
    feedback_type: row.type,
    feedback_clinic_name: row.clinicName,
    feedback_comment: row.comment,
    doctor_id: row.doctorId,
    is_anonymous: row.isAnonymous,
    is_published: row.isPublished,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Everything: for the author and admins. */
export function toFeedback(row: FeedbackRow): Feedback {
  const { userName, patientId, appointmentId } = row;
  return { ...toPublicFeedback(row), feedback_user_name: userName, patient_id: patientId, appointment_id: appointmentId };
}

export const isAdmin = (actor: AccountRow | undefined) => actor?.user.role === 'admin';
export const isAuthor = (actor: AccountRow | undefined, row: FeedbackRow) => actor !== undefined && row.userId === actor.user.id;
export const viewFor = (actor: AccountRow | undefined, row: FeedbackRow): FeedbackView =>
  isAdmin(actor) || isAuthor(actor, row) ? toFeedback(row) : toPublicFeedback(row);
