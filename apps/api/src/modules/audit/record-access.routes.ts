import type { FastifyInstance } from 'fastify';
import { recordAccessApi } from '@rozmova/contracts';
import { authOf } from '../../http/access.ts';
import { route } from '../../http/route.ts';
import type { RecordAccessService } from './record-access.service.ts';

export function registerRecordAccessRoutes(app: FastifyInstance, deps: { recordAccess: RecordAccessService }): void {
  route(app, recordAccessApi.list, async (request) =>
    deps.recordAccess.ofPatient(authOf(request).account, request.params.id, request.query),
  );

  route(app, recordAccessApi.listDays, async (request) =>
    deps.recordAccess.daysOfPatient(authOf(request).account, request.params.id, request.query),
  );
}
