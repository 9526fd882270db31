import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  patientHistoryPaths,
  recordAccessDaysQuerySchema,
  recordAccessDaysSchema,
  recordAccessListSchema,
  recordAccessQuerySchema,
} from '@rozmova/contracts';
import { authOf } from '../../http/access.ts';
import type { RecordAccessService } from './record-access.service.ts';

export function registerRecordAccessRoutes(app: FastifyInstance, deps: { recordAccess: RecordAccessService }): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // The owner's own log; admins pass the role check but are not the owner (theirs is /v1/admin/audit-log).
  routes.get(
    patientHistoryPaths.recordAccess,
    {
      config: { access: ['patient'] },
      schema: { params: idParamsSchema, querystring: recordAccessQuerySchema, response: { 200: recordAccessListSchema } },
    },
    async (request) => deps.recordAccess.ofPatient(authOf(request).account, request.params.id, request.query),
  );
  routes.get(
    patientHistoryPaths.recordAccessDays,
    {
      config: { access: ['patient'] },
      schema: { params: idParamsSchema, querystring: recordAccessDaysQuerySchema, response: { 200: recordAccessDaysSchema } },
    },
    async (request) => deps.recordAccess.daysOfPatient(authOf(request).account, request.params.id, request.query),
  );
}
