import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createSupportRequestBodySchema,
  idParamsSchema,
  SUPPORT_ATTACHMENT_MAX_BYTES,
  staffSupportRequestListSchema,
  staffSupportRequestSchema,
  supportDeskPaths,
  supportRequestFollowUpBodySchema,
  supportRequestListSchema,
  supportRequestQueueQuerySchema,
  supportRequestReplyBodySchema,
  supportRequestSchema,
  supportRequestTokenQuerySchema,
} from '@rozmova/contracts';
import { authOf } from '../../http/access.ts';
import { FILE_FIELD, storingUpload } from '../../http/uploaded-file.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Attachment, SupportDeskService } from './support-desk.service.ts';

const staff = { access: ['operator'] } as const;
const byId = { params: idParamsSchema };

/**
 * A multipart request becomes a plain body (its text fields) before validation, its `file` stored on the way; so a
 * form with an attachment and a JSON body meet the same schema. The file is removed again when the answer is an error.
 */
async function readMultipart(request: FastifyRequest, desk: SupportDeskService, attachments: WeakMap<FastifyRequest, Attachment>) {
  if (!request.isMultipart()) return;
  const body: Record<string, unknown> = {};
  try {
    const parts = request.parts({
      limits: { fileSize: SUPPORT_ATTACHMENT_MAX_BYTES + 1, files: 1, fields: 10, fieldSize: 20_000, parts: 12 },
    });
    for await (const part of parts) {
      if (part.type === 'field') body[part.fieldname] = part.value;
      else if (part.fieldname === FILE_FIELD) attachments.set(request, await storingUpload(() => desk.storeAttachment(part.file)));
      else part.file.resume();
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('VALIDATION_FAILED', 'The multipart body is not valid');
  }
  request.body = body;
}

export async function registerSupportDeskRoutes(app: FastifyInstance, deps: { desk: SupportDeskService }): Promise<void> {
  const { desk } = deps;
  // Multipart parsing only in this scope, for the form with its attachment.
  await app.register(async (scope) => {
    await scope.register(multipart);
    const attachments = new WeakMap<FastifyRequest, Attachment>();
    scope.addHook('onResponse', async (request, reply) => {
      const attachment = attachments.get(request);
      if (attachment && reply.statusCode >= 400) await desk.discardAttachment(attachment);
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      supportDeskPaths.requests,
      {
        config: { access: 'optional' },
        preValidation: async (request) => readMultipart(request, desk, attachments),
        schema: { body: createSupportRequestBodySchema, response: { 201: supportRequestSchema } },
      },
      async (request, reply) => {
        const actor = request.auth?.account;
        const created = await desk.create(actor, request.body, request.ip, attachments.get(request));
        return reply.status(201).send(created);
      },
    );
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    supportDeskPaths.my,
    { config: { access: ['patient'] }, schema: { response: { 200: supportRequestListSchema } } },
    async (request) => ({
      requests: await desk.listMine(authOf(request).account),
    }),
  );
  r.get(
    supportDeskPaths.request,
    {
      config: { access: 'optional' },
      schema: {
        ...byId,
        querystring: supportRequestTokenQuerySchema,
        response: { 200: z.union([staffSupportRequestSchema, supportRequestSchema]) },
      },
    },
    async (request) => desk.get(request.auth?.account, request.params.id, request.query.token),
  );
  r.post(
    supportDeskPaths.followUps,
    {
      config: { access: 'optional' },
      schema: {
        ...byId,
        querystring: supportRequestTokenQuerySchema,
        body: supportRequestFollowUpBodySchema,
        response: { 200: supportRequestSchema },
      },
    },
    async (request) => desk.followUp(request.auth?.account, request.params.id, request.query.token, request.body.text),
  );
  r.get(
    supportDeskPaths.requests,
    { config: staff, schema: { querystring: supportRequestQueueQuerySchema, response: { 200: staffSupportRequestListSchema } } },
    async (request) => ({
      requests: await desk.queue(authOf(request).account, { status: request.query.status, mine: request.query.mine === 'true' }),
    }),
  );
  r.post(supportDeskPaths.take, { config: staff, schema: { ...byId, response: { 200: staffSupportRequestSchema } } }, async (request) =>
    desk.take(authOf(request).account, request.params.id),
  );
  r.post(
    supportDeskPaths.replies,
    { config: staff, schema: { ...byId, body: supportRequestReplyBodySchema, response: { 200: staffSupportRequestSchema } } },
    async (request) => desk.reply(authOf(request).account, request.params.id, request.body),
  );
  r.post(supportDeskPaths.close, { config: staff, schema: { ...byId, response: { 200: staffSupportRequestSchema } } }, async (request) =>
    desk.close(authOf(request).account, request.params.id),
  );
  r.get(supportDeskPaths.attachment, { config: staff, schema: byId }, async (request, reply) => {
    const file = await desk.attachment(authOf(request).account, request.params.id);
    return reply
      .header('content-type', file.contentType)
      .header('content-length', file.size)
      .header('content-disposition', 'attachment')
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(file.stream);
  });
}
