import { and, eq, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { storedFileChunks, storedFiles } from '../../db/schema-files.ts';

/** Starts a file; a key already taken fails (a key is used once). */
export async function insertFile(db: Db, key: string): Promise<void> {
  await db.insert(storedFiles).values({ key });
}

/** Writes chunk `seq` and marks the file written now; false when the file is gone (removed meanwhile). */
export async function appendChunk(db: Db, key: string, seq: number, data: Buffer): Promise<boolean> {
  const result = await db.execute(sql`
    with touched as (update ${storedFiles} set written_at = now() where key = ${key} returning key)
    insert into ${storedFileChunks} (key, seq, data) select key, ${seq}::int, ${data}::bytea from touched returning seq`);
  return (result as unknown as { rows: unknown[] }).rows.length === 1;
}

/** Marks the file whole: from now on it can be read. */
export async function completeFile(db: Db, key: string, size: number, chunks: number): Promise<void> {
  await db
    .update(storedFiles)
    .set({ size, chunks, writtenAt: sql`now()` })
    .where(eq(storedFiles.key, key));
}

/** A whole file's number of chunks; none for a missing key or an upload in flight. */
export async function findWholeFile(db: Db, key: string): Promise<{ chunks: number } | undefined> {
  const [row] = await db
    .select({ chunks: storedFiles.chunks })
    .from(storedFiles)
    .where(and(eq(storedFiles.key, key), isNotNull(storedFiles.chunks)));
  return row && { chunks: row.chunks! };
}

export async function readChunk(db: Db, key: string, seq: number): Promise<Buffer | undefined> {
  const [row] = await db
    .select({ data: storedFileChunks.data })
    .from(storedFileChunks)
    .where(and(eq(storedFileChunks.key, key), eq(storedFileChunks.seq, seq)));
  return row?.data;
}

/** Removes the file and its chunks (they cascade). */
export async function deleteFile(db: Db, key: string): Promise<void> {
  await db.delete(storedFiles).where(eq(storedFiles.key, key));
}

/** Keys starting with `prefix-` last written before `before`, uploads in flight and crash leftovers included. */
export async function listKeysWrittenBefore(db: Db, prefix: string, before: Date): Promise<string[]> {
  const rows = await db
    .select({ key: storedFiles.key })
    .from(storedFiles)
    .where(and(sql`starts_with(${storedFiles.key}, ${`${prefix}-`})`, lt(storedFiles.writtenAt, before)));
  return rows.map((row) => row.key);
}
