import { and, asc, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { pendingAppointmentStatuses, type AppointmentStatus } from '@rozmova/contracts';
import type { Db } from '../../db/client.ts';
import { appointments } from '../../db/schema.ts';
import { accountsView } from '../accounts/accounts.views.ts';
import { doctorsView } from '../doctors/doctors.views.ts';
import { patientsView } from '../patients/patients.views.ts';

const doctors = doctorsView();
const patients = patientsView();
const users = accountsView();

export type AppointmentRow = typeof appointments.$inferSelect;
export type NewAppointment = typeof appointments.$inferInsert;

/** An appointment with what its answers and notifications show of the doctor and the patient. */
export interface AppointmentView {
  appointment: AppointmentRow;
  doctor: { userId: string; userName: string; photoUrl: string | null; specialisations: string[]; timeZone: string; locale: 'uk' | 'en' };
  patient: { userId: string; userName: string; locale: 'uk' | 'en' };
}

const doctorUser = accountsView('doctor_user');
const patientUser = accountsView('patient_user');

const viewColumns = {
  appointment: appointments,
  doctorUserId: doctorUser.id,
  doctorName: doctorUser.userName,
  doctorLocale: doctorUser.locale,
  photoUrl: doctors.photoUrl,
  specialisations: doctors.specialisations,
  timeZone: doctors.timeZone,
  patientUserId: patientUser.id,
  patientName: patientUser.userName,
  patientLocale: patientUser.locale,
};

type ViewRecord = {
  appointment: AppointmentRow;
  doctorUserId: string;
  doctorName: string;
  doctorLocale: 'uk' | 'en';
  photoUrl: string | null;
  specialisations: string[] | null;
  timeZone: string | null;
  patientUserId: string;
  patientName: string;
  patientLocale: 'uk' | 'en';
};

const toView = (row: ViewRecord): AppointmentView => ({
  appointment: row.appointment,
  doctor: {
    userId: row.doctorUserId,
    userName: row.doctorName,
    photoUrl: row.photoUrl ?? null,
    specialisations: row.specialisations ?? [],
    timeZone: row.timeZone ?? 'Europe/Kyiv',
    locale: row.doctorLocale,
  },
  patient: { userId: row.patientUserId, userName: row.patientName, locale: row.patientLocale },
});

function selectViews(db: Db) {
  return db
    .select(viewColumns)
    .from(appointments)
    .innerJoin(doctorUser, eq(doctorUser.id, appointments.doctorId))
    .leftJoin(doctors, eq(doctors.userId, appointments.doctorId))
    .innerJoin(patients, eq(patients.id, appointments.patientId))
    .innerJoin(patientUser, eq(patientUser.id, patients.userId));
}

export async function findAppointmentView(db: Db, id: string): Promise<AppointmentView | undefined> {
  const [row] = await selectViews(db).where(eq(appointments.id, id));
  return row ? toView(row as ViewRecord) : undefined;
}

export async function findAppointmentViewByRoom(db: Db, roomId: string): Promise<AppointmentView | undefined> {
  const [row] = await selectViews(db).where(eq(appointments.roomId, roomId));
  return row ? toView(row as ViewRecord) : undefined;
}

export interface AppointmentFilter {
  doctorId?: string;
  patientId?: string;
  status?: AppointmentStatus;
  from?: Date;
  to?: Date;
}

/** Oldest start first (the doctor's day reads top to bottom). */
export async function listAppointmentViews(db: Db, filter: AppointmentFilter, limit: number): Promise<AppointmentView[]> {
  const conditions: SQL[] = [];
  if (filter.doctorId) conditions.push(eq(appointments.doctorId, filter.doctorId));
  if (filter.patientId) conditions.push(eq(appointments.patientId, filter.patientId));
  if (filter.status) conditions.push(eq(appointments.status, filter.status));
  if (filter.from) conditions.push(gte(appointments.startsAt, filter.from));
  if (filter.to) conditions.push(lt(appointments.startsAt, filter.to));
  const rows = await selectViews(db)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(asc(appointments.startsAt), asc(appointments.id))
    .limit(limit);
  return rows.map((row) => toView(row as ViewRecord));
}

/** A patient's appointments, newest start first. */
export async function listAppointmentViewsOfPatient(
  db: Db,
  patientId: string,
  doctorId: string | undefined,
  limit: number,
): Promise<AppointmentView[]> {
  const rows = await selectViews(db)
    .where(and(eq(appointments.patientId, patientId), doctorId ? eq(appointments.doctorId, doctorId) : undefined))
    .orderBy(desc(appointments.startsAt), desc(appointments.id))
    .limit(limit);
  return rows.map((row) => toView(row as ViewRecord));
}

/** The row, locked until the transaction ends: every change of an appointment goes through this. */
export async function lockAppointment(tx: Db, id: string): Promise<AppointmentRow | undefined> {
  const [row] = await tx.select().from(appointments).where(eq(appointments.id, id)).for('update');
  return row;
}

export async function findAppointment(db: Db, id: string): Promise<AppointmentRow | undefined> {
  const [row] = await db.select().from(appointments).where(eq(appointments.id, id));
  return row;
}

const isPending = inArray(appointments.status, [...pendingAppointmentStatuses]);

/** The patient's scheduled or running appointment (at most one: a partial unique index), locked. */
export async function lockPendingOfPatient(tx: Db, patientId: string): Promise<AppointmentRow | undefined> {
  const [row] = await tx
    .select()
    .from(appointments)
    .where(and(eq(appointments.patientId, patientId), isPending))
    .for('update');
  return row;
}

/** Every pending appointment of a patient, locked (account removal). */
export async function lockAllPendingOfPatient(tx: Db, patientId: string): Promise<AppointmentRow[]> {
  return tx
    .select()
    .from(appointments)
    .where(and(eq(appointments.patientId, patientId), isPending))
    .for('update');
}

/**
 * Serialises one patient's bookings until the transaction ends, so "booking again modifies the pending one" holds
 * when the same patient books twice at once (the unique index would otherwise refuse the second with 23505).
 */
export async function lockPatientBookings(tx: Db, patientId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`appointments:patient:${patientId}`}))`);
}

export async function insertAppointment(tx: Db, values: NewAppointment): Promise<AppointmentRow> {
  const [row] = await tx.insert(appointments).values(values).returning();
  return row!;
}

export async function updateAppointment(tx: Db, id: string, values: Partial<NewAppointment>, at: Date): Promise<AppointmentRow> {
  const [row] = await tx
    .update(appointments)
    .set({ ...values, updatedAt: at })
    .where(eq(appointments.id, id))
    .returning();
  return row!;
}

/** A doctor's own patients: those with a scheduled, running or completed consultation with it. */
const isOfOwnPatient = (doctorId: string) =>
  and(eq(appointments.doctorId, doctorId), inArray(appointments.status, ['scheduled', 'running', 'completed']));

export async function isDoctorOfPatient(db: Db, doctorId: string, patientId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(and(isOfOwnPatient(doctorId), eq(appointments.patientId, patientId)))
    .limit(1);
  return row !== undefined;
}

export async function patientIdsOfDoctor(db: Db, doctorId: string): Promise<string[]> {
  const rows = await db.selectDistinct({ patientId: appointments.patientId }).from(appointments).where(isOfOwnPatient(doctorId));
  return rows.map((row) => row.patientId);
}

/** The user behind a patient record (for notifications and permission checks). */
export async function findPatientUser(
  db: Db,
  patientId: string,
): Promise<{ userId: string; userName: string; locale: 'uk' | 'en'; active: boolean } | undefined> {
  const [row] = await db
    .select({ userId: users.id, userName: users.userName, locale: users.locale, isActive: users.isActive, deletedAt: users.deletedAt })
    .from(patients)
    .innerJoin(users, eq(users.id, patients.userId))
    .where(eq(patients.id, patientId));
  return row
    ? { userId: row.userId, userName: row.userName, locale: row.locale, active: row.isActive && row.deletedAt === null }
    : undefined;
}

export async function findPatientIdOfUser(db: Db, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ id: patients.id }).from(patients).where(eq(patients.userId, userId));
  return row?.id;
}
