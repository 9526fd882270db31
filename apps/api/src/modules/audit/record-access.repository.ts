import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { RECORD_ACCESS_GROUP_TIMES, type RecordAccessDaysQuery, type RecordAccessQuery, type Role } from '@rozmova/contracts';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';
import { accountsView } from '../accounts/accounts.views.ts';

const users = accountsView();

const staffRoles: Role[] = ['operator', 'doctor', 'admin'];

/** Entries about one patient written by staff (a patient's own actions never show as someone else's). */
export async function listAccessOfPatient(db: Db, patientId: string, query: RecordAccessQuery) {
  const where = and(eq(auditLog.patientId, patientId), inArray(users.role, staffRoles));
  const [rows, [total]] = await Promise.all([
    db
      .select({ entry: auditLog, actorName: users.userName, actorRole: users.role })
      .from(auditLog)
      .innerJoin(users, eq(users.id, auditLog.actorId))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(auditLog).innerJoin(users, eq(users.id, auditLog.actorId)).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export interface AccessGroupRow {
  day: string;
  id: string;
  actorName: string;
  actorRole: Role;
  action: string;
  resource: string;
  count: number;
  firstAt: Date;
  lastAt: Date;
  /** Newest first, at most RECORD_ACCESS_GROUP_TIMES. */
  times: Date[];
}

interface RawGroupRow {
  total_days: number;
  day: string | null;
  id: string;
  actor_name: string;
  actor_role: Role;
  action: string;
  resource: string;
  n: number;
  first_ms: number;
  last_ms: number;
  times_ms: string;
}

const rowsOf = async <T>(db: Db, query: SQL): Promise<T[]> => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
const epochMs = (column: SQL) => sql`(extract(epoch from ${column}) * 1000)::float8`;
const staffOnly = sql`u.user_role in (${sql.join(
  staffRoles.map((role) => sql`${role}`),
  sql`, `,
)})`;

/**
 * A page of days (in the reader's time zone, newest first) with the patient's staff entries of those days grouped by
 * member of staff, action and resource: one row per group, however many entries it has (10,000 list views of a day
 * are one row with its count and newest times). The page's days are a run of consecutive entry days, so their entries
 * are one time range of the (patient, created_at) index. Always at least one row: its `total_days` counts every day.
 */
export async function listAccessGroupsOfPatient(
  db: Db,
  patientId: string,
  query: RecordAccessDaysQuery,
): Promise<{ groups: AccessGroupRow[]; totalDays: number }> {
  const dayOf = (column: SQL) => sql`(${column} at time zone ${query.tz})::date`;
  const rows = await rowsOf<RawGroupRow>(
    db,
    sql`
    with days as (
      select distinct ${dayOf(sql`a.created_at`)} as day
      from audit_log a join ${accountsView('u')} on u.id = a.actor_id
      where a.patient_id = ${patientId}::uuid and ${staffOnly}
    ),
    page as (select day from days order by day desc limit ${query.limit} offset ${query.offset}),
    bounds as (
      select min(day)::timestamp at time zone ${query.tz} as since, (max(day) + 1)::timestamp at time zone ${query.tz} as until
      from page
    ),
    entries as (
      select a.id, a.actor_id, a.action, a.resource, a.created_at, ${dayOf(sql`a.created_at`)} as day
      from audit_log a join ${accountsView('u')} on u.id = a.actor_id cross join bounds b
      where a.patient_id = ${patientId}::uuid and ${staffOnly} and a.created_at >= b.since and a.created_at < b.until
    ),
    ranked as (
      select e.*, row_number() over (
        partition by e.day, e.actor_id, e.action, e.resource order by e.created_at desc, e.id desc
      ) as rank
      from entries e
    ),
    grouped as (
      select r.day, r.actor_id, r.action, r.resource, count(*)::int as n,
        (array_agg(r.id) filter (where r.rank = 1))[1] as id,
        ${epochMs(sql`min(r.created_at)`)} as first_ms,
        ${epochMs(sql`max(r.created_at)`)} as last_ms,
        string_agg((${epochMs(sql`r.created_at`)})::bigint::text, ',' order by r.rank) filter (
          where r.rank <= ${RECORD_ACCESS_GROUP_TIMES}
        ) as times_ms
      from ranked r
      group by r.day, r.actor_id, r.action, r.resource
    )
    select t.total_days, to_char(g.day, 'YYYY-MM-DD') as day, g.id, u.user_name as actor_name, u.user_role as actor_role,
      g.action, g.resource, g.n, g.first_ms, g.last_ms, g.times_ms
    from (select count(*)::int as total_days from days) t
    left join grouped g on true
    left join ${accountsView('u')} on u.id = g.actor_id
    order by g.day desc, g.last_ms desc, g.id desc`,
  );
  return {
    totalDays: Number(rows[0]?.total_days ?? 0),
    groups: rows
      .filter((row) => row.day !== null)
      .map((row) => ({
        day: row.day!,
        id: row.id,
        actorName: row.actor_name,
        actorRole: row.actor_role,
        action: row.action,
        resource: row.resource,
        count: Number(row.n),
        firstAt: new Date(Number(row.first_ms)),
        lastAt: new Date(Number(row.last_ms)),
        times: row.times_ms.split(',').map((ms) => new Date(Number(ms))),
      })),
  };
}
