import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import uk from '../locales/uk.json';
import { sizeText, toListedReference } from './documents.ts';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({ lng: 'uk', resources: { en: { translation: en }, uk: { translation: uk } }, interpolation: { escapeValue: false } });
});

describe('toListedReference', () => {
  it('decodes the stored name and labels the creation date as dd.MM.YY', () => {
    const createdAt = new Date(2025, 9, 7, 14, 5).toISOString();
    const listed = toListedReference({
      id: 'r1',
      file: encodeURIComponent('Документ 07.10.2025 14-05.png'),
      patient_id: 'p1',
      status: 'new',
      content_type: 'image/png',
      size: 2048,
      createdAt,
      updatedAt: createdAt,
    });
    expect(listed.name).toBe('Документ 07.10.2025 14-05.png');
    expect(listed.reference_createdAt_label).toBe('07.10.25');
  });

  it('decodes a kept name with any characters', () => {
    const createdAt = new Date(2026, 10, 25).toISOString();
    const name = "Аналіз крові (Ґ, Є) 100% 🙂 it's.pdf";
    const listed = toListedReference({
      id: 'r3',
      file: encodeURIComponent(name),
      patient_id: 'p1',
      status: 'new',
      content_type: 'application/pdf',
      size: 1,
      createdAt,
      updatedAt: createdAt,
    });
    expect(listed.name).toBe(name);
  });

  it('shows a name that is not URL-encoded as it is', () => {
    const createdAt = new Date(2024, 0, 2).toISOString();
    const listed = toListedReference({
      id: 'r2',
      file: '100%.pdf',
      patient_id: 'p1',
      status: 'reviewed',
      content_type: 'application/pdf',
      size: 1,
      createdAt,
      updatedAt: createdAt,
    });
    expect(listed.name).toBe('100%.pdf');
    expect(listed.reference_createdAt_label).toBe('02.01.24');
  });
});

describe('sizeText', () => {
  it.each([
    [500, '1 КБ', '1 KB'],
    [1024, '1 КБ', '1 KB'],
    [50 * 1024, '50 КБ', '50 KB'],
    [2.5 * 1024 * 1024, '2,5 МБ', '2.5 MB'],
    [20 * 1024 * 1024, '20 МБ', '20 MB'],
  ])('%i bytes: %s in Ukrainian, %s in English', (bytes, ukrainian, english) => {
    expect(sizeText(i18n.getFixedT('uk'), bytes, 'uk')).toBe(ukrainian);
    expect(sizeText(i18n.getFixedT('en'), bytes, 'en')).toBe(english);
  });
});
