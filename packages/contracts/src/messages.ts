import { z } from 'zod';
import { idSchema, multiLineTextSchema } from './common.ts';
import {
  MESSAGE_TEXT_MAX,
  MESSAGES_PAGE_DEFAULT,
  MESSAGES_PAGE_MAX,
  messageRecipientTypes,
  messageSenderTypes,
  messageStatuses,
} from './constants.ts';

/**
 * Messages (docs/product.md §3, §7). A conversation is a patient's with the service's operators (`operator`) or with one
 * doctor; a doctor's messages carry the consultation they belong to (`message_appointmentId`), so the room shows the
 * conversation of its consultation again after a rejoin. `client_message_id`, made by the client, makes a resend
 * return the first message.
 */
export const messageRecipientTypeSchema = z.enum(messageRecipientTypes);

export const createMessageBodySchema = z.strictObject({
  message_text: multiLineTextSchema(MESSAGE_TEXT_MAX).pipe(z.string().min(1)),
  message_recipientType: messageRecipientTypeSchema,
  /** Staff name the patient they write to; a patient leaves it out. */
  message_patientId: idSchema.optional(),
  /** The consultation a patient ↔ doctor message belongs to; by default the patient's current one with that doctor. */
  message_appointmentId: idSchema.optional(),
  client_message_id: z.uuid(),
  /** One of the patient's own documents (user references) the message carries. */
  message_documentId: idSchema.optional(),
});
export type CreateMessageBody = z.infer<typeof createMessageBodySchema>;

export const messageSchema = z.object({
  id: z.string(),
  message_patientId: z.string(),
  message_operatorId: z.string().nullable(),
  message_doctorId: z.string().nullable(),
  message_appointmentId: z.string().nullable(),
  message_recipientType: messageRecipientTypeSchema,
  message_senderType: z.enum(messageSenderTypes),
  message_status: z.enum(messageStatuses),
  message_text: z.string(),
  message_documentId: z.string().nullable(),
  /** The carried document's shown name, when there is one and it was not deleted. */
  message_documentName: z.string().nullable(),
  /** The writer's name as the reader sees it (an operator's or doctor's name; the patient's for staff). */
  message_senderName: z.string().nullable(),
  client_message_id: z.string(),
  /**
   * The message's number in its conversation (the support conversation, or one consultation): 1, 2, 3… in the order
   * messages were stored, so a client holding 1…n and receiving n + 2 knows n + 1 exists and asks for it (`afterSeq`).
   */
  message_seq: z.number().int(),
  created_at: z.string(),
});
export type Message = z.infer<typeof messageSchema>;

/** The largest `message_seq` (a PostgreSQL integer). */
const MESSAGE_SEQ_MAX = 2 ** 31 - 1;

/**
 * Newest first; `lastMessageId` asks for the page older than that message (docs/product.md §9). `afterSeq` asks instead for the
 * messages numbered after it (`message_seq`), oldest first: a client catches up after the highest number up to which it
 * holds every message, on every (re)connect and when a number is skipped, and pages on with the last one it got.
 */
export const listMessagesQuerySchema = z.strictObject({
  patientId: idSchema.optional(),
  recipientType: messageRecipientTypeSchema.optional(),
  appointmentId: idSchema.optional(),
  limit: z.coerce.number().int().min(1).max(MESSAGES_PAGE_MAX).default(MESSAGES_PAGE_DEFAULT),
  lastMessageId: idSchema.optional(),
  afterSeq: z.coerce.number().int().min(0).max(MESSAGE_SEQ_MAX).optional(),
});
export type ListMessagesQuery = z.infer<typeof listMessagesQuerySchema>;
export const messageListSchema = z.object({ messages: z.array(messageSchema) });
export type MessageList = z.infer<typeof messageListSchema>;

/** Marks read what the caller received in one conversation: docs/product.md's `{ patientId, operatorId }`, or a consultation's. */
export const markMessagesReadBodySchema = z.strictObject({
  patientId: idSchema.optional(),
  operatorId: idSchema.optional(),
  appointmentId: idSchema.optional(),
});
export type MarkMessagesReadBody = z.infer<typeof markMessagesReadBodySchema>;
export const markMessagesReadResultSchema = z.object({ updated: z.number().int() });

/** The payload of `chat-message-read`: the conversation and its messages now read. */
export const messagesReadEventSchema = z.object({ patientId: z.string(), appointmentId: z.string().nullable(), ids: z.array(z.string()) });
export type MessagesReadEvent = z.infer<typeof messagesReadEventSchema>;
