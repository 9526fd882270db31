import type { FastifyInstance, FastifyRequest } from 'fastify';
import { doctorsApi, idParamsSchema } from '@rozmova/contracts';
import { authOf } from '../../http/access.ts';
import { route } from '../../http/route.ts';
import { AppError } from '../../lib/app-error.ts';
import type { DoctorsService } from './doctors.service.ts';

/** docs/product.md §5: the available slots of a missing or malformed doctor id answer exactly this. */
export const DOCTOR_ID_REQUIRED = 'doctorId is required';

/** Before validation (which checks the path first), so a bad id answers docs/product.md's message rather than the generic one. */
async function requireDoctorId(request: FastifyRequest): Promise<void> {
  if (idParamsSchema.safeParse(request.params).success) return;
  throw new AppError('VALIDATION_FAILED', DOCTOR_ID_REQUIRED, [
    { path: 'params.id', code: 'INVALID_FORMAT', message: 'A doctor id (UUID) is required' },
  ]);
}

export function registerDoctorRoutes(app: FastifyInstance, deps: { doctors: DoctorsService }): void {
  route(app, doctorsApi.list, async (request) => deps.doctors.list(request.query, request.auth?.account));

  route(app, doctorsApi.search, async (request) => deps.doctors.search(request.query.query));

  route(app, doctorsApi.get, async (request) => deps.doctors.get(request.params.id, request.auth?.account));

  route(app, doctorsApi.update, async (request) => deps.doctors.update(authOf(request).account, request.params.id, request.body));

  route(
    app,
    doctorsApi.availableSlots,
    async (request) => deps.doctors.availableSlots(request.auth?.account, request.params.id, request.query),
    { preValidation: requireDoctorId },
  );
}
