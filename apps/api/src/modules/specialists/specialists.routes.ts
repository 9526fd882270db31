import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { DIPLOMA_MAX_BYTES, specialistsApi } from '@rozmova/contracts';
import { authOf } from '../../http/access.ts';
import { route } from '../../http/route.ts';
import { storingUpload, uploadedFile } from '../../http/uploaded-file.ts';
import type { SpecialistsService } from './specialists.service.ts';

export async function registerSpecialistRoutes(app: FastifyInstance, deps: { specialists: SpecialistsService }): Promise<void> {
  // Multipart parsing only in this scope (the diploma upload).
  await app.register(async (scope) => {
    await scope.register(multipart);
    const userId = (request: Parameters<typeof authOf>[0]) => authOf(request).account.user.id;

    route(scope, specialistsApi.mine, async (request) => deps.specialists.mine(userId(request)));

    route(scope, specialistsApi.updateMine, async (request) => deps.specialists.updateMine(userId(request), request.body));

    route(scope, specialistsApi.uploadDiploma, async (request) => {
      const file = await uploadedFile(request, DIPLOMA_MAX_BYTES);
      return storingUpload(() => deps.specialists.uploadDiploma(userId(request), file));
    });

    route(scope, specialistsApi.submitMine, async (request) => deps.specialists.submitMine(userId(request)));

    route(scope, specialistsApi.list, async (request) => deps.specialists.list(request.query));

    route(scope, specialistsApi.get, async (request) => deps.specialists.get(request.params.id));

    route(scope, specialistsApi.diploma, async (request, reply) => {
      const { application, stream } = await deps.specialists.diploma(userId(request), request.params.id);
      const diploma = application.diploma!;
      return reply
        .header('content-type', diploma.content_type)
        .header('content-length', diploma.size)
        .header('content-disposition', `inline; filename="${diploma.file_name}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(stream);
    });

    route(scope, specialistsApi.approve, async (request) => deps.specialists.approve(userId(request), request.params.id));

    route(scope, specialistsApi.reject, async (request) =>
      deps.specialists.reject(userId(request), request.params.id, request.body.reason),
    );
  });
}
