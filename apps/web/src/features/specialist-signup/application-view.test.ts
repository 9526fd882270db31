import { describe, expect, test } from 'vitest';
import { nextStepOf } from './application-view.tsx';
import { anApplication } from './test-data.ts';

const draft = anApplication({ languages: ['uk'] });
const profile = { name_en: 'Mariia Kovalenko', specialisations: ['psychologist' as const], bio: { uk: 'Про мене', en: 'About me' } };
const diploma = { content_type: 'application/pdf' as const, size: 1000, file_name: 'diploma.pdf' };

describe('where an application continues', () => {
  test('a new application starts with the profile', () => {
    expect(nextStepOf(draft)).toBe('profile');
  });

  test('a profile missing its English bio or name is still the profile step', () => {
    expect(nextStepOf({ ...draft, ...profile, bio: { uk: 'Про мене', en: '' } })).toBe('profile');
    expect(nextStepOf({ ...draft, ...profile, name_en: '' })).toBe('profile');
  });

  test('a complete profile without a diploma goes to the diploma, with one to the review', () => {
    expect(nextStepOf({ ...draft, ...profile })).toBe('diploma');
    expect(nextStepOf({ ...draft, ...profile, diploma })).toBe('review');
  });

  test('a rejected application comes back to the review with everything it had, for correction', () => {
    expect(nextStepOf({ ...draft, ...profile, diploma, status: 'rejected', rejection_reason: 'Нечитабельний скан' })).toBe('review');
  });
});
