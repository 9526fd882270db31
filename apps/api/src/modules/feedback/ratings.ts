import type { DoctorRating } from '@rozmova/contracts';
import type { Db } from '../../db/client.ts';
import { publishedRatings } from './feedback.repository.ts';

/**
 * The one rating aggregate, a read model of the feedback module: average (one decimal) and count of each doctor's
 * published reviews; a doctor without any gets `{ average: null, count: 0 }`. The doctors list, the specialists' page
 * and the doctor's own ratings read it (the doctors module gets it through services.ts).
 */
export function createRatings(db: Db) {
  return async function ratingsOf(doctorIds: readonly string[]): Promise<Map<string, DoctorRating>> {
    const ratings = new Map<string, DoctorRating>(doctorIds.map((id) => [id, { average: null, count: 0 }]));
    for (const row of await publishedRatings(db, [...new Set(doctorIds)])) {
      ratings.set(row.doctorId, { average: row.average, count: row.count });
    }
    return ratings;
  };
}
