import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { RecordAccessQuery } from '@rozmova/contracts';
import type { Db } from '../../db/client.ts';
import { auditLog, users } from '../../db/schema.ts';

/** Entries about one patient written by staff (a patient's own actions never show as someone else's). */
export async function listAccessOfPatient(db: Db, patientId: string, query: RecordAccessQuery) {
  const where = and(eq(auditLog.patientId, patientId), inArray(users.role, ['operator', 'doctor', 'admin']));
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
