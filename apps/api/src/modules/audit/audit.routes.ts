import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminConsolePaths, auditLogCsvQuerySchema, auditLogSchema, auditPaths, listAuditLogQuerySchema } from '@rozmova/contracts';
import type { AuditService } from './audit.service.ts';

export function registerAuditRoutes(app: FastifyInstance, deps: { audit: AuditService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    auditPaths.auditLog,
    { config: { access: ['admin'] }, schema: { querystring: listAuditLogQuerySchema, response: { 200: auditLogSchema } } },
    async (request) => deps.audit.list(request.query),
  );

  r.get(
    adminConsolePaths.auditLogCsv,
    { config: { access: ['admin'] }, schema: { querystring: auditLogCsvQuerySchema } },
    async (request, reply) => {
      const csv = await deps.audit.csv(request.query);
      return reply.type('text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="audit-log.csv"').send(csv);
    },
  );
}
