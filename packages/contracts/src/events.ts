/** Realtime event names, exactly as docs/product.md §3; their payloads' schemas, by direction, are in event-contracts.ts. */
export const realtimeEvents = {
  chatMessageCreated: 'chat-message-created',
  chatMessageRead: 'chat-message-read',
  /** To a message's sender: recipients' clients acknowledged `chat-message-created` (support.ts MessagesDeliveredEvent). */
  chatMessageDelivered: 'chat-message-delivered',
  /** Both ways: someone is typing (support.ts Typing from a client, TypingEvent to the other side). */
  chatTyping: 'chat-typing',
  /** To operators and the patient: a support conversation's holder or status changed (support.ts ConversationState). */
  chatConversationUpdated: 'chat-conversation-updated',
  /** To operators and patients: an operator's availability changed (support.ts Operator). */
  operatorAvailabilityChanged: 'operator-availability-changed',
  appointmentCreated: 'appointment-created',
  appointmentCancelled: 'appointment-cancelled',
  appointmentModified: 'appointment-modified',
} as const;

/** Sent to every socket of a user whose sessions were ended (logout, deactivation, password change). */
export const SESSION_REVOKED_EVENT = 'session-revoked';

/**
 * A connection refused because its session or its person already holds as many as the server allows (the message of
 * its `connect_error`, and `data.code`); the client tries again later.
 */
export const TOO_MANY_CONNECTIONS = 'TOO_MANY_CONNECTIONS';

/** Sent to the user's sockets with the new notification (the Notification of notifications.ts) when one is added. */
export const NOTIFICATION_CREATED_EVENT = 'notification-created';

/** Broadcast rooms for all patients, all operators and all doctors. */
export const groupChannels = {
  patients: 'group:patients',
  operators: 'group:operators',
  doctors: 'group:doctors',
} as const;

export const userRoom = (userId: string) => `user:${userId}`;
