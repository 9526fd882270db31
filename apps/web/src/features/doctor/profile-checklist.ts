import type { Doctor } from '@rozmova/contracts';

/** What a doctor's public profile needs or is better with, each set in the schedule and profile editor. */
export const checklistItems = ['specialisations', 'hours', 'price', 'published', 'photo', 'bio'] as const;
export type ChecklistItemKey = (typeof checklistItems)[number];

export interface ChecklistItem {
  key: ChecklistItemKey;
  /** Patients see the profile only once every required item is done (the doctors module's listing rule). */
  required: boolean;
  done: boolean;
  /** The id of the field (or the block of fields) in the editor where the item is set. */
  target: string;
}

/** Where each item is set: ids the schedule and profile editor gives its fields. */
export const checklistTargets: Record<ChecklistItemKey, string> = {
  specialisations: 'doctor-specialisations',
  hours: 'doctor-weekly-hours',
  price: 'doctor-price',
  published: 'doctor-published',
  photo: 'doctor-photo',
  bio: 'doctor-bio',
};

/**
 * The first-run checklist of a doctor's profile. Required: what the API names in `missing` (a specialisation, hours,
 * a price) and being published, which together are the public listing's rule; recommended: a photo and the bio in
 * both languages, which patients read when they choose.
 */
export function checklistOf(doctor: Doctor): ChecklistItem[] {
  const done: Record<ChecklistItemKey, boolean> = {
    specialisations: !doctor.missing.includes('specialisations'),
    hours: !doctor.missing.includes('hours'),
    price: !doctor.missing.includes('price'),
    published: doctor.published,
    photo: Boolean(doctor.photo_url),
    bio: doctor.bio.uk.trim() !== '' && doctor.bio.en.trim() !== '',
  };
  return checklistItems.map((key) => ({
    key,
    required: key !== 'photo' && key !== 'bio',
    done: done[key],
    target: checklistTargets[key],
  }));
}

/** Shown to patients: every required item done. */
export const isListed = (items: readonly ChecklistItem[]): boolean => items.every((item) => !item.required || item.done);
