import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { SUPPORT_ATTACHMENT_MAX_BYTES, supportDeskApi } from '@rozmova/contracts';
import { authOf } from '../../http/access.ts';
import { route } from '../../http/route.ts';
import { storingUpload } from '../../http/uploaded-file.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Attachment, SupportDeskService } from './support-desk.service.ts';

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
      else if (part.fieldname === supportDeskApi.create.upload.field)
        attachments.set(request, await storingUpload(() => desk.storeAttachment(part.file)));
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
    route(
      scope,
      supportDeskApi.create,
      async (request, reply) => {
        const actor = request.auth?.account;
        const created = await desk.create(actor, request.body, request.ip, attachments.get(request));
        return reply.status(201).send(created);
      },
      { preValidation: async (request) => readMultipart(request, desk, attachments) },
    );
  });

  route(app, supportDeskApi.listMine, async (request) => ({
    requests: await desk.listMine(authOf(request).account),
  }));
  route(app, supportDeskApi.get, async (request) => desk.get(request.auth?.account, request.params.id, request.query.token));
  route(app, supportDeskApi.followUp, async (request) =>
    desk.followUp(request.auth?.account, request.params.id, request.query.token, request.body.text),
  );
  route(app, supportDeskApi.queue, async (request) => ({
    requests: await desk.queue(authOf(request).account, { status: request.query.status, mine: request.query.mine === 'true' }),
  }));
  route(app, supportDeskApi.take, async (request) => desk.take(authOf(request).account, request.params.id));
  route(app, supportDeskApi.reply, async (request) => desk.reply(authOf(request).account, request.params.id, request.body));
  route(app, supportDeskApi.close, async (request) => desk.close(authOf(request).account, request.params.id));
  route(app, supportDeskApi.attachment, async (request, reply) => {
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
