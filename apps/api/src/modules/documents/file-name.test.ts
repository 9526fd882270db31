import { describe, expect, test } from 'vitest';
import type { DetectedType } from '../../lib/file-type.ts';
import { cleanFileName, contentDisposition, FILE_NAME_MAX_CHARS, generatedFileName, readableFileName } from './file-name.ts';

const PDF: DetectedType = { contentType: 'application/pdf', extension: 'pdf' };
const JPEG: DetectedType = { contentType: 'image/jpeg', extension: 'jpg' };
const PNG: DetectedType = { contentType: 'image/png', extension: 'png' };
const HEIF: DetectedType = { contentType: 'image/heif', extension: 'heif' };

const codePoints = (text: string) => [...text].length;

describe('cleanFileName', () => {
  test.each([
    ['test.pdf', PDF, 'test.pdf'],
    ['Аналіз крові 12.05.2026.pdf', PDF, 'Аналіз крові 12.05.2026.pdf'],
    ['Висновок лікаря (Ґалаґан, Єва, Їжак).pdf', PDF, 'Висновок лікаря (Ґалаґан, Єва, Їжак).pdf'],
    ['Знімок 🙂 зуба.jpeg', JPEG, 'Знімок 🙂 зуба.jpeg'],
    ['family 👨‍👩‍👧 scan.png', PNG, 'family 👨‍👩‍👧 scan.png'],
    ['SCAN.PDF', PDF, 'SCAN.pdf'],
    ['photo.JPG', JPEG, 'photo.jpg'],
    ['iphone photo.heic', HEIF, 'iphone photo.heic'],
  ])('keeps %j (%s) as %j', (sent, type, kept) => {
    expect(cleanFileName(sent, type)).toBe(kept);
  });

  test('composes decomposed letters (NFC), as macOS sends them', () => {
    const decomposed = 'Йосип.pdf'.normalize('NFD');
    expect(decomposed).not.toBe('Йосип.pdf');
    expect(cleanFileName(decomposed, PDF)).toBe('Йосип.pdf');
  });

  test.each([
    ['../../etc/passwd', 'passwd.pdf'],
    ['..\\..\\Windows\\system32\\evil.pdf', 'evil.pdf'],
    ['C:\\Users\\Олена\\Desktop\\скан.pdf', 'скан.pdf'],
    ['\u202Eexe.pdf', 'exe.pdf'],
    ['invoice\u202Efdp.exe', 'invoicefdp.pdf'],
    ['\u2067report\u2069\u200F.pdf', 'report.pdf'],
    ['a\u0000b\u0007c\u007f\u0085.pdf', 'abc.pdf'],
    ['\uFEFFbom\u200Bzero.pdf', 'bomzero.pdf'],
    ['what: "why" <now> | a*b?.pdf', 'what_ _why_ _now_ _ a_b_.pdf'],
    ['  many   \t spaces \n and\u00A0lines  .pdf', 'many spaces and lines.pdf'],
    ['...hidden.pdf', 'hidden.pdf'],
    ['trailing dots... .pdf', 'trailing dots.pdf'],
    ['CON.pdf', '_CON.pdf'],
    ['lpt1.backup.pdf', '_lpt1.backup.pdf'],
  ])('cleans %j to %j', (sent, kept) => {
    expect(cleanFileName(sent, PDF)).toBe(kept);
  });

  test.each([
    ['a PNG named .pdf', 'scan.pdf', PNG, 'scan.png'],
    ['an executable name', 'my scan.exe', PDF, 'my scan.pdf'],
    ['no extension', 'Результати', PDF, 'Результати.pdf'],
    ['a date at the end', 'Аналіз 12.05.2026', PDF, 'Аналіз 12.05.2026.pdf'],
    ['a sentence with dots', 'Dr. Smith', PDF, 'Dr. Smith.pdf'],
    ['a Cyrillic "extension"', 'файл.пдф', PDF, 'файл.пдф.pdf'],
    ['a JPEG named .heic', 'photo.heic', JPEG, 'photo.jpg'],
  ])('the extension follows the content: %s', (_case, sent, type, kept) => {
    expect(cleanFileName(sent, type)).toBe(kept);
  });

  test('a 500-character name is cut to the limit, keeping the extension', () => {
    const kept = cleanFileName(`${'Довідка '.repeat(62)}кінець.pdf`, PDF)!;
    expect(codePoints(kept)).toBeLessThanOrEqual(FILE_NAME_MAX_CHARS);
    expect(Buffer.byteLength(kept)).toBeLessThanOrEqual(240);
    expect(kept).toMatch(/^Довідка Довідка .*\S\.pdf$/);
  });

  test('a long emoji name is cut between whole characters, within the byte limit', () => {
    const kept = cleanFileName(`${'👨‍👩‍👧'.repeat(100)}.png`, PNG)!;
    expect(kept.endsWith('.png')).toBe(true);
    expect(Buffer.byteLength(kept)).toBeLessThanOrEqual(240);
    expect(kept.slice(0, -4)).toMatch(/^(👨‍👩‍👧)+$/u);
  });

  test.each([[undefined], [''], ['   '], ['...'], ['.pdf'], ['\u202E\u200B'], ['../..'], ['\uFFFD\uFFFD.pdf']])(
    'nothing left of %j: undefined',
    (sent) => {
      expect(cleanFileName(sent, PDF)).toBeUndefined();
    },
  );
});

test('the generated name is "Документ" with the Kyiv date and time', () => {
  expect(generatedFileName(new Date('2026-11-22T12:05:00Z'), 'pdf')).toBe('Документ 22.11.2026 14-05.pdf');
});

test('a stored name is decoded; one that does not decode is shown as it is', () => {
  expect(readableFileName(encodeURIComponent('Аналіз.pdf'))).toBe('Аналіз.pdf');
  expect(readableFileName('100%.pdf')).toBe('100%.pdf');
});

describe('contentDisposition', () => {
  test.each([
    ['attachment', 'test.pdf', `attachment; filename="test.pdf"; filename*=UTF-8''test.pdf`],
    [
      'inline',
      'Аналіз крові.pdf',
      `inline; filename="document.pdf"; filename*=UTF-8''%D0%90%D0%BD%D0%B0%D0%BB%D1%96%D0%B7%20%D0%BA%D1%80%D0%BE%D0%B2%D1%96.pdf`,
    ],
    ['attachment', 'Café (1).pdf', `attachment; filename="Cafe (1).pdf"; filename*=UTF-8''Caf%C3%A9%20%281%29.pdf`],
    ['attachment', "100% it's.pdf", `attachment; filename="100_ it's.pdf"; filename*=UTF-8''100%25%20it%27s.pdf`],
    ['attachment', 'Звіт 2026.pdf', `attachment; filename="_ 2026.pdf"; filename*=UTF-8''%D0%97%D0%B2%D1%96%D1%82%202026.pdf`],
  ] as const)('%s %j', (disposition, name, header) => {
    expect(contentDisposition(disposition, name)).toBe(header);
  });
});
