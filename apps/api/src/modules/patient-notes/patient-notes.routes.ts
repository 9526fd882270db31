import type { FastifyInstance } from 'fastify';
import { patientNotesApi } from '@rozmova/contracts';
import { authOf } from '../../http/access.ts';
import { route } from '../../http/route.ts';
import type { PatientNotesService } from './patient-notes.service.ts';

export function registerPatientNotesRoutes(app: FastifyInstance, deps: { notes: PatientNotesService }): void {
  route(app, patientNotesApi.list, async (request) => deps.notes.list(authOf(request).account, request.params.id));

  route(app, patientNotesApi.create, async (request, reply) =>
    reply.status(201).send(await deps.notes.create(authOf(request).account, request.params.id, request.body)),
  );
}
