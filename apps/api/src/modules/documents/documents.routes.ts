import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { DOCUMENT_MAX_BYTES, documentsApi } from '@rozmova/contracts';
import { authOf } from '../../http/access.ts';
import { route } from '../../http/route.ts';
import { storingUpload, uploadedFilePart } from '../../http/uploaded-file.ts';
import type { DocumentsService } from './documents.service.ts';
import { contentDisposition, readableFileName } from './file-name.ts';

export async function registerDocumentsRoutes(app: FastifyInstance, deps: { documents: DocumentsService }): Promise<void> {
  // Multipart parsing only in this scope: no other route accepts multipart bodies.
  await app.register(async (scope) => {
    await scope.register(multipart);

    route(scope, documentsApi.listMine, async (request) => deps.documents.listMine(authOf(request).account));

    route(scope, documentsApi.upload, async (request, reply) => {
      const actor = authOf(request).account;
      const file = await uploadedFilePart(request, DOCUMENT_MAX_BYTES);
      const userReference = await storingUpload(() => deps.documents.upload(actor, file.content, file.name));
      return reply.status(201).send({ userReference });
    });

    route(scope, documentsApi.setStatus, async (request) => ({
      userReference: await deps.documents.setStatus(authOf(request).account, request.params.id, request.body.status),
    }));

    route(scope, documentsApi.removeMine, async (request) => ({
      userReference: await deps.documents.deleteMine(authOf(request).account, request.params.id),
    }));

    route(scope, documentsApi.ofPatient, async (request) => deps.documents.listOfPatient(authOf(request).account, request.params.id));

    route(scope, documentsApi.file, async (request, reply) => {
      const { reference, stream } = await deps.documents.download(authOf(request).account, request.params.id);
      return reply
        .header('content-type', reference.content_type)
        .header('content-length', reference.size)
        .header('content-disposition', contentDisposition(request.query.disposition ?? 'attachment', readableFileName(reference.file)))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(stream);
    });
  });
}
