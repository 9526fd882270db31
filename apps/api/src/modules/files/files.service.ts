import { Readable } from 'node:stream';
import type { Db } from '../../db/client.ts';
import { checkStorageKey, StorageLimitError, StorageNotFoundError, type Storage } from '../../lib/storage.ts';
import { appendChunk, completeFile, deleteFile, findWholeFile, insertFile, listKeysWrittenBefore, readChunk } from './files.repository.ts';

/** The bytes of one chunk row: what an upload or a download holds in memory at most, besides the piece it is reading. */
const CHUNK_BYTES = 256 * 1024;

/**
 * Files in the app's database (`STORAGE_URL=database`, docs/storage.md), so every instance reads the same ones. Each
 * chunk is a statement of its own: one transaction over a slow client's upload would hold a pooled connection the
 * whole time.
 */
export function createDatabaseStorage(db: Db): Storage {
  return {
    async put(key, stream, maxBytes) {
      checkStorageKey(key);
      await insertFile(db, key);
      let size = 0;
      let chunks = 0;
      let pending: Buffer = Buffer.alloc(0);
      const write = async (data: Buffer) => {
        if (!(await appendChunk(db, key, chunks, data))) throw new StorageNotFoundError('The file was removed while it was written');
        chunks++;
      };
      try {
        for await (const piece of stream) {
          const bytes = piece as Buffer;
          size += bytes.length;
          if (size > maxBytes) throw new StorageLimitError(maxBytes);
          pending = pending.length === 0 ? bytes : Buffer.concat([pending, bytes]);
          while (pending.length >= CHUNK_BYTES) {
            await write(pending.subarray(0, CHUNK_BYTES));
            pending = pending.subarray(CHUNK_BYTES);
          }
        }
        if (pending.length > 0) await write(pending);
        await completeFile(db, key, size, chunks);
      } catch (error) {
        await deleteFile(db, key);
        throw error;
      }
      return size;
    },

    async get(key) {
      checkStorageKey(key);
      const file = await findWholeFile(db, key);
      if (!file) throw new StorageNotFoundError('No such file');
      // Not in object mode: the stream reads the next chunk only once the one before has been taken.
      return Readable.from(chunksOf(db, key, file.chunks), { objectMode: false });
    },

    async delete(key) {
      checkStorageKey(key);
      await deleteFile(db, key);
    },

    listOlderThan: (prefix, before) => listKeysWrittenBefore(db, prefix, before),
  };
}

async function* chunksOf(db: Db, key: string, count: number): AsyncGenerator<Buffer> {
  for (let seq = 0; seq < count; seq++) {
    const data = await readChunk(db, key, seq);
    if (!data) throw new StorageNotFoundError('The file was removed while it was read');
    yield data;
  }
}
