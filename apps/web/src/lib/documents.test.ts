import { describe, expect, it } from 'vitest';
import { toListedReference } from './documents.ts';

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
