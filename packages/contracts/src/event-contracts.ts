import { z } from 'zod';
import { appointmentSchema } from './appointments.ts';
import { NOTIFICATION_CREATED_EVENT, realtimeEvents, SESSION_REVOKED_EVENT } from './events.ts';
import {
  meetingClosedEventSchema,
  meetingEndedEventSchema,
  meetingEvents,
  meetingJoinAckSchema,
  meetingJoinSchema,
  meetingLeaveSchema,
  meetingPeerEventSchema,
  meetingSignalSchema,
  meetingStateSchema,
  meetingWaitingEventSchema,
  relayedSignalSchema,
} from './meetings.ts';
import { messageSchema, messagesReadEventSchema } from './messages.ts';
import { notificationSchema } from './notifications.ts';
import { conversationStateSchema, messagesDeliveredEventSchema, operatorSchema, typingEventSchema, typingSchema } from './support.ts';

/**
 * Every realtime event with the schema of its payload, one map per direction. The API sends only what
 * `serverEventSchemas` declares (its tests check each payload) and parses what it receives with `clientEventSchemas`;
 * the web's handlers and emits are typed by them. `chat-typing` and `meeting-signal` go both ways, each way its own shape.
 */
export const serverEventSchemas = {
  [realtimeEvents.chatMessageCreated]: messageSchema,
  [realtimeEvents.chatMessageRead]: messagesReadEventSchema,
  [realtimeEvents.chatMessageDelivered]: messagesDeliveredEventSchema,
  [realtimeEvents.chatTyping]: typingEventSchema,
  [realtimeEvents.chatConversationUpdated]: conversationStateSchema,
  [realtimeEvents.operatorAvailabilityChanged]: operatorSchema,
  [realtimeEvents.appointmentCreated]: appointmentSchema,
  [realtimeEvents.appointmentCancelled]: appointmentSchema,
  [realtimeEvents.appointmentModified]: appointmentSchema,
  [SESSION_REVOKED_EVENT]: z.object({}),
  [NOTIFICATION_CREATED_EVENT]: notificationSchema,
  [meetingEvents.peer]: meetingPeerEventSchema,
  [meetingEvents.signal]: relayedSignalSchema,
  [meetingEvents.ended]: meetingEndedEventSchema,
  [meetingEvents.closed]: meetingClosedEventSchema,
  [meetingEvents.waiting]: meetingWaitingEventSchema,
} as const satisfies Record<string, z.ZodType>;

export const clientEventSchemas = {
  [realtimeEvents.chatTyping]: typingSchema,
  [meetingEvents.join]: meetingJoinSchema,
  [meetingEvents.leave]: meetingLeaveSchema,
  [meetingEvents.signal]: meetingSignalSchema,
  [meetingEvents.state]: meetingStateSchema,
} as const satisfies Record<string, z.ZodType>;

export type ServerEventName = keyof typeof serverEventSchemas;
export type ServerEventPayload<N extends ServerEventName> = z.infer<(typeof serverEventSchemas)[N]>;
export type ClientEventName = keyof typeof clientEventSchemas;
export type ClientEventPayload<N extends ClientEventName> = z.infer<(typeof clientEventSchemas)[N]>;

/** The server's answer to the client events that ask for an acknowledgement: whether a typing was relayed, the join's outcome. */
export const clientEventAckSchemas = {
  [realtimeEvents.chatTyping]: z.boolean(),
  [meetingEvents.join]: meetingJoinAckSchema,
} as const satisfies { [N in ClientEventName]?: z.ZodType };

export type AckedClientEventName = keyof typeof clientEventAckSchemas;
export type ClientEventAck<N extends AckedClientEventName> = z.infer<(typeof clientEventAckSchemas)[N]>;

/** The client's answer to the server events sent with an acknowledgement: a recipient has the new message (no payload). */
export const serverEventAckSchemas = {
  [realtimeEvents.chatMessageCreated]: z.undefined(),
} as const satisfies { [N in ServerEventName]?: z.ZodType };

export type AckedServerEventName = keyof typeof serverEventAckSchemas;

// Read through this, a schema's type follows the event name (a generic key into the map above loses it).
const clientSchemaOf: { [N in ClientEventName]: z.ZodType<ClientEventPayload<N>> } = clientEventSchemas;

/** The payload when it has the event's shape, else undefined. */
export function parseClientEvent<N extends ClientEventName>(event: N, payload: unknown): ClientEventPayload<N> | undefined {
  const parsed = clientSchemaOf[event].safeParse(payload);
  return parsed.success ? parsed.data : undefined;
}
