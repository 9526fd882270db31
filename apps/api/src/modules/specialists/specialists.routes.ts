import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DIPLOMA_MAX_BYTES,
  idParamsSchema,
  listSpecialistApplicationsQuerySchema,
  rejectSpecialistApplicationBodySchema,
  specialistApplicationListSchema,
  specialistApplicationSchema,
  specialistPaths,
  updateSpecialistApplicationBodySchema,
} from '@rozmova/contracts';
import { authOf } from '../../http/access.ts';
import { storingUpload, uploadedFile } from '../../http/uploaded-file.ts';
import type { SpecialistsService } from './specialists.service.ts';

const one = { 200: specialistApplicationSchema };

export async function registerSpecialistRoutes(app: FastifyInstance, deps: { specialists: SpecialistsService }): Promise<void> {
  // Multipart parsing only in this scope (the diploma upload).
  await app.register(async (scope) => {
    await scope.register(multipart);
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const applicant = { access: ['none'] } as const;
    const adminOnly = { access: ['admin'] } as const;
    const userId = (request: Parameters<typeof authOf>[0]) => authOf(request).account.user.id;

    r.get(specialistPaths.my, { config: applicant, schema: { response: one } }, async (request) => deps.specialists.mine(userId(request)));

    r.put(
      specialistPaths.my,
      { config: applicant, schema: { body: updateSpecialistApplicationBodySchema, response: one } },
      async (request) => deps.specialists.updateMine(userId(request), request.body),
    );

    r.post(specialistPaths.myDiploma, { config: applicant, schema: { response: one } }, async (request) => {
      const file = await uploadedFile(request, DIPLOMA_MAX_BYTES);
      return storingUpload(() => deps.specialists.uploadDiploma(userId(request), file));
    });

    r.post(specialistPaths.mySubmit, { config: applicant, schema: { response: one } }, async (request) =>
      deps.specialists.submitMine(userId(request)),
    );

    r.get(
      specialistPaths.adminList,
      {
        config: adminOnly,
        schema: { querystring: listSpecialistApplicationsQuerySchema, response: { 200: specialistApplicationListSchema } },
      },
      async (request) => deps.specialists.list(request.query),
    );

    r.get(specialistPaths.adminOne, { config: adminOnly, schema: { params: idParamsSchema, response: one } }, async (request) =>
      deps.specialists.get(request.params.id),
    );

    r.get(specialistPaths.adminDiploma, { config: adminOnly, schema: { params: idParamsSchema } }, async (request, reply) => {
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

    r.post(specialistPaths.adminApprove, { config: adminOnly, schema: { params: idParamsSchema, response: one } }, async (request) =>
      deps.specialists.approve(userId(request), request.params.id),
    );

    r.post(
      specialistPaths.adminReject,
      { config: adminOnly, schema: { params: idParamsSchema, body: rejectSpecialistApplicationBodySchema, response: one } },
      async (request) => deps.specialists.reject(userId(request), request.params.id, request.body.reason),
    );
  });
}
