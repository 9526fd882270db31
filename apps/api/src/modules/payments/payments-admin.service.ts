import type { AdminPayment, AdminPaymentList, ListPaymentsQuery, PaymentCallbackList } from '@rozmova/contracts';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { JobsLog } from '../jobs/jobs.service.ts';
import { lockPayment, updatePayment } from './payments.repository.ts';
import { callbacksOfPayment, findPaymentForAdmin, listPaymentsForAdmin, type AdminPaymentRow } from './payments-admin.repository.ts';
import type { PaymentsService } from './payments.service.ts';

const iso = (date: Date | null) => date?.toISOString() ?? null;

const toAdminPayment = (row: AdminPaymentRow): AdminPayment => ({
  id: row.payment.id,
  appointment_id: row.payment.appointmentId,
  appointment_status: row.appointmentStatus,
  starts_at: row.startsAt.toISOString(),
  doctor_id: row.doctorId,
  doctor_name: row.doctorName,
  patient_name: row.patientName,
  provider: row.payment.provider,
  order_id: row.payment.orderId,
  amount: row.payment.amount,
  received_amount: row.payment.receivedAmount,
  status: row.payment.status,
  paid_at: iso(row.payment.paidAt),
  refunded_at: iso(row.payment.refundedAt),
  refund_reason: row.payment.refundReason,
  refunded_by_name: row.refundedByName,
  created_at: row.payment.createdAt.toISOString(),
});

/** The admin's payments: the list with the patients' names (audited), a payment's callbacks, refunds with a reason. */
export function createPaymentsAdmin(deps: {
  db: Db;
  clock: Clock;
  log: JobsLog;
  audit: Pick<AuditService, 'record'>;
  payments: Pick<PaymentsService, 'refundPayment' | 'scheduleRefund'>;
}) {
  const { db } = deps;

  async function readable(actorId: string, id: string): Promise<AdminPaymentRow> {
    const row = await findPaymentForAdmin(db, id);
    if (!row) throw notFound('Payment');
    await deps.audit.record({ actorId, action: 'read', resource: 'payment', resourceId: id, patientId: row.patientId });
    return row;
  }

  return {
    async list(actorId: string, query: ListPaymentsQuery): Promise<AdminPaymentList> {
      const { rows, total } = await listPaymentsForAdmin(db, query);
      await deps.audit.record(
        rows.map((row) => ({
          actorId,
          action: 'list' as const,
          resource: 'payment' as const,
          resourceId: row.payment.id,
          patientId: row.patientId,
        })),
      );
      return { payments: rows.map(toAdminPayment), total };
    },

    async callbacks(actorId: string, id: string): Promise<PaymentCallbackList> {
      await readable(actorId, id);
      const rows = await callbacksOfPayment(db, id);
      return {
        callbacks: rows.map((row) => ({
          id: row.id,
          provider: row.provider,
          provider_status: row.providerStatus,
          created_at: row.createdAt.toISOString(),
        })),
      };
    },

    /**
     * Claims the refund under the payment's row lock (the reason and the admin are written, the refund job scheduled
     * and the decision audited in one transaction), then asks the provider through the payments module's own refund,
     * which refunds a payment once however often it runs. A provider failure leaves the job to try again.
     */
    async refund(actorId: string, id: string, reason: string): Promise<AdminPayment> {
      await db.transaction(async (tx) => {
        const payment = await lockPayment(tx, id);
        if (!payment) throw notFound('Payment');
        if (payment.status !== 'success' || payment.refundReason !== null) {
          throw new AppError('PAYMENT_NOT_REFUNDABLE', 'Only a successful payment that is not being refunded is refunded');
        }
        const row = await findPaymentForAdmin(tx, id);
        await updatePayment(tx, id, { refundReason: reason, refundedBy: actorId }, deps.clock.now());
        await deps.payments.scheduleRefund(id, tx);
        await deps.audit.record({ actorId, action: 'refund', resource: 'payment', resourceId: id, patientId: row!.patientId }, tx);
      });
      try {
        await deps.payments.refundPayment(id);
      } catch (error) {
        deps.log.warn({ error: error instanceof Error ? error.name : typeof error }, 'refund left to the job queue');
      }
      return toAdminPayment((await findPaymentForAdmin(db, id))!);
    },
  };
}

export type PaymentsAdmin = ReturnType<typeof createPaymentsAdmin>;
