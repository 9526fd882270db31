import { customType, foreignKey, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Uploaded files kept in the database when `STORAGE_URL=database` (docs/storage.md), so every API instance reads the
 * same ones (drizzle-kit reads this file beside schema.ts). A file's bytes are rows of at most one chunk each.
 */

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  // node-postgres answers a Buffer, PGlite a Uint8Array: the same bytes either way, without a copy.
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength)),
});

/** One stored file: `size` and `chunks` are set once its last chunk is written; until then it is an upload in flight. */
export const storedFiles = pgTable('stored_files', {
  key: text('key').primaryKey(),
  size: integer('size'),
  chunks: integer('chunks'),
  /** When a chunk was last written (the database's clock, one for every instance). */
  writtenAt: timestamp('written_at', { withTimezone: true }).notNull().defaultNow(),
});

export const storedFileChunks = pgTable(
  'stored_file_chunks',
  {
    key: text('key').notNull(),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.seq] }), foreignKey({ columns: [t.key], foreignColumns: [storedFiles.key] }).onDelete('cascade')],
);
