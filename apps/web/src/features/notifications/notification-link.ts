import type { Notification, Role } from '@rozmova/contracts';
import { appPaths } from '../../lib/paths.ts';

/**
 * Where a notification leads: a patient's consultation notices to its consultation page (a cancelled one to the list of
 * consultations), a doctor's to its console; notes without a consultation lead nowhere.
 */
export function notificationLink(notification: Pick<Notification, 'notification_kind' | 'appointment_id'>, role: Role): string | undefined {
  if (!notification.appointment_id) return undefined;
  if (role === 'patient') {
    return notification.notification_kind === 'appointment-cancelled' ? appPaths.cabinet('consultations') : appPaths.bookingStep(5);
  }
  if (role === 'doctor') return appPaths.doctor;
  if (role === 'operator' || role === 'admin') return appPaths.operator();
  return undefined;
}
