import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditLogSchema, auditPaths, listAuditLogQuerySchema } from '@rozmova/contracts';
import type { AuditService } from './audit.service.ts';

export function registerAuditRoutes(app: FastifyInstance, deps: { audit: AuditService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    auditPaths.auditLog,
    { config: { access: ['admin'] }, schema: { querystring: listAuditLogQuerySchema, response: { 200: auditLogSchema } } },
    async (request) => deps.audit.list(request.query),
  );
}
