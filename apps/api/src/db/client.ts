import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as chatSchema from './schema-chat.ts';
import * as coreSchema from './schema.ts';
import * as filesSchema from './schema-files.ts';
import * as staffSchema from './schema-staff.ts';

const schema = { ...coreSchema, ...chatSchema, ...staffSchema, ...filesSchema };

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Runs `work` while no other instance is migrating or preparing data at start (the migration lock on PostgreSQL;
   * PGlite has one process), so first-start work such as the first admin and demo data is done once.
   */
  withStartupLock<T>(work: () => Promise<T>): Promise<T>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
/** Serialises migrations and first-start data when several API instances start at once on one PostgreSQL. */
const STARTUP_LOCK = 7_403_112;

/**
 * PostgreSQL when a URL is given; otherwise embedded PGlite in `dataDir` (or in memory for `memory://`), started from
 * `pgliteSnapshot` when given (a data directory `snapshotPglite` made). Either way the migrations are applied.
 */
export async function openDatabase(options: { url?: string; dataDir?: string; pgliteSnapshot?: Blob }): Promise<Database> {
  if (options.url) return openPostgres(options.url);
  return openPglite(options.dataDir, options.pgliteSnapshot);
}

/** Connections each instance keeps to PostgreSQL at most (docs/scaling.md). */
const POOL_SIZE = 10;

async function openPostgres(url: string): Promise<Database> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  // A connection, once opened, stays: a new one costs a server process and cold caches, and a burst that opened
  // some would otherwise pay that again every time idle ones were closed (the chat bench's slowest sends).
  const pool = new pg.Pool({ connectionString: url, max: POOL_SIZE, min: POOL_SIZE });
  // An idle connection the server ends (restart, failover, a dropped database) leaves the pool, and the next query
  // opens a new one; without a listener that error would end the process.
  pool.on('error', () => undefined);
  const db = drizzle(pool, { schema }) as unknown as Db;
  async function withStartupLock<T>(work: () => Promise<T>): Promise<T> {
    const lockClient = await pool.connect();
    try {
      await lockClient.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
      return await work();
    } finally {
      await lockClient.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]).catch(() => undefined);
      lockClient.release();
    }
  }
  await withStartupLock(() => migrate(drizzle(pool, { schema }), { migrationsFolder }));
  return {
    db,
    kind: 'postgres',
    withStartupLock,
    ping: () => ping(db),
    close: () => pool.end(),
  };
}

async function startPglite(directory?: string, snapshot?: Blob) {
  const { PGlite, types } = await import('@electric-sql/pglite');
  const { btree_gist } = await import('@electric-sql/pglite/contrib/btree_gist');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const client = await PGlite.create({
    dataDir: directory,
    extensions: { btree_gist, pg_trgm },
    loadDataDir: snapshot,
    // PGlite's own bytea conversion goes a byte at a time (about 1 MB/s), and stored files pass through it. Bytes given
    // to the protocol as they are go as a binary parameter, as with node-postgres.
    serializers: { [types.BYTEA]: (bytes: Uint8Array) => bytes as unknown as string },
    parsers: { [types.BYTEA]: (hex: string) => Buffer.from(hex.slice(2), 'hex') },
  });
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  return { client, db };
}

/**
 * A migrated, empty in-memory PGlite data directory. Starting from it skips initdb and the migrations, which cost a
 * test file seconds of CPU (the test harness makes one per run).
 */
export async function snapshotPglite(): Promise<Blob> {
  const { client } = await startPglite();
  try {
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

async function openPglite(dataDir?: string, snapshot?: Blob): Promise<Database> {
  let directory: string | undefined;
  if (dataDir && dataDir !== 'memory://') {
    directory = path.join(dataDir, 'pglite');
    mkdirSync(directory, { recursive: true });
  }
  const { client, db } = await startPglite(directory, snapshot);
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    withStartupLock: (work) => work(),
    ping: () => ping(db as unknown as Db),
    close: () => client.close(),
  };
}

// A connection the server has just ended can still be handed out before its end arrives; the pool drops it when the
// query fails, so a ping tries a fresh one before saying the database is down.
async function ping(db: Db, attempts = 3): Promise<boolean> {
  for (let attempt = 0; attempt < attempts; attempt++) {
    try {
      await db.execute(sql`select 1`);
      return true;
    } catch {
      // the next attempt takes another connection
    }
  }
  return false;
}
