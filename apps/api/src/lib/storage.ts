import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Where uploaded bytes live. Keys come from `newStorageKey()`, never from anything a user sent. */
export interface Storage {
  /** Writes the stream under `key`; refuses (and removes what was written) once it passes `maxBytes`. Returns the size. */
  put(key: string, stream: Readable, maxBytes: number): Promise<number>;
  /** The bytes under `key`; throws `StorageNotFoundError` when there are none. */
  get(key: string): Promise<Readable>;
  /** Removes the bytes under `key`; a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** The keys made with `prefix` whose bytes were last written before `before`. */
  listOlderThan(prefix: string, before: Date): Promise<string[]>;
}

export class StorageLimitError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The content is larger than ${maxBytes} bytes`);
  }
}

export class StorageNotFoundError extends Error {}

export class StorageKeyError extends Error {}

/** A fresh random key; `prefix` is a fixed word of the caller (e.g. `documents`), never user input. */
export const newStorageKey = (prefix: string) => `${prefix}-${randomUUID()}`;

const KEY_PATTERN = /^[a-z]{1,32}-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Refuses a key that `newStorageKey` did not make. */
export function checkStorageKey(key: string): void {
  if (!KEY_PATTERN.test(key)) throw new StorageKeyError('Invalid storage key');
}

/** Files in one folder (`DATA_DIR/uploads`); a key that is not ours, or would resolve outside the folder, is refused. */
export function createLocalStorage(root: string): Storage {
  const folder = path.resolve(root);
  let ready: Promise<unknown> | undefined;

  function pathOf(key: string): string {
    checkStorageKey(key);
    const resolved = path.resolve(folder, key);
    if (path.dirname(resolved) !== folder) throw new StorageKeyError('Invalid storage key');
    return resolved;
  }

  return {
    async put(key, stream, maxBytes) {
      const target = pathOf(key);
      ready ??= mkdir(folder, { recursive: true, mode: 0o700 });
      await ready;
      let size = 0;
      const limit = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          if (size > maxBytes) done(new StorageLimitError(maxBytes));
          else done(null, chunk);
        },
      });
      // `wx`: never overwrite; a key is used once.
      const file = createWriteStream(target, { flags: 'wx', mode: 0o600 });
      try {
        await pipeline(stream, limit, file);
      } catch (error) {
        // A refusal in the first bytes can come before the file is even open: removed only once it is closed.
        if (!file.closed) await new Promise<void>((resolve) => file.once('close', () => resolve()));
        await rm(target, { force: true });
        throw error;
      }
      return size;
    },

    async get(key) {
      const target = pathOf(key);
      try {
        await stat(target);
      } catch {
        throw new StorageNotFoundError('No such file');
      }
      return createReadStream(target);
    },

    async delete(key) {
      await rm(pathOf(key), { force: true });
    },

    async listOlderThan(prefix, before) {
      let names: string[];
      try {
        names = await readdir(folder);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      }
      const keys: string[] = [];
      for (const name of names) {
        if (!name.startsWith(`${prefix}-`) || !KEY_PATTERN.test(name)) continue;
        // A file removed meanwhile (its document deleted) is simply not listed.
        const modified = await stat(path.join(folder, name)).then(
          (stats) => stats.mtime,
          () => undefined,
        );
        if (modified && modified < before) keys.push(name);
      }
      return keys;
    },
  };
}
