import { adminConsolePaths } from '../admin-console.ts';
import { auditLogCsvQuerySchema, auditLogSchema, listAuditLogQuerySchema } from '../audit.ts';
import { endpoint } from '../endpoint.ts';
import { auditPaths } from '../paths.ts';

export const list = endpoint({
  method: 'GET',
  path: auditPaths.auditLog,
  access: ['admin'],
  query: listAuditLogQuerySchema,
  responses: { 200: auditLogSchema },
});

export const exportCsv = endpoint({
  method: 'GET',
  path: adminConsolePaths.auditLogCsv,
  access: ['admin'],
  summary: 'The filtered audit log as a CSV file (newest first)',
  query: auditLogCsvQuerySchema,
  responses: { 200: { file: 'text/csv' } },
});
