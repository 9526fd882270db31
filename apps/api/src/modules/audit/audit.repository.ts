import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog, users } from '../../db/schema.ts';
import type { ListAuditLogQuery } from '@rozmova/contracts';

export type NewAuditEntry = typeof auditLog.$inferInsert;

export async function insertAuditEntries(db: Db, entries: NewAuditEntry[]): Promise<void> {
  if (entries.length > 0) await db.insert(auditLog).values(entries);
}

export async function listAuditEntries(db: Db, query: ListAuditLogQuery) {
  const conditions: SQL[] = [];
  if (query.patientId) conditions.push(eq(auditLog.patientId, query.patientId));
  if (query.actorId) conditions.push(eq(auditLog.actorId, query.actorId));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ entry: auditLog, actorName: users.userName, actorRole: users.role })
      .from(auditLog)
      .innerJoin(users, eq(users.id, auditLog.actorId))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
