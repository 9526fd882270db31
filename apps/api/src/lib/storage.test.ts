import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { StorageKeyError, StorageLimitError, createLocalStorage, newStorageKey, type Storage } from './storage.ts';

let root: string;
let storage: Storage;

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'rozmova-storage-'));
  storage = createLocalStorage(root);
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

async function* refusedAtOnce(): AsyncGenerator<Buffer> {
  yield* [];
  throw new Error('not a type we keep');
}

describe('local storage', () => {
  test('keeps the bytes under the key and reads them back', async () => {
    const key = newStorageKey('documents');
    expect(await storage.put(key, Readable.from([Buffer.from('hello')]), 10)).toBe(5);
    const chunks: Buffer[] = [];
    for await (const chunk of await storage.get(key)) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('hello');
  });

  test('50 uploads refused in their first bytes at once leave no file behind', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () => storage.put(newStorageKey('diploma'), Readable.from(refusedAtOnce()), 10)),
    );
    expect(results.every((result) => result.status === 'rejected')).toBe(true);
    expect(readdirSync(root)).toEqual([]);
  });

  test('50 uploads over the limit at once are refused and leave no file behind', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () => storage.put(newStorageKey('diploma'), Readable.from([Buffer.alloc(20)]), 10)),
    );
    expect(results.every((result) => result.status === 'rejected' && result.reason instanceof StorageLimitError)).toBe(true);
    expect(readdirSync(root)).toEqual([]);
  });

  test('a key that is not ours is refused', async () => {
    await expect(storage.put('../outside', Readable.from([Buffer.from('x')]), 10)).rejects.toBeInstanceOf(StorageKeyError);
    await expect(storage.get('documents-1')).rejects.toBeInstanceOf(StorageKeyError);
  });
});
