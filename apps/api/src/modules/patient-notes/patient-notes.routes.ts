import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createDoctorNoteBodySchema, doctorNoteSchema, doctorNotesSchema, doctorPatientPaths, idParamsSchema } from '@rozmova/contracts';
import { authOf } from '../../http/access.ts';
import type { PatientNotesService } from './patient-notes.service.ts';

export function registerPatientNotesRoutes(app: FastifyInstance, deps: { notes: PatientNotesService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Doctors (the service keeps a doctor to its own patients) and admins.
  const doctors = { access: ['doctor'] } as const;

  r.get(
    doctorPatientPaths.notes,
    { config: doctors, schema: { params: idParamsSchema, response: { 200: doctorNotesSchema } } },
    async (request) => deps.notes.list(authOf(request).account, request.params.id),
  );

  r.post(
    doctorPatientPaths.notes,
    { config: doctors, schema: { params: idParamsSchema, body: createDoctorNoteBodySchema, response: { 201: doctorNoteSchema } } },
    async (request, reply) => reply.status(201).send(await deps.notes.create(authOf(request).account, request.params.id, request.body)),
  );
}
