/**
 * Uploads: a 10 MB file written to and read back from the shared backend (`STORAGE_URL=database`: chunks in the app's
 * database), against the baseline run in the same process on the same machine, the local folder (`DATA_DIR/uploads`),
 * on PGlite and on PostgreSQL. Content arrives in 64 KiB pieces as from a socket, made as it goes, and is read back
 * through a SHA-256. Exits non-zero only when bytes read back differ from those written.
 */
import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Database } from '../apps/api/src/db/client.ts';
import { createLocalStorage, newStorageKey, type Storage } from '../apps/api/src/lib/storage.ts';
import { createDatabaseStorage } from '../apps/api/src/modules/files/files.service.ts';
import {
  envNumber,
  format,
  markFailed,
  onEachDatabase,
  percentile,
  printHeader,
  printTable,
  runBench,
  verdict,
  type DatabaseLabel,
} from './support.ts';

const MB = 1024 * 1024;
const SIZE = Math.round(envNumber('BENCH_FILE_BYTES', 10 * MB, 300 * 1024));
const ROUNDS = Math.round(envNumber('BENCH_ROUNDS', 5, 1));
const PIECE = 64 * 1024;
const TARGET_MS = 1000;
const TIME_LIMIT_MS = 10 * 60_000;

interface Transfer {
  upMs: number;
  downMs: number;
}

interface Row {
  database: DatabaseLabel;
  local: Transfer[];
  shared: Transfer[];
}

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

/** `SIZE` bytes in pieces made one at a time from a random block and the piece's number; also their SHA-256. */
function content(): { pieces: () => Readable; sha256: string } {
  const block = randomBytes(PIECE);
  function* make() {
    for (let at = 0, n = 0; at < SIZE; at += PIECE, n++) {
      const piece = Buffer.from(block.subarray(0, Math.min(PIECE, SIZE - at)));
      piece.writeUInt32BE(n, 0);
      yield piece;
    }
  }
  const hash = createHash('sha256');
  for (const piece of make()) hash.update(piece);
  return { pieces: () => Readable.from(make()), sha256: hash.digest('hex') };
}

async function sha256Of(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const piece of stream) hash.update(piece as Buffer);
  return hash.digest('hex');
}

async function transfer(name: string, storage: Storage, file: ReturnType<typeof content>): Promise<Transfer> {
  const key = newStorageKey('documents');
  let started = performance.now();
  const size = await storage.put(key, file.pieces(), SIZE);
  const upMs = performance.now() - started;
  started = performance.now();
  const read = await sha256Of(await storage.get(key));
  const downMs = performance.now() - started;
  if (size !== SIZE || read !== file.sha256) {
    markFailed();
    console.error(`  ${name}: read back ${read === file.sha256 ? 'the same bytes' : 'other bytes'}, size ${size} of ${SIZE}`);
  }
  await storage.delete(key);
  return { upMs, downMs };
}

async function measure(database: DatabaseLabel, opened: Database, dataDir: string): Promise<Row> {
  const file = content();
  const backends = {
    local: createLocalStorage(path.join(dataDir, 'uploads')),
    shared: createDatabaseStorage(opened.db),
  };
  const row: Row = { database, local: [], shared: [] };
  console.log(`${database}: a warm-up of each, then ${ROUNDS} rounds`);
  for (const name of ['local', 'shared'] as const) await transfer(name, backends[name], file);
  for (let round = 0; round < ROUNDS; round++) {
    for (const name of ['local', 'shared'] as const) {
      const result = await transfer(name, backends[name], file);
      row[name].push(result);
      console.log(`  ${name.padEnd(6)} round ${round + 1}: up ${format(result.upMs, 0)} ms, down ${format(result.downMs, 0)} ms`);
    }
  }
  return row;
}

function printResults(rows: Row[]) {
  const figures = (transfers: Transfer[]) => ({ up: median(transfers.map((t) => t.upMs)), down: median(transfers.map((t) => t.downMs)) });
  const table = rows.flatMap((row) =>
    (['local', 'shared'] as const).map((name) => {
      const { up, down } = figures(row[name]);
      return [row.database, name, format(up, 0), format(down, 0), format(SIZE / MB / (up / 1000), 1), format(SIZE / MB / (down / 1000), 1)];
    }),
  );
  printTable(['database', 'backend', 'up ms', 'down ms', 'up MB/s', 'down MB/s'], table, [0, 1]);
  for (const row of rows) {
    const local = figures(row.local);
    const shared = figures(row.shared);
    const judged =
      row.database === 'PostgreSQL'
        ? `  (target each < ${TARGET_MS} ms on PostgreSQL)  ${verdict(shared.up < TARGET_MS && shared.down < TARGET_MS, 'MISSED')}`
        : '';
    console.log(
      `${row.database.padEnd(10)} shared/local time: up ${format(shared.up / local.up, 1)}, down ${format(shared.down / local.down, 1)}${judged}`,
    );
  }
}

runBench('storage', { timeLimitMs: TIME_LIMIT_MS, failureMessage: 'Bytes read back differ from those written.' }, async () => {
  printHeader(
    `Uploads: ${format(SIZE / MB, 2)} MB up and down, local folder (baseline) and the database (shared); median of ${ROUNDS} rounds`,
  );
  printResults(await onEachDatabase(measure, { tmpPrefix: 'rozmova-storage-' }));
});
