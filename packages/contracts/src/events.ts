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

/** Broadcast rooms for all patients, all operators and all doctors. */
export const groupChannels = {
  patients: 'group:patients',
  operators: 'group:operators',
  doctors: 'group:doctors',
} as const;

export const userRoom = (userId: string) => `user:${userId}`;
