import { and, asc, eq, gt, ilike, inArray, isNotNull, isNull, lt, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { pendingAppointmentStatuses, type Specialisation } from '@rozmova/contracts';
import type { Db } from '../../db/client.ts';
import { doctors } from '../../db/schema.ts';
import { accountsView } from '../accounts/accounts.views.ts';
import { appointmentsView } from '../appointments/appointments.views.ts';

const appointments = appointmentsView();
const users = accountsView();

export type DoctorProfileRow = typeof doctors.$inferSelect;
export type DoctorChanges = Partial<Omit<typeof doctors.$inferInsert, 'userId' | 'createdAt' | 'updatedAt'>>;

export interface DoctorRow {
  profile: DoctorProfileRow;
  userName: string;
}

/** What booking and the available slots need of a doctor: no bio, languages or rating. */
const bookingColumns = {
  userId: doctors.userId,
  userName: users.userName,
  photoUrl: doctors.photoUrl,
  specialisations: doctors.specialisations,
  price: doctors.price,
  consultationMinutes: doctors.consultationMinutes,
  bufferMinutes: doctors.bufferMinutes,
  minNoticeMinutes: doctors.minNoticeMinutes,
  horizonDays: doctors.horizonDays,
  timeZone: doctors.timeZone,
  weeklyHours: doctors.weeklyHours,
  daysOff: doctors.daysOff,
  extraHours: doctors.extraHours,
};
/** An active doctor account (not deactivated, not removed) with its profile row. */
const activeDoctor = and(eq(users.role, 'doctor'), eq(users.isActive, true), isNull(users.deletedAt));
/** Complete (a specialisation, hours, a price) and published: the rule of what the public sees and books. */
const listedDoctor = and(
  activeDoctor,
  isNotNull(doctors.publishedAt),
  isNotNull(doctors.price),
  sql`jsonb_array_length(${doctors.specialisations}) > 0`,
  sql`(jsonb_array_length(${doctors.weeklyHours}) > 0 or jsonb_array_length(${doctors.extraHours}) > 0)`,
);

async function selectDoctors(db: Db, where: SQL | undefined, only: SQL | undefined = listedDoctor): Promise<DoctorRow[]> {
  return db
    .select({ profile: doctors, userName: users.userName })
    .from(doctors)
    .innerJoin(users, eq(users.id, doctors.userId))
    .where(and(only, where))
    .orderBy(asc(users.userName), asc(users.id));
}

/** Creates the empty profile of a doctor account (defaults from the table); nothing when it exists. */
export async function insertDoctorProfile(db: Db, userId: string): Promise<void> {
  await db.insert(doctors).values({ userId }).onConflictDoNothing();
}

const jsonContains = (column: SQL | typeof doctors.specialisations | typeof doctors.languages, value: string) =>
  sql`${column} @> ${JSON.stringify([value])}::jsonb`;

export function listDoctorRows(
  db: Db,
  filter: { specialisation?: Specialisation; language?: string; unlisted?: boolean },
): Promise<DoctorRow[]> {
  return selectDoctors(
    db,
    and(
      filter.specialisation ? jsonContains(doctors.specialisations, filter.specialisation) : undefined,
      filter.language ? jsonContains(doctors.languages, filter.language) : undefined,
    ),
    filter.unlisted ? activeDoctor : listedDoctor,
  );
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Name (either language) or bio (either language) containing the text, case-insensitively, or one of the given specialisations. */
export function searchDoctorRows(db: Db, text: string, specialisations: readonly Specialisation[]): Promise<DoctorRow[]> {
  const pattern = likePattern(text);
  return selectDoctors(
    db,
    or(
      ilike(users.userName, pattern),
      ilike(doctors.nameEn, pattern),
      ilike(sql`${doctors.bio}->>'uk'`, pattern),
      ilike(sql`${doctors.bio}->>'en'`, pattern),
      ...specialisations.map((specialisation) => jsonContains(doctors.specialisations, specialisation)),
    ),
  );
}

/** A listed doctor, or with `unlisted` any active one (the doctor itself and staff see an unpublished profile). */
export async function findDoctorRow(db: Db, id: string, unlisted = false): Promise<DoctorRow | undefined> {
  const [row] = await selectDoctors(db, eq(doctors.userId, id), unlisted ? activeDoctor : listedDoctor);
  return row;
}

/** The rules of a listed doctor: what booking and available slots need (one query, only those columns). */
export async function findBookingProfileRow(db: Db, id: string) {
  const [row] = await db
    .select(bookingColumns)
    .from(doctors)
    .innerJoin(users, eq(users.id, doctors.userId))
    .where(and(eq(doctors.userId, id), listedDoctor));
  // A listed doctor has a price.
  return row && { ...row, price: row.price ?? 0 };
}
export type BookingProfileRow = NonNullable<Awaited<ReturnType<typeof findBookingProfileRow>>>;

export async function updateDoctorProfile(db: Db, id: string, changes: DoctorChanges): Promise<void> {
  await db
    .update(doctors)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(doctors.userId, id));
}

/** A half-open range [start, end). */
export interface Range {
  start: Date;
  end: Date;
}

const epochSeconds = (column: SQLWrapper) => sql`extract(epoch from ${column})::float8`;

function toRanges(starts: number[] | null, ends: number[] | null): Range[] {
  if (!starts || !ends) return [];
  return starts.map((start, i) => ({ start: new Date(Math.round(start * 1000)), end: new Date(Math.round(ends[i]! * 1000)) }));
}

/**
 * Read-only look at the appointments table (owned by the appointments module) for the available slots: the doctor's
 * scheduled and running appointments touching [from, to) as [starts_at, blocked_until), and the patient's (when given)
 * as [starts_at, ends_at). One query on the (doctor_id, starts_at) and (patient_id, starts_at) indexes, answering one
 * row of number arrays: a row per appointment costs several times more to decode, on PGlite most of all.
 */
export async function findPendingRanges(
  db: Db,
  window: { doctorId: string; patientId?: string; from: Date; to: Date },
): Promise<{ doctor: Range[]; patient: Range[] }> {
  const ofDoctor = eq(appointments.doctorId, window.doctorId);
  const ofPatient = window.patientId ? eq(appointments.patientId, window.patientId) : sql`false`;
  const [row] = await db
    .select({
      doctorStarts: sql<
        number[] | null
      >`array_agg(${epochSeconds(appointments.startsAt)} order by ${appointments.startsAt}) filter (where ${ofDoctor})`,
      doctorEnds: sql<
        number[] | null
      >`array_agg(${epochSeconds(appointments.blockedUntil)} order by ${appointments.startsAt}) filter (where ${ofDoctor})`,
      patientStarts: sql<
        number[] | null
      >`array_agg(${epochSeconds(appointments.startsAt)} order by ${appointments.startsAt}) filter (where ${ofPatient})`,
      patientEnds: sql<
        number[] | null
      >`array_agg(${epochSeconds(appointments.endsAt)} order by ${appointments.startsAt}) filter (where ${ofPatient})`,
    })
    .from(appointments)
    .where(
      and(
        inArray(appointments.status, [...pendingAppointmentStatuses]),
        window.patientId ? or(ofDoctor, ofPatient) : ofDoctor,
        lt(appointments.startsAt, window.to),
        gt(appointments.blockedUntil, window.from),
      ),
    );
  return {
    doctor: toRanges(row?.doctorStarts ?? null, row?.doctorEnds ?? null),
    patient: toRanges(row?.patientStarts ?? null, row?.patientEnds ?? null),
  };
}
