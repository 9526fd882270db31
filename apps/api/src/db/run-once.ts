import type { Db } from './client.ts';
import { settings } from './schema.ts';

/**
 * A change of stored data made once per database (a data migration the SQL migrations cannot express): `work` runs in
 * one transaction with a marker row in `settings`, and not at all when the marker is already there.
 */
export async function runOnce(db: Db, name: string, work: (tx: Db) => Promise<void>): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [marked] = await tx
      .insert(settings)
      .values({ key: `once:${name}`, value: new Date().toISOString() })
      .onConflictDoNothing()
      .returning({ key: settings.key });
    if (!marked) return false;
    await work(tx);
    return true;
  });
}
