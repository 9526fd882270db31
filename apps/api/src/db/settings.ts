import { eq, sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { settings } from './schema.ts';

/** The value kept under `key` in `settings`, or undefined when none is. */
export async function readSetting(db: Db, key: string): Promise<unknown> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  return row?.value;
}

/** Keeps `value` under `key` unless a value is kept already: of two instances starting at once, the first insert wins. */
export async function insertSettingOnce(db: Db, key: string, value: unknown): Promise<void> {
  await db.insert(settings).values({ key, value }).onConflictDoNothing({ target: settings.key });
}

/** Keeps `value` under `key`, replacing what was kept. */
export async function writeSetting(db: Db, key: string, value: unknown): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
}
