import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DOCUMENT_MAX_BYTES,
  documentPaths,
  idParamsSchema,
  updateUserReferenceBodySchema,
  userReferenceListSchema,
  userReferenceResponseSchema,
} from '@rozmova/contracts';
import { authOf } from '../../http/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { encodeRfc5987, type DocumentsService } from './documents.service.ts';

const FILE_FIELD = 'file';

/** The request body ended inside the file part (the client stopped or sent a broken body). */
const isCutShort = (error: unknown) => {
  const e = error as { code?: string; message?: string } | undefined;
  return e?.code === 'ERR_STREAM_PREMATURE_CLOSE' || /terminated early|Unexpected end/i.test(String(e?.message));
};

/** The `file` part of a multipart upload; anything else (JSON, a broken multipart body, no file) is a 4xx. */
async function uploadedFile(request: FastifyRequest) {
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', `Send the document as multipart/form-data with a "${FILE_FIELD}" field`);
  }
  let part;
  try {
    // One byte over the limit is enough for storage to refuse it; busboy drops the rest of the request body.
    part = await request.file({
      limits: { fileSize: DOCUMENT_MAX_BYTES + 1, files: 1, fields: 10, fieldSize: 1024, parts: 20 },
      throwFileSizeLimit: false,
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('VALIDATION_FAILED', 'The multipart body is not valid');
  }
  if (!part || part.fieldname !== FILE_FIELD) {
    throw new AppError('VALIDATION_FAILED', 'Validation failed', [
      { path: `body.${FILE_FIELD}`, code: 'INVALID_TYPE', message: 'Attach the document as "file"' },
    ]);
  }
  return part.file;
}

export async function registerDocumentsRoutes(app: FastifyInstance, deps: { documents: DocumentsService }): Promise<void> {
  // Multipart parsing only in this scope: no other route accepts multipart bodies.
  await app.register(async (scope) => {
    await scope.register(multipart);
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const patientOnly = { access: ['patient'] } as const;
    const patientOrDoctor = { access: ['patient', 'doctor'] } as const;
    const readers = { access: ['patient', 'doctor', 'operator'] } as const;

    r.get(documentPaths.listMy, { config: patientOnly, schema: { response: { 200: userReferenceListSchema } } }, async (request) =>
      deps.documents.listMine(authOf(request).account),
    );

    r.post(
      documentPaths.createMy,
      { config: patientOnly, schema: { response: { 201: userReferenceResponseSchema } } },
      async (request, reply) => {
        const actor = authOf(request).account;
        const file = await uploadedFile(request);
        try {
          const userReference = await deps.documents.upload(actor, file);
          return reply.status(201).send({ userReference });
        } catch (error) {
          // A part cut short by the client is a bad request, not a failure of ours.
          if (!(error instanceof AppError) && isCutShort(error)) {
            throw new AppError('VALIDATION_FAILED', 'The upload ended before the file was complete');
          }
          throw error;
        }
      },
    );

    r.patch(
      documentPaths.reference,
      {
        config: patientOrDoctor,
        schema: { params: idParamsSchema, body: updateUserReferenceBodySchema, response: { 200: userReferenceResponseSchema } },
      },
      async (request) => ({
        userReference: await deps.documents.setStatus(authOf(request).account, request.params.id, request.body.status),
      }),
    );

    r.delete(
      documentPaths.deleteMy,
      { config: patientOnly, schema: { params: idParamsSchema, response: { 200: userReferenceResponseSchema } } },
      async (request) => ({ userReference: await deps.documents.deleteMine(authOf(request).account, request.params.id) }),
    );

    r.get(
      documentPaths.ofPatient,
      { config: { access: ['doctor', 'operator'] }, schema: { params: idParamsSchema, response: { 200: userReferenceListSchema } } },
      async (request) => deps.documents.listOfPatient(authOf(request).account, request.params.id),
    );

    r.get(documentPaths.file, { config: readers, schema: { params: idParamsSchema } }, async (request, reply) => {
      const { reference, stream } = await deps.documents.download(authOf(request).account, request.params.id);
      return reply
        .header('content-type', reference.content_type)
        .header('content-length', reference.size)
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeRfc5987(decodeURIComponent(reference.file))}`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(stream);
    });
  });
}
