import { and, asc, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { ListPaymentsQuery } from '@rozmova/contracts';
import type { Db } from '../../db/client.ts';
import { paymentCallbacks, payments } from '../../db/schema.ts';
import { accountsView } from '../accounts/accounts.views.ts';
import { appointmentsView } from '../appointments/appointments.views.ts';
import { patientsView } from '../patients/patients.views.ts';

const appointments = appointmentsView();
const patients = patientsView();

const doctorUsers = accountsView('doctor_users');
const patientUsers = accountsView('patient_users');
const refunders = accountsView('refunder_users');

const kyivDayStart = (day: string) => sql`(${day}::date)::timestamp at time zone 'Europe/Kyiv'`;

function whereOf(query: ListPaymentsQuery): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(payments.status, query.status));
  if (query.provider) conditions.push(eq(payments.provider, query.provider));
  if (query.doctorId) conditions.push(eq(appointments.doctorId, query.doctorId));
  if (query.from) conditions.push(gte(payments.createdAt, kyivDayStart(query.from)));
  if (query.to) conditions.push(lt(payments.createdAt, sql`${kyivDayStart(query.to)} + interval '1 day'`));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/**
 * The admin's payment list reads appointments (read-only, like the doctors' busy ranges) for the doctor filter and the
 * names; settling still goes through the appointments port.
 */
function paymentsQuery(db: Db) {
  return db
    .select({
      payment: payments,
      appointmentStatus: appointments.status,
      startsAt: appointments.startsAt,
      doctorId: appointments.doctorId,
      patientId: appointments.patientId,
      doctorName: doctorUsers.userName,
      patientName: patientUsers.userName,
      refundedByName: refunders.userName,
    })
    .from(payments)
    .innerJoin(appointments, eq(appointments.id, payments.appointmentId))
    .innerJoin(doctorUsers, eq(doctorUsers.id, appointments.doctorId))
    .innerJoin(patients, eq(patients.id, appointments.patientId))
    .innerJoin(patientUsers, eq(patientUsers.id, patients.userId))
    .leftJoin(refunders, eq(refunders.id, payments.refundedBy));
}
export type AdminPaymentRow = Awaited<ReturnType<ReturnType<typeof paymentsQuery>['execute']>>[number];

export async function listPaymentsForAdmin(db: Db, query: ListPaymentsQuery): Promise<{ rows: AdminPaymentRow[]; total: number }> {
  const where = whereOf(query);
  const [rows, [total]] = await Promise.all([
    paymentsQuery(db).where(where).orderBy(desc(payments.createdAt), desc(payments.id)).limit(query.limit).offset(query.offset),
    db.select({ n: count() }).from(payments).innerJoin(appointments, eq(appointments.id, payments.appointmentId)).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findPaymentForAdmin(db: Db, id: string): Promise<AdminPaymentRow | undefined> {
  const [row] = await paymentsQuery(db).where(eq(payments.id, id));
  return row;
}

export async function callbacksOfPayment(db: Db, paymentId: string) {
  return db.select().from(paymentCallbacks).where(eq(paymentCallbacks.paymentId, paymentId)).orderBy(asc(paymentCallbacks.createdAt));
}
