import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  doctorPatientPaths,
  doctorPatientsQuerySchema,
  doctorPatientsSchema,
  idParamsSchema,
  listPatientsQuerySchema,
  patientCardSchema,
  patientListSchema,
  patientLookupQuerySchema,
  patientLookupSchema,
  patientPaths,
  patientSchema,
  updatePatientBodySchema,
  updatePatientCardBodySchema,
} from '@rozmova/contracts';
import { authOf } from '../../http/access.ts';
import type { PatientsService } from './patients.service.ts';

export function registerPatientRoutes(app: FastifyInstance, deps: { patients: PatientsService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The owner, its doctors, operators and admins: the service answers 404 to anyone else, so the route lets all in.
  const signedIn = { access: 'user' } as const;
  // The card's answers are encrypted when DECRYPTION_KEY is set (SPEC.md §7, docs/response-encryption.md).
  const card = { ...signedIn, encryptResponse: true } as const;

  r.get(
    patientPaths.lookup,
    // A doctor's search covers only its own patients (the service narrows it).
    {
      config: { access: ['operator', 'doctor'] },
      schema: { querystring: patientLookupQuerySchema, response: { 200: patientLookupSchema } },
    },
    async (request) => deps.patients.lookup(authOf(request), request.query.findCriteria),
  );

  r.get(
    patientPaths.patients,
    { config: { access: ['operator'] }, schema: { querystring: listPatientsQuerySchema, response: { 200: patientListSchema } } },
    async (request) => deps.patients.list(authOf(request), request.query),
  );

  r.get(
    doctorPatientPaths.patientsOfDoctor,
    // A doctor reads its own list (another doctor's id is 403); admins any doctor's.
    {
      config: { access: ['doctor'] },
      schema: { params: idParamsSchema, querystring: doctorPatientsQuerySchema, response: { 200: doctorPatientsSchema } },
    },
    async (request) => deps.patients.listOfDoctor(authOf(request), request.params.id, request.query),
  );

  r.get(patientPaths.patient, { config: signedIn, schema: { params: idParamsSchema, response: { 200: patientSchema } } }, async (request) =>
    deps.patients.getPatient(authOf(request), request.params.id),
  );

  r.put(
    patientPaths.patient,
    { config: signedIn, schema: { params: idParamsSchema, body: updatePatientBodySchema, response: { 200: patientSchema } } },
    async (request) => deps.patients.updatePatient(authOf(request), request.params.id, request.body),
  );

  r.get(patientPaths.card, { config: card, schema: { params: idParamsSchema, response: { 200: patientCardSchema } } }, async (request) =>
    deps.patients.getCard(authOf(request), request.params.id),
  );

  r.put(
    patientPaths.card,
    { config: card, schema: { params: idParamsSchema, body: updatePatientCardBodySchema, response: { 200: patientCardSchema } } },
    async (request) => deps.patients.updateCard(authOf(request), request.params.id, request.body),
  );
}
