/** Realtime event names, exactly as SPEC.md §3. */
export const realtimeEvents = {
  chatMessageCreated: 'chat-message-created',
  chatMessageRead: 'chat-message-read',
  appointmentCreated: 'appointment-created',
  appointmentCancelled: 'appointment-cancelled',
  appointmentModified: 'appointment-modified',
} as const;

/** Sent to every socket of a user whose sessions were ended (logout, deactivation, password change). */
export const SESSION_REVOKED_EVENT = 'session-revoked';

/** Sent to the user's sockets with the new notification (the Notification of notifications.ts) when one is added. */
export const NOTIFICATION_CREATED_EVENT = 'notification-created';

/** Broadcast rooms for all patients, all operators and all doctors. */
export const groupChannels = {
  patients: 'group:patients',
  operators: 'group:operators',
  doctors: 'group:doctors',
} as const;

export const userRoom = (userId: string) => `user:${userId}`;
