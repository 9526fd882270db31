import { and, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { AuditLogCsvQuery } from '@rozmova/contracts';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';
import { accountsView } from '../accounts/accounts.views.ts';
import { patientsView } from '../patients/patients.views.ts';

const patients = patientsView();
const users = accountsView();

export type NewAuditEntry = typeof auditLog.$inferInsert;

export async function insertAuditEntries(db: Db, entries: NewAuditEntry[]): Promise<void> {
  if (entries.length > 0) await db.insert(auditLog).values(entries);
}

/** The start of a Kyiv calendar day as an instant (the console's dates are Kyiv days). */
const kyivDayStart = (day: string) => sql`(${day}::date)::timestamp at time zone 'Europe/Kyiv'`;

function whereOf(query: AuditLogCsvQuery): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.patientId) conditions.push(eq(auditLog.patientId, query.patientId));
  if (query.actorId) conditions.push(eq(auditLog.actorId, query.actorId));
  if (query.action) conditions.push(eq(auditLog.action, query.action));
  if (query.from) conditions.push(gte(auditLog.createdAt, kyivDayStart(query.from)));
  if (query.to) conditions.push(lt(auditLog.createdAt, sql`${kyivDayStart(query.to)} + interval '1 day'`));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

const patientUsers = accountsView('patient_users');

/** Newest first, with the names of the actor and the patient. */
export async function listAuditEntries(db: Db, query: AuditLogCsvQuery, page: { limit: number; offset: number }, withTotal = true) {
  const where = whereOf(query);
  const [rows, [total]] = await Promise.all([
    db
      .select({ entry: auditLog, actorName: users.userName, actorRole: users.role, patientName: patientUsers.userName })
      .from(auditLog)
      .innerJoin(users, eq(users.id, auditLog.actorId))
      .leftJoin(patients, eq(patients.id, auditLog.patientId))
      .leftJoin(patientUsers, eq(patientUsers.id, patients.userId))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(page.limit)
      .offset(page.offset),
    withTotal ? db.select({ n: count() }).from(auditLog).where(where) : Promise.resolve([{ n: 0 }]),
  ]);
  return { rows, total: total?.n ?? 0 };
}
