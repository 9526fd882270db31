import { z } from 'zod';
import { idParamsSchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import {
  cannedReplyBodySchema,
  cannedReplyListSchema,
  cannedReplySchema,
  conversationStateSchema,
  inboxQuerySchema,
  inboxSchema,
  operatorListSchema,
  operatorSchema,
  setAvailabilityBodySchema,
  supportEventListSchema,
  supportPaths,
  supportStatusSchema,
  transferBodySchema,
} from '../support.ts';

/** Admins pass every role check: they supervise the inbox and may take part in it. */
const staff = { access: ['operator'] } as const;
/** A change of a patient's support conversation, answering its state. */
const stateChange = { ...staff, params: idParamsSchema, responses: { 200: conversationStateSchema } } as const;

/** It shows each conversation's last message: encrypted like the messages (docs/response-encryption.md). */
export const inbox = endpoint({
  method: 'GET',
  path: supportPaths.inbox,
  ...staff,
  encryptResponse: true,
  summary: "The operators' inbox: each conversation with its last message",
  query: inboxQuerySchema,
  responses: { 200: inboxSchema },
});

export const claim = endpoint({
  method: 'POST',
  path: supportPaths.claim,
  ...stateChange,
  summary: "Take an unheld conversation (the holder's own claim changes nothing)",
  errors: ['CONVERSATION_HELD'],
});

export const transfer = endpoint({
  method: 'POST',
  path: supportPaths.transfer,
  ...stateChange,
  summary: 'Hand the conversation to another active operator or admin',
  body: transferBodySchema,
  errors: ['CONVERSATION_HELD'],
});

export const close = endpoint({
  method: 'POST',
  path: supportPaths.close,
  ...stateChange,
  errors: ['CONVERSATION_HELD'],
});

export const reopen = endpoint({
  method: 'POST',
  path: supportPaths.reopen,
  ...stateChange,
});

export const events = endpoint({
  method: 'GET',
  path: supportPaths.events,
  ...staff,
  summary: "What happened to the patient's support conversation besides messages, oldest first",
  params: idParamsSchema,
  responses: { 200: supportEventListSchema },
});

export const operators = endpoint({
  method: 'GET',
  path: supportPaths.operators,
  ...staff,
  summary: "Everyone who answers chats, admins too, with their availability (the transfer's choices)",
  responses: { 200: operatorListSchema },
});

export const setAvailability = endpoint({
  method: 'PUT',
  path: supportPaths.availability,
  ...staff,
  summary: "Set the caller's own availability",
  body: setAvailabilityBodySchema,
  responses: { 200: operatorSchema },
});

export const status = endpoint({
  method: 'GET',
  path: supportPaths.status,
  access: ['patient'],
  summary: 'What a patient sees of the support team: whether someone is there, who holds its conversation',
  responses: { 200: supportStatusSchema },
});

export const cannedReplies = endpoint({
  method: 'GET',
  path: supportPaths.cannedReplies,
  ...staff,
  summary: "The caller's own canned replies",
  responses: { 200: cannedReplyListSchema },
});

export const createCannedReply = endpoint({
  method: 'POST',
  path: supportPaths.cannedReplies,
  ...staff,
  body: cannedReplyBodySchema,
  responses: { 201: cannedReplySchema },
  errors: ['CANNED_REPLY_LIMIT_REACHED'],
});

export const updateCannedReply = endpoint({
  method: 'PUT',
  path: supportPaths.cannedReply,
  ...staff,
  params: idParamsSchema,
  body: cannedReplyBodySchema,
  responses: { 200: cannedReplySchema },
});

export const removeCannedReply = endpoint({
  method: 'DELETE',
  path: supportPaths.cannedReply,
  ...staff,
  params: idParamsSchema,
  responses: { 204: z.null() },
});
