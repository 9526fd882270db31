import { z } from 'zod';
import { idParamsSchema } from '../common.ts';
import { endpoint, UPLOAD_FIELD } from '../endpoint.ts';
import { supportDeskPaths } from '../paths.ts';
import {
  createSupportRequestBodySchema,
  SUPPORT_ATTACHMENT_MAX_BYTES,
  staffSupportRequestListSchema,
  staffSupportRequestSchema,
  supportRequestFollowUpBodySchema,
  supportRequestListSchema,
  supportRequestQueueQuerySchema,
  supportRequestReplyBodySchema,
  supportRequestSchema,
  supportRequestTokenQuerySchema,
} from '../support-desk.ts';

/** Operators work the queue; admins pass every role check. */
const staff = { access: ['operator'] } as const;

/**
 * A request from the desk form: a signed-in patient's, or a visitor's with an e-mail (sent a private link). JSON, or
 * multipart/form-data with the same fields and an optional attachment.
 */
export const create = endpoint({
  method: 'POST',
  path: supportDeskPaths.requests,
  access: 'optional',
  summary: 'Send a request from the support desk form, with an optional attachment',
  body: createSupportRequestBodySchema,
  upload: { field: UPLOAD_FIELD, maxBytes: SUPPORT_ATTACHMENT_MAX_BYTES },
  responses: { 201: supportRequestSchema },
});

export const listMine = endpoint({
  method: 'GET',
  path: supportDeskPaths.my,
  access: ['patient'],
  summary: "The patient's own requests",
  responses: { 200: supportRequestListSchema },
});

export const get = endpoint({
  method: 'GET',
  path: supportDeskPaths.request,
  access: 'optional',
  summary: "One request: for its owner, a visitor with its link's token, or staff (who see more)",
  params: idParamsSchema,
  query: supportRequestTokenQuerySchema,
  responses: { 200: z.union([staffSupportRequestSchema, supportRequestSchema]) },
});

export const followUp = endpoint({
  method: 'POST',
  path: supportDeskPaths.followUps,
  access: 'optional',
  summary: 'The requester writes again on its request (a visitor with its token); a closed request opens again',
  params: idParamsSchema,
  query: supportRequestTokenQuerySchema,
  body: supportRequestFollowUpBodySchema,
  responses: { 200: supportRequestSchema },
});

export const queue = endpoint({
  method: 'GET',
  path: supportDeskPaths.requests,
  ...staff,
  summary: "The operators' queue of requests",
  query: supportRequestQueueQuerySchema,
  responses: { 200: staffSupportRequestListSchema },
});

export const take = endpoint({
  method: 'POST',
  path: supportDeskPaths.take,
  ...staff,
  summary: 'Take an open request (its holder taking it again changes nothing)',
  params: idParamsSchema,
  responses: { 200: staffSupportRequestSchema },
  errors: ['SUPPORT_REQUEST_TAKEN'],
});

export const reply = endpoint({
  method: 'POST',
  path: supportDeskPaths.replies,
  ...staff,
  summary: "Answer by e-mail or in a patient's support chat; an open request is taken by the one who answers",
  params: idParamsSchema,
  body: supportRequestReplyBodySchema,
  responses: { 200: staffSupportRequestSchema },
  errors: ['SUPPORT_REQUEST_TAKEN'],
});

export const close = endpoint({
  method: 'POST',
  path: supportDeskPaths.close,
  ...staff,
  params: idParamsSchema,
  responses: { 200: staffSupportRequestSchema },
});

export const attachment = endpoint({
  method: 'GET',
  path: supportDeskPaths.attachment,
  ...staff,
  summary: "The request's attachment (PDF, JPEG, PNG or HEIC)",
  params: idParamsSchema,
  responses: { 200: { file: 'application/octet-stream' } },
});
