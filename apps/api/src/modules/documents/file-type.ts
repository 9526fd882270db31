import type { DocumentContentType } from '@rozmova/contracts';

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

/** The type of a document from its first bytes; the name and the client's content type are never consulted. */
export function detectFileType(head: Buffer): DetectedType | undefined {
  if (startsWith(head, [0x25, 0x50, 0x44, 0x46, 0x2d])) return { contentType: 'application/pdf', extension: 'pdf' };
  if (startsWith(head, [0xff, 0xd8, 0xff])) return { contentType: 'image/jpeg', extension: 'jpg' };
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { contentType: 'image/png', extension: 'png' };
  const brands = isoBrands(head);
  if (brands.some((brand) => heicBrands.has(brand))) return { contentType: 'image/heic', extension: 'heic' };
  if (brands.some((brand) => heifBrands.has(brand))) return { contentType: 'image/heif', extension: 'heif' };
  return undefined;
}
