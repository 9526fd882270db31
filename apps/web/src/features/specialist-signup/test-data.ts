import type { SpecialistApplication } from '@rozmova/contracts';

/** Mariia's application as the specialists API answers it: a new draft in Ukrainian, nothing filled in yet. */
export const anApplication = (overrides: Partial<SpecialistApplication> = {}): SpecialistApplication => ({
  id: 'application-1',
  user_id: 'user-1',
  email: 'mariia@example.com',
  user_name: 'Марія Коваленко',
  locale: 'uk',
  status: 'draft',
  name_en: '',
  specialisations: [],
  bio: { uk: '', en: '' },
  languages: [],
  experience_years: 0,
  diploma: null,
  rejection_reason: null,
  submitted_at: null,
  decided_at: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});
