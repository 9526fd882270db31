import { z } from 'zod';
import { roleSchema, idSchema } from './common.ts';

export const auditEntrySchema = z.object({
  id: z.string(),
  actor_id: z.string(),
  actor_name: z.string(),
  actor_role: roleSchema,
  action: z.string(),
  resource: z.string(),
  resource_id: z.string().nullable(),
  patient_id: z.string().nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const listAuditLogQuerySchema = z.strictObject({
  patientId: idSchema.optional(),
  actorId: idSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type ListAuditLogQuery = z.infer<typeof listAuditLogQuerySchema>;

export const auditLogSchema = z.object({ entries: z.array(auditEntrySchema), total: z.number().int() });
export type AuditLog = z.infer<typeof auditLogSchema>;
