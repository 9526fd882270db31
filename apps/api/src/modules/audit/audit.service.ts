import {
  AUDIT_CSV_MAX_ROWS,
  type AuditAction,
  type AuditEntry,
  type AuditLog,
  type AuditLogCsvQuery,
  type ListAuditLogQuery,
} from '@rozmova/contracts';
import type { Db } from '../../db/client.ts';
import { insertAuditEntries, listAuditEntries } from './audit.repository.ts';
import { toCsv } from './csv.ts';

/** `lookup` and `list`: the patient was among those a search or a list answered with (the search text is not kept). */
export type AuditResource =
  | 'patient'
  | 'patient_card'
  | 'user_reference'
  | 'appointment'
  | 'call_record'
  | 'message'
  | 'support_request'
  | 'patient_note'
  | 'feedback'
  | 'payment'
  | 'specialist_application'
  /** A member of staff's two-factor sign-in (resource id: that person's user id), reset by an admin. */
  | 'two_factor';

/** One access by a member of staff to a patient's data. Only ids: the log itself holds no health data. */
export interface AuditRecord {
  actorId: string;
  action: AuditAction;
  resource: AuditResource;
  resourceId: string;
  /** Null only where the data has no patient any more (a removed author's review). */
  patientId: string | null;
}

type EntryRow = Awaited<ReturnType<typeof listAuditEntries>>['rows'][number];
const toEntry = ({ entry, actorName, actorRole, patientName }: EntryRow): AuditEntry => ({
  id: entry.id,
  actor_id: entry.actorId,
  actor_name: actorName,
  actor_role: actorRole,
  action: entry.action,
  resource: entry.resource,
  resource_id: entry.resourceId,
  patient_id: entry.patientId,
  patient_name: patientName,
  created_at: entry.createdAt.toISOString(),
});

const csvColumns = [
  'created_at',
  'actor_name',
  'actor_role',
  'actor_id',
  'action',
  'resource',
  'resource_id',
  'patient_name',
  'patient_id',
] as const;

/** Times come from the database (not the app clock), so entries sort in the order they were written. */
export function createAuditService(deps: { db: Db }) {
  return {
    record: (entries: AuditRecord | AuditRecord[], tx: Db = deps.db) => insertAuditEntries(tx, [entries].flat()),

    async list(query: ListAuditLogQuery): Promise<AuditLog> {
      const { rows, total } = await listAuditEntries(deps.db, query, query);
      return { entries: rows.map(toEntry), total };
    },

    /** The filtered log as CSV (newest first, at most {@link AUDIT_CSV_MAX_ROWS} rows). */
    async csv(query: AuditLogCsvQuery): Promise<string> {
      const { rows } = await listAuditEntries(deps.db, query, { limit: AUDIT_CSV_MAX_ROWS, offset: 0 }, false);
      return toCsv(
        csvColumns,
        rows.map(toEntry).map((entry) => csvColumns.map((column) => entry[column])),
      );
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
