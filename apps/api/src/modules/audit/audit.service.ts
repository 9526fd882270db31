import type { AuditLog, ListAuditLogQuery } from '@rozmova/contracts';
import type { Db } from '../../db/client.ts';
import { insertAuditEntries, listAuditEntries } from './audit.repository.ts';

/** `lookup` and `list`: the patient was among those a search or a list answered with (the search text is not kept). */
export type AuditAction = 'read' | 'update' | 'lookup' | 'list';
export type AuditResource = 'patient' | 'patient_card' | 'user_reference' | 'appointment' | 'call_record' | 'message';

/** One access by a member of staff to a patient's data. Only ids: the log itself holds no health data. */
export interface AuditRecord {
  actorId: string;
  action: AuditAction;
  resource: AuditResource;
  resourceId: string;
  patientId: string;
}

/** Times come from the database (not the app clock), so entries sort in the order they were written. */
export function createAuditService(deps: { db: Db }) {
  return {
    record: (entries: AuditRecord | AuditRecord[], tx: Db = deps.db) => insertAuditEntries(tx, [entries].flat()),

    async list(query: ListAuditLogQuery): Promise<AuditLog> {
      const { rows, total } = await listAuditEntries(deps.db, query);
      return {
        entries: rows.map(({ entry, actorName, actorRole }) => ({
          id: entry.id,
          actor_id: entry.actorId,
          actor_name: actorName,
          actor_role: actorRole,
          action: entry.action,
          resource: entry.resource,
          resource_id: entry.resourceId,
          patient_id: entry.patientId,
          created_at: entry.createdAt.toISOString(),
        })),
        total,
      };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
