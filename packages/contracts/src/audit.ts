import { z } from 'zod';
import { roleSchema, idSchema } from './common.ts';
import { calendarDateSchema } from './doctors.ts';

export const auditEntrySchema = z.object({
  id: z.string(),
  actor_id: z.string(),
  actor_name: z.string(),
  actor_role: roleSchema,
  action: z.string(),
  resource: z.string(),
  resource_id: z.string().nullable(),
  patient_id: z.string().nullable(),
  patient_name: z.string().nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditActions = ['read', 'update', 'lookup', 'list', 'publish', 'hide', 'refund', 'reset'] as const;
export type AuditAction = (typeof auditActions)[number];

const auditFilter = {
  patientId: idSchema.optional(),
  actorId: idSchema.optional(),
  action: z.enum(auditActions).optional(),
  /** Calendar days in Kyiv time, both included. */
  from: calendarDateSchema.optional(),
  to: calendarDateSchema.optional(),
};
/** `from` is not after `to` (either may be missing). */
export const orderedDateRange = (query: { from?: string; to?: string }) => !query.from || !query.to || query.from <= query.to;

export const listAuditLogQuerySchema = z
  .strictObject({
    ...auditFilter,
    limit: z.coerce.number().int().min(1).max(100).default(50),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  })
  .refine(orderedDateRange, { path: ['to'], message: 'to is not before from' });
export type ListAuditLogQuery = z.infer<typeof listAuditLogQuerySchema>;

/** The CSV export: the same filters, every matching entry up to {@link AUDIT_CSV_MAX_ROWS}. */
export const auditLogCsvQuerySchema = z
  .strictObject(auditFilter)
  .refine(orderedDateRange, { path: ['to'], message: 'to is not before from' });
export type AuditLogCsvQuery = z.infer<typeof auditLogCsvQuerySchema>;
export const AUDIT_CSV_MAX_ROWS = 50_000;

export const auditLogSchema = z.object({ entries: z.array(auditEntrySchema), total: z.number().int() });
export type AuditLog = z.infer<typeof auditLogSchema>;
