import { dayNumber, type AvailableSlotsQuery } from '@rozmova/contracts';
import type { Db } from '../../db/client.ts';
import type { AccountRow } from '../../db/rows.ts';
import { forbidden, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { findBookingProfileRow, findPendingRanges, type BookingProfileRow } from './doctors.repository.ts';
import { freeSlotStrings, slotRange } from './slots.ts';

const DAY = 24 * 60 * 60_000;
/** Around a range of calendar days, enough for any zone's offset. */
const ZONE_MARGIN = 15 * 60 * 60_000;

const mayBookForOthers = (actor: AccountRow | undefined) => actor?.user.role === 'operator' || actor?.user.role === 'admin';

/** What booking needs of a doctor: who it is, its price (UAH kopiyky) and the rules of its slots; 404 for no doctor. */
export async function bookingProfileOf(db: Db, doctorId: string): Promise<BookingProfileRow> {
  const row = await findBookingProfileRow(db, doctorId);
  if (!row) throw notFound('Doctor');
  return row;
}

/**
 * Free start times (docs/product.md §7). `patientId` also leaves out the times of that patient's own pending appointment;
 * a patient may ask only with its own, operators and admins with any.
 */
export async function availableSlots(
  deps: { db: Db; clock: Clock },
  actor: AccountRow | undefined,
  id: string,
  query: AvailableSlotsQuery,
): Promise<string[]> {
  const { db, clock } = deps;
  if (query.patientId !== undefined && actor?.patientId !== query.patientId && !mayBookForOthers(actor)) {
    throw forbidden("You may only ask for your own patient's slots");
  }
  const profile = await bookingProfileOf(db, id);
  const now = clock.now();
  const { firstDay, from } = slotRange(query.startDate, now, profile.timeZone);
  const first = dayNumber(firstDay);
  const ranges = await findPendingRanges(db, {
    doctorId: id,
    patientId: query.patientId,
    from: new Date(Math.max(first * DAY - ZONE_MARGIN, from?.getTime() ?? -Infinity, now.getTime())),
    to: new Date(Math.min((first + query.duration) * DAY + ZONE_MARGIN, now.getTime() + profile.horizonDays * DAY + DAY)),
  });
  return freeSlotStrings(profile, {
    firstDay,
    days: query.duration,
    now,
    from,
    startHour: query.startHour,
    endHour: query.endHour,
    busy: ranges.doctor,
    patientBusy: ranges.patient,
  });
}
