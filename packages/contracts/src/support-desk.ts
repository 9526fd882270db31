import { z } from 'zod';
import { emailSchema, localeSchema, multiLineTextSchema } from './common.ts';
import { supportReplyChannels, supportRequestSources, supportRequestStatuses, supportRequestTopics } from './constants.ts';

export const SUPPORT_REQUEST_TEXT_MAX = 5000;
/** An attachment is checked like a document (type from its content) but kept smaller. */
export const SUPPORT_ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;

/** A request from the support desk form; a visitor gives an e-mail, a signed-in patient's own is used. */
export const createSupportRequestBodySchema = z.strictObject({
  topic: z.enum(supportRequestTopics),
  message: multiLineTextSchema(SUPPORT_REQUEST_TEXT_MAX).min(1),
  email: emailSchema.optional(),
  locale: localeSchema.optional(),
});
export type CreateSupportRequestBody = z.infer<typeof createSupportRequestBodySchema>;

export const supportRequestReplySchema = z.object({
  id: z.string(),
  channel: z.enum(supportReplyChannels),
  text: z.string(),
  /** The operator who answered; null for the requester's own messages. */
  authorName: z.string().nullable(),
  /** Written by the one who asked, on the request's page. */
  fromRequester: z.boolean(),
  createdAt: z.string(),
});

export const supportRequestSchema = z.object({
  id: z.string(),
  source: z.enum(supportRequestSources),
  topic: z.enum(supportRequestTopics),
  status: z.enum(supportRequestStatuses),
  message: z.string(),
  locale: localeSchema,
  hasAttachment: z.boolean(),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
  replies: z.array(supportRequestReplySchema),
});
export type SupportRequest = z.infer<typeof supportRequestSchema>;

/** What operators see besides: who asked, the call's technical details, who took it. */
export const staffSupportRequestSchema = supportRequestSchema.extend({
  email: z.string(),
  userId: z.string().nullable(),
  patientId: z.string().nullable(),
  requesterName: z.string().nullable(),
  appointmentId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  attachmentContentType: z.string().nullable(),
  attachmentSize: z.number().nullable(),
  operatorId: z.string().nullable(),
  operatorName: z.string().nullable(),
});
export type StaffSupportRequest = z.infer<typeof staffSupportRequestSchema>;

export const supportRequestListSchema = z.object({ requests: z.array(supportRequestSchema) });
export const staffSupportRequestListSchema = z.object({ requests: z.array(staffSupportRequestSchema) });

export const supportRequestQueueQuerySchema = z.strictObject({
  status: z.enum(supportRequestStatuses).optional(),
  mine: z.enum(['true', 'false']).optional(),
});
export const supportRequestTokenQuerySchema = z.strictObject({ token: z.string().max(200).optional() });

export const supportRequestReplyBodySchema = z.strictObject({
  channel: z.enum(supportReplyChannels),
  text: multiLineTextSchema(SUPPORT_REQUEST_TEXT_MAX).min(1),
});
export type SupportRequestReplyBody = z.infer<typeof supportRequestReplyBodySchema>;

/** The requester writes again on the request's page (a visitor with its link's token). */
export const supportRequestFollowUpBodySchema = z.strictObject({ text: multiLineTextSchema(SUPPORT_REQUEST_TEXT_MAX).min(1) });
export type SupportRequestFollowUpBody = z.infer<typeof supportRequestFollowUpBodySchema>;
