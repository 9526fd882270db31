import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { PaymentProvider } from '@rozmova/contracts';
import type { Db } from '../../db/client.ts';
import { paymentCallbacks, payments } from '../../db/schema.ts';
import { insertSettingOnce, readSetting } from '../../db/settings.ts';

export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;

const SANDBOX_SECRET_SETTING = 'payments.sandbox-secret';

/** The sandbox's signing secret, shared by every instance: `candidate` unless one is kept already (the first insert wins). */
export async function keepSandboxSecret(db: Db, candidate: string): Promise<string> {
  await insertSettingOnce(db, SANDBOX_SECRET_SETTING, candidate);
  return (await readSetting(db, SANDBOX_SECRET_SETTING)) as string;
}

export async function insertPayment(db: Db, values: NewPayment): Promise<PaymentRow> {
  const [row] = await db.insert(payments).values(values).returning();
  return row!;
}

export async function findPayment(db: Db, id: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  return row;
}

export async function lockPayment(tx: Db, id: string): Promise<PaymentRow | undefined> {
  const [row] = await tx.select().from(payments).where(eq(payments.id, id)).for('update');
  return row;
}

export async function lockPaymentByOrder(tx: Db, provider: PaymentProvider, orderId: string): Promise<PaymentRow | undefined> {
  const [row] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.provider, provider)))
    .for('update');
  return row;
}

/** The newest checkout of an appointment. */
export async function latestPaymentOfAppointment(db: Db, appointmentId: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(eq(payments.appointmentId, appointmentId))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(1);
  return row;
}

export async function paymentsOfAppointment(db: Db, appointmentId: string): Promise<PaymentRow[]> {
  return db.select().from(payments).where(eq(payments.appointmentId, appointmentId));
}

export async function successfulPaymentsOfAppointment(db: Db, appointmentId: string): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.appointmentId, appointmentId), eq(payments.status, 'success')));
}

export async function updatePayment(db: Db, id: string, values: Partial<NewPayment>, at: Date): Promise<PaymentRow> {
  const [row] = await db
    .update(payments)
    .set({ ...values, updatedAt: at })
    .where(eq(payments.id, id))
    .returning();
  return row!;
}

/** Keeps a verified callback once; false when the same data came before (a replay). */
export async function recordCallback(
  tx: Db,
  values: { provider: PaymentProvider; dataHash: string; paymentId: string | null; providerStatus: string },
): Promise<boolean> {
  const rows = await tx
    .insert(paymentCallbacks)
    .values(values)
    .onConflictDoNothing({ target: paymentCallbacks.dataHash })
    .returning({ id: paymentCallbacks.id });
  return rows.length > 0;
}

/** The payment taken as the appointment's payment (a verified success), if one stands. */
export async function paidPaymentOfAppointment(db: Db, appointmentId: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.appointmentId, appointmentId), eq(payments.status, 'success'), isNotNull(payments.paidAt)))
    .orderBy(desc(payments.paidAt))
    .limit(1);
  return row;
}
