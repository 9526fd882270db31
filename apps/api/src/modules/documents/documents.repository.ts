import { count, desc, eq, sql } from 'drizzle-orm';
import type { ReferenceStatus } from '@rozmova/contracts';
import type { Db } from '../../db/client.ts';
import { userReferences } from '../../db/schema.ts';

export type ReferenceRow = typeof userReferences.$inferSelect;
export type NewReference = typeof userReferences.$inferInsert;

export async function listReferencesOfPatient(db: Db, patientId: string): Promise<ReferenceRow[]> {
  return db
    .select()
    .from(userReferences)
    .where(eq(userReferences.patientId, patientId))
    .orderBy(desc(userReferences.createdAt), desc(userReferences.id));
}

export async function countReferencesOfPatient(db: Db, patientId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(userReferences).where(eq(userReferences.patientId, patientId));
  return row?.n ?? 0;
}

/** Serialises the uploads of one patient until the transaction ends, so two at once cannot pass the limit together. */
export async function lockPatientUploads(tx: Db, patientId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`user-references:${patientId}`}))`);
}

export async function insertReference(db: Db, values: NewReference): Promise<ReferenceRow> {
  const [row] = await db.insert(userReferences).values(values).returning();
  return row!;
}

export async function findReference(db: Db, id: string): Promise<ReferenceRow | undefined> {
  const [row] = await db.select().from(userReferences).where(eq(userReferences.id, id));
  return row;
}

export async function updateReferenceStatus(db: Db, id: string, status: ReferenceStatus): Promise<ReferenceRow | undefined> {
  const [row] = await db
    .update(userReferences)
    .set({ status, updatedAt: sql`now()` })
    .where(eq(userReferences.id, id))
    .returning();
  return row;
}

export async function deleteReference(db: Db, id: string): Promise<ReferenceRow | undefined> {
  const [row] = await db.delete(userReferences).where(eq(userReferences.id, id)).returning();
  return row;
}

/** Deletes every document row of a patient and returns their storage keys. */
export async function deleteReferencesOfPatient(db: Db, patientId: string): Promise<string[]> {
  const rows = await db
    .delete(userReferences)
    .where(eq(userReferences.patientId, patientId))
    .returning({ storageKey: userReferences.storageKey });
  return rows.map((row) => row.storageKey);
}

/** Every storage key a document row refers to. */
export async function listStorageKeys(db: Db): Promise<Set<string>> {
  const rows = await db.select({ storageKey: userReferences.storageKey }).from(userReferences);
  return new Set(rows.map((row) => row.storageKey));
}
