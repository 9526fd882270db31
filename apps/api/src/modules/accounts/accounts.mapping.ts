import type { AdminUser, PatientCard, User } from '@rozmova/contracts';
import type { AccountRow, UserRow } from '../../db/rows.ts';

/** What the profile says of a patient beyond its ids (docs/product.md §3): its card and its current appointment. */
export interface PatientProfile {
  patientCard: PatientCard;
  patient_appointmentId: string | null;
}

/** The profile; `pushToken` is the device the user saved last (the push module answers it), null without one. */
export function toUser({ user, patientId, cardId }: AccountRow, patient: PatientProfile | undefined, pushToken: string | null): User {
  return {
    id: user.id,
    email: user.email,
    user_name: user.userName,
    user_role: user.role,
    phone: user.phone,
    locale: user.locale,
    has_password: user.passwordHash !== null,
    email_verified: user.emailVerifiedAt !== null,
    notification_settings: user.notificationSettings,
    user_push_token: pushToken,
    role_specific_data: patientId && cardId && patient ? { patient: { patientId, patient_cardId: cardId, ...patient } } : {},
    created_at: user.createdAt.toISOString(),
  };
}

export function toAdminUser(user: UserRow): AdminUser {
  return {
    id: user.id,
    email: user.email,
    user_name: user.userName,
    user_role: user.role,
    is_active: user.isActive,
    email_verified: user.emailVerifiedAt !== null,
    created_at: user.createdAt.toISOString(),
  };
}
