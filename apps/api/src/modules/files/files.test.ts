import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { storedFileChunks, storedFiles } from '../../db/schema-files.ts';
import {
  createLocalStorage,
  newStorageKey,
  StorageKeyError,
  StorageLimitError,
  StorageNotFoundError,
  type Storage,
} from '../../lib/storage.ts';
import { createTestApp } from '../../test/harness.ts';
import { createDatabaseStorage } from './files.service.ts';

/** A backend under test and what it holds: file names, or the keys of file and chunk rows. */
interface Backend {
  storage: Storage;
  held(): Promise<string[]>;
  close(): Promise<void>;
}

async function localFolder(): Promise<Backend> {
  const root = mkdtempSync(path.join(tmpdir(), 'rozmova-storage-'));
  return {
    storage: createLocalStorage(root),
    held: async () => readdirSync(root).sort(),
    close: async () => rmSync(root, { recursive: true, force: true }),
  };
}

async function appDatabase(): Promise<Backend> {
  const t = await createTestApp();
  const { db } = t.database;
  return {
    storage: createDatabaseStorage(db),
    held: async () => {
      const files = await db.select({ key: storedFiles.key }).from(storedFiles);
      const chunks = await db.select({ key: storedFileChunks.key, seq: storedFileChunks.seq }).from(storedFileChunks);
      return [...files.map((row) => row.key), ...chunks.map((row) => `${row.key}#${row.seq}`)].sort();
    },
    close: () => t.close(),
  };
}

async function bytesOf(stream: Readable): Promise<Buffer> {
  const pieces: Buffer[] = [];
  for await (const piece of stream) pieces.push(piece as Buffer);
  return Buffer.concat(pieces);
}

/** `content` in pieces of 64 KiB, as an upload arrives. */
function piecesOf(content: Buffer): Readable {
  const pieces: Buffer[] = [];
  for (let at = 0; at < content.length; at += 64 * 1024) pieces.push(content.subarray(at, at + 64 * 1024));
  return Readable.from(pieces);
}

async function* refusedAtOnce(): AsyncGenerator<Buffer> {
  yield* [];
  throw new Error('not a type we keep');
}

// Both backends keep one contract; the database's chunks are 256 KiB, so sizes here cross their boundaries.
describe.each([
  ['the local folder', localFolder],
  ['the database', appDatabase],
])('storage in %s', (_name, open) => {
  let backend: Backend;
  let storage: Storage;
  beforeAll(async () => {
    backend = await open();
    storage = backend.storage;
  });
  afterAll(async () => {
    await backend?.close();
  });

  test('keeps the bytes under the key and reads them back, whatever their size', async () => {
    for (const size of [0, 5, 256 * 1024, 1024 * 1024 + 3]) {
      const content = randomBytes(size);
      const key = newStorageKey('documents');
      expect(await storage.put(key, piecesOf(content), 2 * 1024 * 1024)).toBe(size);
      expect((await bytesOf(await storage.get(key))).equals(content)).toBe(true);
    }
  });

  test('a deleted key and a key never written are not found; deleting a missing key is no error', async () => {
    const key = newStorageKey('documents');
    await storage.put(key, piecesOf(Buffer.from('hello')), 10);
    await storage.delete(key);
    await expect(storage.get(key)).rejects.toBeInstanceOf(StorageNotFoundError);
    await expect(storage.get(newStorageKey('documents'))).rejects.toBeInstanceOf(StorageNotFoundError);
    await storage.delete(key);
    expect(await backend.held()).not.toContainEqual(expect.stringContaining(key));
  });

  test('lists the keys of a prefix written before a time, and no other', async () => {
    const document = newStorageKey('documents');
    const diploma = newStorageKey('diploma');
    await storage.put(document, piecesOf(Buffer.from('a')), 10);
    await storage.put(diploma, piecesOf(Buffer.from('b')), 10);
    const later = await storage.listOlderThan('documents', new Date(Date.now() + 60_000));
    expect(later).toContain(document);
    expect(later).not.toContain(diploma);
    expect(await storage.listOlderThan('documents', new Date(Date.now() - 60_000))).not.toContain(document);
    expect(await storage.listOlderThan('diploma', new Date(Date.now() + 60_000))).toContain(diploma);
  });

  test('a key that is not ours is refused, and nothing is written', async () => {
    const before = await backend.held();
    for (const key of ['../outside', 'documents-1', 'Documents-0b6f7c8e-6f53-4c0c-9d3e-1f1f0f0f0f0f']) {
      await expect(storage.put(key, piecesOf(Buffer.from('x')), 10)).rejects.toBeInstanceOf(StorageKeyError);
      await expect(storage.get(key)).rejects.toBeInstanceOf(StorageKeyError);
      await expect(storage.delete(key)).rejects.toBeInstanceOf(StorageKeyError);
    }
    expect(await backend.held()).toEqual(before);
  });

  test('an upload over the limit is refused once it passes it, and nothing of it is left', async () => {
    const before = await backend.held();
    const key = newStorageKey('documents');
    const refused = storage.put(key, piecesOf(randomBytes(600 * 1024)), 500 * 1024);
    await expect(refused).rejects.toBeInstanceOf(StorageLimitError);
    await expect(storage.get(key)).rejects.toBeInstanceOf(StorageNotFoundError);
    expect(await backend.held()).toEqual(before);
  });

  test('50 uploads over the limit at once are refused and leave nothing behind', async () => {
    const before = await backend.held();
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () => storage.put(newStorageKey('diploma'), Readable.from([Buffer.alloc(20)]), 10)),
    );
    expect(results.every((result) => result.status === 'rejected' && result.reason instanceof StorageLimitError)).toBe(true);
    expect(await backend.held()).toEqual(before);
  });

  test('50 uploads refused in their first bytes at once leave nothing behind', async () => {
    const before = await backend.held();
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () => storage.put(newStorageKey('diploma'), Readable.from(refusedAtOnce()), 10)),
    );
    expect(results.every((result) => result.status === 'rejected')).toBe(true);
    expect(await backend.held()).toEqual(before);
  });

  test('50 uploads at once are each kept whole and read back as their own', async () => {
    const contents = Array.from({ length: 50 }, (_, i) => randomBytes(200 * 1024 + i * 1024));
    const keys = contents.map(() => newStorageKey('documents'));
    const sizes = await Promise.all(contents.map((content, i) => storage.put(keys[i]!, piecesOf(content), 1024 * 1024)));
    expect(sizes).toEqual(contents.map((content) => content.length));
    expect(new Set(keys).size).toBe(50);
    const read = await Promise.all(keys.map(async (key) => bytesOf(await storage.get(key))));
    expect(read.map((bytes, i) => bytes.equals(contents[i]!))).toEqual(contents.map(() => true));
  });
});

describe('storage in the database', () => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await appDatabase();
  });
  afterAll(async () => {
    await backend?.close();
  });

  test('an upload in flight is not read, yet is listed as written, until its last chunk is in', async () => {
    const { storage } = backend;
    const key = newStorageKey('documents');
    let resume!: () => void;
    const paused = new Promise<void>((resolve) => (resume = resolve));
    let firstWritten!: () => void;
    const written = new Promise<void>((resolve) => (firstWritten = resolve));
    async function* slowUpload(): AsyncGenerator<Buffer> {
      yield randomBytes(300 * 1024);
      yield randomBytes(1);
      firstWritten();
      await paused;
      yield Buffer.from('end');
    }
    const upload = storage.put(key, Readable.from(slowUpload()), 1024 * 1024);
    await written;
    await expect(storage.get(key)).rejects.toBeInstanceOf(StorageNotFoundError);
    expect(await storage.listOlderThan('documents', new Date(Date.now() + 60_000))).toContain(key);
    resume();
    expect(await upload).toBe(300 * 1024 + 4);
    expect((await bytesOf(await storage.get(key))).length).toBe(300 * 1024 + 4);
  });
});
