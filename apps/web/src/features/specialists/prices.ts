import { specialisations, type Doctor, type Specialisation } from '@rozmova/contracts';

export interface PriceRange {
  specialisation: Specialisation;
  /** Kopiyky. */
  minPrice: number;
  maxPrice: number;
  minMinutes: number;
  maxMinutes: number;
  doctors: number;
}

/** The price and consultation length per specialisation over the doctors who have it, in the order of `specialisations`. */
export function priceRanges(doctors: readonly Pick<Doctor, 'specialisations' | 'price' | 'consultation_minutes'>[]): PriceRange[] {
  const ranges = new Map<Specialisation, PriceRange>();
  for (const doctor of doctors) {
    // The public list has only doctors with a price.
    if (doctor.price === null) continue;
    for (const specialisation of new Set(doctor.specialisations)) {
      const range = ranges.get(specialisation);
      if (!range) {
        ranges.set(specialisation, {
          specialisation,
          minPrice: doctor.price,
          maxPrice: doctor.price,
          minMinutes: doctor.consultation_minutes,
          maxMinutes: doctor.consultation_minutes,
          doctors: 1,
        });
        continue;
      }
      range.minPrice = Math.min(range.minPrice, doctor.price);
      range.maxPrice = Math.max(range.maxPrice, doctor.price);
      range.minMinutes = Math.min(range.minMinutes, doctor.consultation_minutes);
      range.maxMinutes = Math.max(range.maxMinutes, doctor.consultation_minutes);
      range.doctors += 1;
    }
  }
  return specialisations.flatMap((specialisation) => ranges.get(specialisation) ?? []);
}
