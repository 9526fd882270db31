import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  availableSlotsQuerySchema,
  availableSlotsSchema,
  doctorListSchema,
  doctorPaths,
  doctorSchema,
  idParamsSchema,
  listDoctorsQuerySchema,
  searchDoctorsQuerySchema,
  updateDoctorBodySchema,
} from '@rozmova/contracts';
import { authOf } from '../../http/access.ts';
import { AppError } from '../../lib/app-error.ts';
import type { DoctorsService } from './doctors.service.ts';

/** SPEC.md §5: the available slots of a missing or malformed doctor id answer exactly this. */
export const DOCTOR_ID_REQUIRED = 'doctorId is required';

export function registerDoctorRoutes(app: FastifyInstance, deps: { doctors: DoctorsService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const anyone = { access: 'public' } as const;

  // Listed doctors for anyone; `unlisted=true` (staff) adds the unpublished and incomplete ones.
  r.get(
    doctorPaths.doctors,
    { config: { access: 'optional' }, schema: { querystring: listDoctorsQuerySchema, response: { 200: doctorListSchema } } },
    async (request) => deps.doctors.list(request.query, request.auth?.account),
  );

  r.get(
    doctorPaths.search,
    { config: anyone, schema: { querystring: searchDoctorsQuerySchema, response: { 200: doctorListSchema } } },
    async (request) => deps.doctors.search(request.query.query),
  );

  // Anyone reads a listed doctor; the doctor itself and staff also an unpublished or incomplete one.
  r.get(
    doctorPaths.doctor,
    { config: { access: 'optional' }, schema: { params: idParamsSchema, response: { 200: doctorSchema } } },
    async (request) => deps.doctors.get(request.params.id, request.auth?.account),
  );

  // A doctor changes its own profile (the service refuses another's); admins pass every role check.
  r.put(
    doctorPaths.doctor,
    { config: { access: ['doctor'] }, schema: { params: idParamsSchema, body: updateDoctorBodySchema, response: { 200: doctorSchema } } },
    async (request) => deps.doctors.update(authOf(request).account, request.params.id, request.body),
  );

  // Anyone may look; a token matters only with `patientId` (one's own, or any for operators and admins).
  // Validation errors reach the handler so that a bad id answers SPEC.md's message rather than the generic one.
  r.get(
    doctorPaths.availableSlots,
    {
      config: { access: 'optional', unclaimed: true },
      attachValidation: true,
      schema: { params: idParamsSchema, querystring: availableSlotsQuerySchema, response: { 200: availableSlotsSchema } },
    },
    async (request) => {
      const invalid = request.validationError;
      if (invalid) {
        if (invalid.validationContext !== 'params') throw invalid;
        throw new AppError('VALIDATION_FAILED', DOCTOR_ID_REQUIRED, [
          { path: 'params.id', code: 'INVALID_FORMAT', message: 'A doctor id (UUID) is required' },
        ]);
      }
      return deps.doctors.availableSlots(request.auth?.account, request.params.id, request.query);
    },
  );
}
