import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DOCUMENT_MAX_BYTES,
  documentFileQuerySchema,
  documentPaths,
  idParamsSchema,
  updateUserReferenceBodySchema,
  userReferenceListSchema,
  userReferenceResponseSchema,
} from '@rozmova/contracts';
import { authOf } from '../../http/access.ts';
import { storingUpload, uploadedFilePart } from '../../http/uploaded-file.ts';
import type { DocumentsService } from './documents.service.ts';
import { contentDisposition, readableFileName } from './file-name.ts';

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
        const file = await uploadedFilePart(request, DOCUMENT_MAX_BYTES);
        const userReference = await storingUpload(() => deps.documents.upload(actor, file.content, file.name));
        return reply.status(201).send({ userReference });
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

    // Saved under its name; `?disposition=inline` asks to show it (the web viewer, a browser tab).
    r.get(
      documentPaths.file,
      { config: readers, schema: { params: idParamsSchema, querystring: documentFileQuerySchema } },
      async (request, reply) => {
        const { reference, stream } = await deps.documents.download(authOf(request).account, request.params.id);
        return reply
          .header('content-type', reference.content_type)
          .header('content-length', reference.size)
          .header('content-disposition', contentDisposition(request.query.disposition ?? 'attachment', readableFileName(reference.file)))
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, no-store')
          .send(stream);
      },
    );
  });
}
