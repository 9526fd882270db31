import type { DetectedType } from '../../lib/file-type.ts';
import { pad2, wallClock } from '@rozmova/contracts';

/** Names keep under this many characters and UTF-8 bytes: room under the 255-byte limit of common file systems. */
export const FILE_NAME_MAX_CHARS = 120;
const FILE_NAME_MAX_BYTES = 240;

const DOCUMENT_BASE_NAME = 'Документ';
const DOCUMENT_TIME_ZONE = 'Europe/Kyiv';

/** Extensions a person may have given each detected type; any other is replaced by the type's own. */
const extensionsOf: Record<string, readonly string[]> = {
  pdf: ['pdf'],
  jpg: ['jpg', 'jpeg', 'jpe', 'jfif'],
  png: ['png'],
  heic: ['heic', 'heif'],
  heif: ['heif', 'heic'],
};

// Bidi embeddings, overrides, isolates and marks, zero-width space, word joiner, BOM, unpaired surrogates and the
// replacement character of undecodable bytes: nothing a person sees, or something that makes the name lie.
const INVISIBLE = /[\p{Cs}\u061C\u200B\u200E\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF\uFFFD]/gu;
// Not allowed in a file name on Windows or macOS.
const ILLEGAL = /[\\/:*?"<>|]/g;
const EDGES = /^[\s.]+|[\s.]+$/g;
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com\d|lpt\d)$/i;
// A final ".xyz" that names a file type (letters, maybe digits); "12.05.2026" ends in a date, not a type.
const TYPE_EXTENSION = /^(?=.*[a-z])[a-z0-9]{1,5}$/i;

const graphemes = new Intl.Segmenter('und', { granularity: 'grapheme' });

/** The longest start of `text` that keeps whole characters (emoji, letters with accents) within both limits. */
function truncate(text: string, maxChars: number, maxBytes: number): string {
  let kept = '';
  let chars = 0;
  let bytes = 0;
  for (const { segment } of graphemes.segment(text)) {
    chars += [...segment].length;
    bytes += Buffer.byteLength(segment);
    if (chars > maxChars || bytes > maxBytes) break;
    kept += segment;
  }
  return kept;
}

/**
 * The name a document keeps from the one its uploader's device sent: Unicode NFC, without folders, invisible or
 * direction-changing characters and characters file systems refuse, spaces collapsed, no dots or spaces at the ends,
 * at most {@link FILE_NAME_MAX_CHARS} characters, and the extension of the type read from the content. Undefined when
 * nothing is left.
 */
export function cleanFileName(sent: string | undefined, type: DetectedType): string | undefined {
  const name = (sent ?? '')
    .normalize('NFC')
    .replace(/^.*[/\\]/s, '')
    .replace(INVISIBLE, '')
    .replace(/\s+/g, ' ')
    .replace(/\p{Cc}/gu, '')
    .replace(ILLEGAL, '_')
    .replace(/ {2,}/g, ' ')
    .replace(/^ +|[ .]+$/g, '');
  const dot = name.lastIndexOf('.');
  const given = dot >= 0 && TYPE_EXTENSION.test(name.slice(dot + 1)) ? name.slice(dot + 1).toLowerCase() : undefined;
  const extension = given && extensionsOf[type.extension]?.includes(given) ? given : type.extension;
  const suffix = `.${extension}`;
  let base = (given ? name.slice(0, dot) : name).replace(EDGES, '');
  // "CON.pdf" is still a device on Windows.
  if (WINDOWS_DEVICE.test(base.split('.')[0]!.trim())) base = `_${base}`;
  base = truncate(base, FILE_NAME_MAX_CHARS - suffix.length, FILE_NAME_MAX_BYTES - suffix.length).replace(EDGES, '');
  return base ? `${base}${suffix}` : undefined;
}

/** The name when nothing of the sent one is left: "Документ" with the Kyiv date and time and the extension. */
export function generatedFileName(at: Date, extension: string): string {
  const wall = new Date(wallClock(at.getTime(), DOCUMENT_TIME_ZONE));
  const date = `${pad2(wall.getUTCDate())}.${pad2(wall.getUTCMonth() + 1)}.${wall.getUTCFullYear()}`;
  return `${DOCUMENT_BASE_NAME} ${date} ${pad2(wall.getUTCHours())}-${pad2(wall.getUTCMinutes())}.${extension}`;
}

/** The stored `file` is URL-encoded (docs/product.md §5); a value that does not decode is shown as it is. */
export function readableFileName(file: string): string {
  try {
    return decodeURIComponent(file);
  } catch {
    return file;
  }
}

/** RFC 5987 encoding: encodeURIComponent leaves ' ( ) * ! unencoded, which a header parameter may not carry. */
const encodeRfc5987 = (value: string) =>
  encodeURIComponent(value).replace(/['()*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The name for clients that read only `filename`: ASCII letters without accents, anything else "_". */
function asciiFileName(name: string): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]|["\\%]/g, '_')
    .replace(/_{2,}/g, '_');
  const dot = ascii.lastIndexOf('.');
  return /[a-z0-9]/i.test(dot > 0 ? ascii.slice(0, dot) : ascii) ? ascii : `document${dot > 0 ? ascii.slice(dot) : ''}`;
}

/** `Content-Disposition` with the name for every client (RFC 6266, RFC 5987). */
export function contentDisposition(disposition: 'attachment' | 'inline', name: string): string {
  return `${disposition}; filename="${asciiFileName(name)}"; filename*=UTF-8''${encodeRfc5987(name)}`;
}
