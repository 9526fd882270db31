import type { RecordAccessList, RecordAccessQuery } from '@rozmova/contracts';
import type { Db } from '../../db/client.ts';
import type { AccountRow } from '../../db/rows.ts';
import { notFound } from '../../lib/app-error.ts';
import { listAccessOfPatient } from './record-access.repository.ts';

/** The patient's own view of the audit log: which member of staff opened what, and when. */
export function createRecordAccessService(deps: { db: Db }) {
  return {
    /** Anyone but the owner is told the patient is unknown. */
    async ofPatient(actor: AccountRow, patientId: string, query: RecordAccessQuery): Promise<RecordAccessList> {
      if (actor.patientId !== patientId) throw notFound('Patient');
      const { rows, total } = await listAccessOfPatient(deps.db, patientId, query);
      return {
        entries: rows.map(({ entry, actorName, actorRole }) => ({
          id: entry.id,
          actor_name: actorName,
          actor_role: actorRole,
          action: entry.action,
          resource: entry.resource,
          created_at: entry.createdAt.toISOString(),
        })),
        total,
      };
    },
  };
}

export type RecordAccessService = ReturnType<typeof createRecordAccessService>;
