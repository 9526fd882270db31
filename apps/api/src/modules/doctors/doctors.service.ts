import {
  specialisationLabels,
  specialisations,
  type AvailableSlotsQuery,
  type Doctor,
  type DoctorRating,
  type ListDoctorsQuery,
  type Specialisation,
  type UpdateDoctorBody,
} from '@rozmova/contracts';
import type { Db } from '../../db/client.ts';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AccountRow } from '../../db/rows.ts';
import {
  findDoctorRow,
  insertDoctorProfile,
  listDoctorRows,
  searchDoctorRows,
  updateDoctorProfile,
  type BookingProfileRow,
  type DoctorChanges,
  type DoctorRow,
} from './doctors.repository.ts';
import { availableSlots, bookingProfileOf } from './available-slots.ts';
import { checkBookable } from './slots.ts';

/** What booking needs of a doctor: who it is, its price (UAH kopiyky) and the rules of its slots. */
export type DoctorBookingProfile = BookingProfileRow;

/** A doctor's rating from its published reviews: the feedback module's read model (services.ts gives it). */
export type RatingsOf = (doctorIds: readonly string[]) => Promise<Map<string, DoctorRating>>;
const NO_RATING: DoctorRating = { average: null, count: 0 };

export function doctorFromRow({ profile, userName }: DoctorRow, rating: DoctorRating = NO_RATING): Doctor {
  return {
    id: profile.userId,
    user_name: userName,
    doctor_name_en: profile.nameEn ?? '',
    photo_url: profile.photoUrl,
    specialisations: profile.specialisations,
    bio: profile.bio,
    languages: profile.languages,
    experience_years: profile.experienceYears,
    price: profile.price,
    consultation_minutes: profile.consultationMinutes,
    buffer_minutes: profile.bufferMinutes,
    min_notice_minutes: profile.minNoticeMinutes,
    horizon_days: profile.horizonDays,
    time_zone: profile.timeZone,
    weekly_hours: profile.weeklyHours,
    days_off: profile.daysOff,
    extra_hours: profile.extraHours,
    rating: rating.average,
    rating_count: rating.count,
    published: profile.publishedAt !== null,
    missing: missingOf(profile),
  };
}

/** What a profile lacks to be listed: a specialisation, hours (weekly or on a date) and a price (0 is free). */
export function missingOf(
  profile: Pick<DoctorRow['profile'], 'specialisations' | 'weeklyHours' | 'extraHours' | 'price'>,
): Doctor['missing'] {
  return [
    ...(profile.specialisations.length === 0 ? (['specialisations'] as const) : []),
    ...(profile.weeklyHours.length === 0 && profile.extraHours.length === 0 ? (['hours'] as const) : []),
    ...(profile.price === null ? (['price'] as const) : []),
  ];
}

/** The body's fields as table columns; weekly hours, days off and extra hours are kept sorted. */
function changesOf(body: UpdateDoctorBody): DoctorChanges {
  return {
    photoUrl: body.photo_url,
    nameEn: body.name_en,
    specialisations: body.specialisations && [...new Set(body.specialisations)],
    bio: body.bio,
    languages: body.languages && [...new Set(body.languages)],
    experienceYears: body.experience_years,
    price: body.price,
    consultationMinutes: body.consultation_minutes,
    bufferMinutes: body.buffer_minutes,
    minNoticeMinutes: body.min_notice_minutes,
    horizonDays: body.horizon_days,
    timeZone: body.time_zone,
    weeklyHours: body.weekly_hours && [...body.weekly_hours].sort((a, b) => a.weekday - b.weekday || a.start.localeCompare(b.start)),
    daysOff: body.days_off && [...new Set(body.days_off)].sort(),
    extraHours: body.extra_hours && [...body.extra_hours].sort((a, b) => a.date.localeCompare(b.date) || a.start.localeCompare(b.start)),
  };
}

/** Specialisations whose label (either language) or key contains the text. */
function specialisationsMatching(text: string): Specialisation[] {
  const needle = text.toLocaleLowerCase();
  return specialisations.filter((key) => {
    const labels = specialisationLabels[key];
    return [key, labels.uk, labels.en].some((label) => label.toLocaleLowerCase().includes(needle));
  });
}

/**
 * Doctors' public profiles, their rules and free slots. Ids are the doctors' user ids. Busy times come from the
 * appointments table through a read-only query of this module's repository (the appointments module owns the writes).
 */
export function createDoctorsService(deps: { db: Db; clock: Clock; ratingsOf: RatingsOf }) {
  const { db, clock, ratingsOf } = deps;

  async function withRatings(rows: DoctorRow[]): Promise<Doctor[]> {
    const ratings = await ratingsOf(rows.map((row) => row.profile.userId));
    return rows.map((row) => doctorFromRow(row, ratings.get(row.profile.userId)));
  }
  const withRating = async (row: DoctorRow): Promise<Doctor> => (await withRatings([row]))[0]!;

  /**
   * Applies the changes; `published: true` publishes a profile that is complete with them (else 409
   * DOCTOR_PROFILE_INCOMPLETE naming what is missing, and nothing changes), `false` unpublishes it.
   */
  async function configure(id: string, body: UpdateDoctorBody): Promise<Doctor> {
    const current = await findDoctorRow(db, id, true);
    if (!current) throw notFound('Doctor');
    const changes = changesOf(body);
    if (body.published === true) {
      const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
      const missing = missingOf({ ...current.profile, ...defined });
      if (missing.length > 0) {
        throw new AppError('DOCTOR_PROFILE_INCOMPLETE', `Complete the profile before publishing it; missing: ${missing.join(', ')}`);
      }
      changes.publishedAt = current.profile.publishedAt ?? clock.now();
    } else if (body.published === false) {
      changes.publishedAt = null;
    }
    await updateDoctorProfile(db, id, changes);
    return withRating((await findDoctorRow(db, id, true))!);
  }

  /** A listed doctor; an unlisted one only for itself and staff (anyone else is told it does not exist). */
  async function get(id: string, actor?: AccountRow): Promise<Doctor> {
    const seesUnlisted = actor !== undefined && (actor.user.id === id || actor.user.role === 'admin' || actor.user.role === 'operator');
    const row = await findDoctorRow(db, id, seesUnlisted);
    if (!row) throw notFound('Doctor');
    return withRating(row);
  }

  const getBookingProfile = (doctorId: string, tx: Db = db): Promise<DoctorBookingProfile> => bookingProfileOf(tx, doctorId);

  return {
    /** The empty profile of a new doctor account, in the account's transaction. */
    createProfile: (userId: string, tx: Db = db) => insertDoctorProfile(tx, userId),

    /**
     * An approved specialist's profile from its application, inside the approval's transaction: published from now
     * on, so it is listed as soon as it is complete (the doctor adds hours and a price).
     */
    async fillFromApplication(
      userId: string,
      fields: Pick<DoctorChanges, 'nameEn' | 'specialisations' | 'bio' | 'languages' | 'experienceYears'>,
      tx: Db = db,
    ): Promise<void> {
      await insertDoctorProfile(tx, userId);
      await updateDoctorProfile(tx, userId, { ...fields, publishedAt: clock.now() });
    },

    /** Listed doctors (active, complete and published), by name. */
    list: async (query: ListDoctorsQuery, actor?: AccountRow): Promise<Doctor[]> => {
      const unlisted = query.unlisted === 'true';
      if (unlisted && actor?.user.role !== 'admin' && actor?.user.role !== 'operator')
        throw forbidden('Only staff list unpublished doctors');
      return withRatings(await listDoctorRows(db, { ...query, unlisted }));
    },

    /** Name, specialisation (label in either language) or bio (either language), case-insensitively. */
    search: async (text: string): Promise<Doctor[]> => withRatings(await searchDoctorRows(db, text, specialisationsMatching(text))),

    get,

    /** A doctor changes its own profile and rules; an admin any doctor's. */
    async update(actor: AccountRow, id: string, body: UpdateDoctorBody): Promise<Doctor> {
      if (actor.user.role !== 'admin' && actor.user.id !== id) throw forbidden('A doctor may change only its own profile');
      return configure(id, body);
    },

    /** Sets an active doctor's profile without an actor: demo data. */
    configure,

    availableSlots: (actor: AccountRow | undefined, id: string, query: AvailableSlotsQuery) => availableSlots(deps, actor, id, query),

    getBookingProfile,

    /**
     * For booking: throws APPOINTMENT_SLOT_UNAVAILABLE unless `start` is a slot start, past the notice and inside the
     * horizon. `urgent`: staff book any whole minute from now on, off the grid (docs/decisions.md "Urgent consultations").
     */
    checkBookable: (profile: DoctorBookingProfile, start: Date, urgent = false) => checkBookable(profile, start, clock.now(), urgent),
  };
}

export type DoctorsService = ReturnType<typeof createDoctorsService>;
