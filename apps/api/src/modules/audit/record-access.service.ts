import type { RecordAccessDay, RecordAccessDays, RecordAccessDaysQuery, RecordAccessList, RecordAccessQuery } from '@rozmova/contracts';
import type { Db } from '../../db/client.ts';
import type { AccountRow } from '../../db/rows.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { listAccessGroupsOfPatient, listAccessOfPatient } from './record-access.repository.ts';

/** PostgreSQL's "time zone not recognized" (a name the runtime knows and the database does not). */
const isUnknownTimeZone = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '22023' && /time zone/i.test(String(error));

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

    /** The same log, a page of days at a time, each day's entries grouped by member of staff and kind of access. */
    async daysOfPatient(actor: AccountRow, patientId: string, query: RecordAccessDaysQuery): Promise<RecordAccessDays> {
      if (actor.patientId !== patientId) throw notFound('Patient');
      const { groups, totalDays } = await listAccessGroupsOfPatient(deps.db, patientId, query).catch((error: unknown) => {
        if (!isUnknownTimeZone(error)) throw error;
        throw new AppError('VALIDATION_FAILED', 'Unknown time zone', [
          { path: 'querystring.tz', code: 'INVALID', message: 'Unknown time zone' },
        ]);
      });
      const days: RecordAccessDay[] = [];
      for (const group of groups) {
        if (days.at(-1)?.day !== group.day) days.push({ day: group.day, groups: [] });
        days.at(-1)!.groups.push({
          id: group.id,
          actor_name: group.actorName,
          actor_role: group.actorRole,
          action: group.action,
          resource: group.resource,
          count: group.count,
          first_at: group.firstAt.toISOString(),
          last_at: group.lastAt.toISOString(),
          times: group.times.map((time) => time.toISOString()),
        });
      }
      return { days, total_days: totalDays, time_zone: query.tz };
    },
  };
}

export type RecordAccessService = ReturnType<typeof createRecordAccessService>;
