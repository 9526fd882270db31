import { Readable } from 'node:stream';
import type { DocumentContentType } from '@rozmova/contracts';
import { StorageLimitError, type Storage } from './storage.ts';

export interface DetectedType {
  contentType: DocumentContentType;
  extension: string;
}

/** How many leading bytes `detectFileType` needs at most. */
export const SNIFF_BYTES = 64;

const startsWith = (head: Buffer, bytes: number[]) => head.length >= bytes.length && bytes.every((byte, i) => head[i] === byte);

const heicBrands = new Set(['heic', 'heix', 'hevc', 'heim', 'heis', 'hevm', 'hevs']);
const heifBrands = new Set(['mif1', 'msf1']);

/** An ISO-BMFF `ftyp` box: size (4 bytes), "ftyp", major brand, minor version, compatible brands. */
function isoBrands(head: Buffer): string[] {
  if (head.length < 12 || head.toString('latin1', 4, 8) !== 'ftyp') return [];
  const boxSize = head.readUInt32BE(0);
  if (boxSize < 16) return [];
  const end = Math.min(boxSize, head.length);
  const brands = [head.toString('latin1', 8, 12)];
  for (let offset = 16; offset + 4 <= end; offset += 4) brands.push(head.toString('latin1', offset, offset + 4));
  return brands;
}

/** The type of a file from its first bytes; the name and the client's content type are never consulted. */
export function detectFileType(head: Buffer): DetectedType | undefined {
  if (startsWith(head, [0x25, 0x50, 0x44, 0x46, 0x2d])) return { contentType: 'application/pdf', extension: 'pdf' };
  if (startsWith(head, [0xff, 0xd8, 0xff])) return { contentType: 'image/jpeg', extension: 'jpg' };
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { contentType: 'image/png', extension: 'png' };
  const brands = isoBrands(head);
  if (brands.some((brand) => heicBrands.has(brand))) return { contentType: 'image/heic', extension: 'heic' };
  if (brands.some((brand) => heifBrands.has(brand))) return { contentType: 'image/heif', extension: 'heif' };
  return undefined;
}

/** Passes the bytes through once their first bytes are an accepted type; `onType` learns the type before any byte. */
async function* sniffed(
  source: AsyncIterable<Buffer>,
  accept: (type: DetectedType | undefined) => DetectedType,
  onType: (type: DetectedType) => void,
): AsyncGenerator<Buffer> {
  let head: Buffer | undefined = Buffer.alloc(0);
  const decide = () => onType(accept(detectFileType(head!)));
  for await (const chunk of source) {
    if (head === undefined) {
      yield chunk;
      continue;
    }
    head = Buffer.concat([head, chunk]);
    if (head.length < SNIFF_BYTES) continue;
    decide();
    const first = head;
    head = undefined;
    yield first;
  }
  if (head !== undefined) {
    decide();
    yield head;
  }
}

/**
 * Streams an upload into `storage` under `key`, checking its type from the first bytes (`accept` answers the type or
 * throws) and its size as it goes (`tooLarge()` is thrown past `maxBytes`). Nothing stays stored when it is refused.
 */
export async function storeCheckedFile(
  storage: Storage,
  key: string,
  content: AsyncIterable<Buffer>,
  rules: { maxBytes: number; accept: (type: DetectedType | undefined) => DetectedType; tooLarge: () => Error },
): Promise<{ type: DetectedType; size: number }> {
  let type: DetectedType | undefined;
  try {
    const size = await storage.put(key, Readable.from(sniffed(content, rules.accept, (detected) => (type = detected))), rules.maxBytes);
    return { type: type!, size };
  } catch (error) {
    if (error instanceof StorageLimitError) throw rules.tooLarge();
    throw error;
  }
}
