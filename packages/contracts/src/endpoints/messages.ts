import { endpoint } from '../endpoint.ts';
import {
  createMessageBodySchema,
  listMessagesQuerySchema,
  markMessagesReadBodySchema,
  markMessagesReadResultSchema,
  messageListSchema,
  messageSchema,
} from '../messages.ts';
import { messagePaths } from '../paths.ts';

/** Admins pass every role check; accounts without a role (`none`) have no conversations. */
const chat = { access: ['patient', 'doctor', 'operator'] } as const;
/** Answers carrying messages are encrypted when the server has a response key (docs/response-encryption.md). */
const messagesOut = { ...chat, encryptResponse: true } as const;

export const send = endpoint({
  method: 'POST',
  path: messagePaths.messages,
  ...messagesOut,
  summary: 'Send a message (201), or answer the same message again for a resend of its client_message_id (200)',
  body: createMessageBodySchema,
  responses: { 200: messageSchema, 201: messageSchema },
  errors: ['APPOINTMENT_CLOSED', 'NO_CURRENT_APPOINTMENT'],
});

export const list = endpoint({
  method: 'GET',
  path: messagePaths.messages,
  ...messagesOut,
  summary: 'A page of a conversation: older than lastMessageId, newest first, or after afterSeq, oldest first',
  query: listMessagesQuerySchema,
  responses: { 200: messageListSchema },
});

export const markRead = endpoint({
  method: 'PATCH',
  path: messagePaths.markAsRead,
  ...chat,
  summary: 'Mark what the caller received in a conversation as read',
  body: markMessagesReadBodySchema,
  responses: { 200: markMessagesReadResultSchema },
});
