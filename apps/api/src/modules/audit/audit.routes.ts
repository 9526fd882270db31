import type { FastifyInstance } from 'fastify';
import { auditApi } from '@rozmova/contracts';
import { route } from '../../http/route.ts';
import type { AuditService } from './audit.service.ts';

export function registerAuditRoutes(app: FastifyInstance, deps: { audit: AuditService }): void {
  route(app, auditApi.list, async (request) => deps.audit.list(request.query));

  route(app, auditApi.exportCsv, async (request, reply) => {
    const csv = await deps.audit.csv(request.query);
    return reply.type('text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="audit-log.csv"').send(csv);
  });
}
