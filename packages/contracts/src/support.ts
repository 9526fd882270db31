import { z } from 'zod';
import { idSchema, multiLineTextSchema, oneLineTextSchema } from './common.ts';
import { MESSAGE_TEXT_MAX, messageRecipientTypes } from './constants.ts';
import { chatPatientStatusSchema } from './patients.ts';

/**
 * The support chat around the messages of messages.ts: the operators' inbox, who holds a conversation, its status,
 * the operators' availability, canned replies, typing and delivery (docs/product.md §3, §7; docs/product.md §4 "Support conversation").
 */

/** Support chat (docs/product.md §3, docs/product.md §4 "Support conversation"). An operator's availability, set by the operator. */
export const operatorAvailabilities = ['online', 'busy', 'offline'] as const;
export type OperatorAvailability = (typeof operatorAvailabilities)[number];
/** An operator whose last connection ended this long ago is shown offline. */
export const OPERATOR_OFFLINE_AFTER_MS = 30_000;
/** A client sends `chat-typing` at most this often while typing; the indicator goes this long after the last one. */
export const TYPING_EVERY_MS = 3_000;
export const TYPING_EXPIRES_MS = 6_000;
/** What happened to a support conversation besides messages. */
export const supportEventKinds = ['claimed', 'transferred', 'closed', 'reopened'] as const;
export type SupportEventKind = (typeof supportEventKinds)[number];
export const TRANSFER_NOTE_MAX = 1000;
export const CANNED_REPLY_TITLE_MAX = 80;
export const CANNED_REPLIES_PER_OPERATOR = 100;
/** A message unread this long by a recipient with no open connection sends one push, or one e-mail. */
export const AWAY_DELIVERY_AFTER_MS = 10 * 60_000;

/** The support chat: the operators' inbox and work on a patient's conversation (docs/product.md §7 keeps it under patients). */
export const supportPaths = {
  inbox: '/v1/support/inbox',
  claim: '/v1/patients/:id/claim',
  transfer: '/v1/patients/:id/transfer',
  close: '/v1/patients/:id/close',
  reopen: '/v1/patients/:id/reopen',
  events: '/v1/patients/:id/support-events',
  operators: '/v1/support/operators',
  availability: '/v1/support/availability',
  status: '/v1/support/status',
  cannedReplies: '/v1/support/canned-replies',
  cannedReply: '/v1/support/canned-replies/:id',
} as const;

export const operatorAvailabilitySchema = z.enum(operatorAvailabilities);

/** Inbox filters: whose (`mine`, `unassigned`, `all`) × status; newest activity first. */
export const inboxQuerySchema = z.strictObject({
  holder: z.enum(['mine', 'unassigned', 'all']).default('all'),
  chat_patient_status: chatPatientStatusSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type InboxQuery = z.infer<typeof inboxQuerySchema>;

/** One patient's support conversation as the inbox lists it. */
export const inboxConversationSchema = z.object({
  patientId: z.string(),
  user_name: z.string(),
  chat_patient_status: chatPatientStatusSchema,
  interacting_with_operator: z.string().nullable(),
  operator_name: z.string().nullable(),
  last_message_text: z.string().nullable(),
  last_message_at: z.string().nullable(),
  last_message_sender: z.enum(['patient', 'operator']).nullable(),
  /** When the conversation's last message is the patient's: since when the patient waits (Awaiting Response). */
  awaiting_since: z.string().nullable(),
  /** Patient messages no operator has read yet. */
  unread_count: z.number().int(),
});
export type InboxConversation = z.infer<typeof inboxConversationSchema>;
export const inboxSchema = z.object({
  conversations: z.array(inboxConversationSchema),
  total: z.number().int(),
  /** Unread patient messages per filter the inbox shows as counts. */
  unread: z.object({ mine: z.number().int(), unassigned: z.number().int(), all: z.number().int() }),
});
export type Inbox = z.infer<typeof inboxSchema>;

export const transferBodySchema = z.strictObject({
  operatorId: idSchema,
  note: multiLineTextSchema(TRANSFER_NOTE_MAX).optional(),
});
export type TransferBody = z.infer<typeof transferBodySchema>;

/** What happened to a conversation besides messages (claim, transfer with its note, close, reopen). */
export const supportEventSchema = z.object({
  id: z.string(),
  patientId: z.string(),
  kind: z.enum(supportEventKinds),
  actorId: z.string(),
  actor_name: z.string(),
  toOperatorId: z.string().nullable(),
  to_operator_name: z.string().nullable(),
  note: z.string().nullable(),
  created_at: z.string(),
});
export type SupportEvent = z.infer<typeof supportEventSchema>;
export const supportEventListSchema = z.object({ events: z.array(supportEventSchema) });

/** The conversation's state after a claim, transfer, close or reopen; also the `chat-conversation-updated` payload. */
export const conversationStateSchema = z.object({
  patientId: z.string(),
  chat_patient_status: chatPatientStatusSchema,
  interacting_with_operator: z.string().nullable(),
  operator_name: z.string().nullable(),
});
export type ConversationState = z.infer<typeof conversationStateSchema>;

export const operatorSchema = z.object({
  id: z.string(),
  user_name: z.string(),
  availability: operatorAvailabilitySchema,
});
export type Operator = z.infer<typeof operatorSchema>;
export const operatorListSchema = z.object({ operators: z.array(operatorSchema) });
export const setAvailabilityBodySchema = z.strictObject({ availability: operatorAvailabilitySchema });

/** What a patient sees of the support team: whether someone is there, who holds its conversation. */
export const supportStatusSchema = z.object({
  /** Online if any operator is online, else busy if any is busy, else offline. */
  availability: operatorAvailabilitySchema,
  operator: z.object({ id: z.string(), user_name: z.string(), availability: operatorAvailabilitySchema }).nullable(),
  chat_patient_status: chatPatientStatusSchema,
});
export type SupportStatus = z.infer<typeof supportStatusSchema>;

export const cannedReplyBodySchema = z.strictObject({
  title: oneLineTextSchema(CANNED_REPLY_TITLE_MAX).min(1),
  text: multiLineTextSchema(MESSAGE_TEXT_MAX).pipe(z.string().min(1)),
});
export type CannedReplyBody = z.infer<typeof cannedReplyBodySchema>;
export const cannedReplySchema = z.object({ id: z.string(), title: z.string(), text: z.string(), updated_at: z.string() });
export type CannedReply = z.infer<typeof cannedReplySchema>;
export const cannedReplyListSchema = z.object({ replies: z.array(cannedReplySchema) });

/** `chat-typing` from a client: a patient names the recipient type, staff the patient too. */
export const typingSchema = z.strictObject({
  patientId: idSchema.optional(),
  recipientType: z.enum(messageRecipientTypes),
  appointmentId: idSchema.optional(),
});
export type Typing = z.infer<typeof typingSchema>;
/** `chat-typing` as the other side receives it. */
export const typingEventSchema = z.object({
  patientId: z.string(),
  appointmentId: z.string().nullable(),
  senderType: z.enum(['patient', 'operator', 'doctor']),
  userId: z.string(),
  user_name: z.string(),
});
export type TypingEvent = z.infer<typeof typingEventSchema>;

/** `chat-message-delivered` to the sender: its messages a recipient's client acknowledged. */
export const messagesDeliveredEventSchema = z.object({
  patientId: z.string(),
  appointmentId: z.string().nullable(),
  ids: z.array(z.string()),
});
export type MessagesDeliveredEvent = z.infer<typeof messagesDeliveredEventSchema>;
