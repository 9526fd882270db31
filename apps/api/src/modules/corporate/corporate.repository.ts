import type { Db } from '../../db/client.ts';
import { corporateLeads } from '../../db/schema-staff.ts';

type NewCorporateLead = typeof corporateLeads.$inferInsert;

export async function insertCorporateLead(db: Db, values: NewCorporateLead): Promise<string> {
  const [row] = await db.insert(corporateLeads).values(values).returning({ id: corporateLeads.id });
  return row!.id;
}
