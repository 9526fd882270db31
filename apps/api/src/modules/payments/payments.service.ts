import { randomBytes, randomUUID } from 'node:crypto';
import {
  paymentPaths,
  type AppointmentPayment,
  type AppointmentStatus,
  type Checkout,
  type Locale,
  type PaymentCallbackBody,
  type PaymentProvider,
  type PaymentStatus,
  type PaymentType,
  type Receipt,
} from '@rozmova/contracts';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { sha256 } from '../../lib/crypto.ts';
import type { AccountRow } from '../../db/rows.ts';
import type { JobsLog, JobsService } from '../jobs/jobs.service.ts';
import {
  findPayment,
  insertPayment,
  keepSandboxSecret,
  latestPaymentOfAppointment,
  lockPayment,
  lockPaymentByOrder,
  paidPaymentOfAppointment,
  paymentsOfAppointment,
  recordCallback,
  successfulPaymentsOfAppointment,
  updatePayment,
  type PaymentRow,
} from './payments.repository.ts';
import { appointmentPaymentStatus, isFullPrice, isPending, receivedOf } from './payments.rules.ts';
import { renderSandboxPage } from './payments.sandbox-page.ts';
import { createLiqpayProvider, type LiqpaySettings } from './providers/liqpay.ts';
import type { Provider, ProviderCallback } from './providers/provider.ts';
import { createSandboxProvider } from './providers/sandbox.ts';

/** Which provider new checkouts use; LiqPay needs its keys (config.ts checks). */
export interface PaymentSettings {
  provider: PaymentProvider;
  liqpay?: LiqpaySettings;
}

/** What payments need to know of an appointment (the appointments module answers through `bindAppointments`). */
export interface PayableAppointment {
  id: string;
  patientId: string;
  patientUserId: string;
  doctorUserId: string;
  doctorName: string;
  status: AppointmentStatus;
  paymentType: PaymentType;
  paymentStatus: PaymentStatus;
  /** UAH kopiyky. */
  price: number;
  holdExpiresAt: Date | null;
  startsAt: Date;
}

/** Runs after the transaction that returned it commits (notifications, realtime events). */
export type AfterCommit = () => Promise<void>;

/**
 * The appointments module's side of settling: payments never touch the appointments table. Each call runs in the
 * caller's transaction; `get(…, lock)` locks the appointment row until it ends.
 */
export interface AppointmentPort {
  get(id: string, tx?: Db, lock?: boolean): Promise<PayableAppointment | undefined>;
  /** The appointment is paid: payment status `paid`, the hold ends. */
  markPaid(id: string, tx: Db): Promise<AfterCommit>;
  markPaymentStatus(id: string, status: 'pending' | 'failed' | 'refunded', tx: Db): Promise<AfterCommit>;
}

export const PAYMENT_REFUND_JOB = 'payment.refund';
const refundKey = (paymentId: string) => `payment-refund:${paymentId}`;

const mayPayFor = (appointment: PayableAppointment, now: Date) =>
  appointment.status === 'scheduled' &&
  appointment.paymentType === 'Patient' &&
  (appointment.paymentStatus === 'pending' || appointment.paymentStatus === 'failed') &&
  appointment.holdExpiresAt !== null &&
  appointment.holdExpiresAt > now;

export function createPaymentsService(deps: {
  db: Db;
  clock: Clock;
  jobs: JobsService;
  log: JobsLog;
  publicUrl: string;
  settings: PaymentSettings;
  /** LiqPay's request API is called with this (tests may pass their own). */
  fetch?: typeof fetch;
}) {
  const { db, clock, jobs, log, publicUrl } = deps;
  let port: AppointmentPort | undefined;
  const appointmentsPort = () => {
    if (!port) throw new Error('The appointments module has not bound itself to payments');
    return port;
  };

  const active = deps.settings.provider;
  // The sandbox exists only while it is the configured provider: once another is chosen, its pages, callbacks and
  // stored checkouts answer 404, so no booking is paid without money.
  const sandbox =
    active === 'sandbox'
      ? createSandboxProvider({
          secret: () => keepSandboxSecret(db, randomBytes(32).toString('base64url')),
          // Relative: the browser follows it from the page it is on, whatever address and port the app is reached by.
          checkoutUrl: (paymentId) => paymentPaths.sandboxCheckout.replace(':id', paymentId),
        })
      : undefined;
  const providers: Partial<Record<PaymentProvider, Provider>> = { sandbox };
  if (deps.settings.liqpay) providers.liqpay = createLiqpayProvider(deps.settings.liqpay, deps.fetch);
  if (!providers[active]) throw new Error(`The payment provider ${active} is not configured`);
  const providerOf = (name: PaymentProvider) => {
    const provider = providers[name];
    if (!provider) throw notFound('Payment provider');
    return provider;
  };

  /** The result page: a path for links on this site (the browser stays where it is), absolute for a provider's site. */
  const resultPath = (appointmentId: string) => `/user/payment-success?appointment=${appointmentId}`;
  const resultUrl = (appointmentId: string) => `${publicUrl}${resultPath(appointmentId)}`;
  /** What the provider (and the card statement) shows: no doctor's name, which could hint at the kind of care. */
  const description = (locale: Locale) => (locale === 'uk' ? 'Онлайн-консультація Rozmova' : 'Rozmova online consultation');

  async function runAfter(afters: AfterCommit[]): Promise<void> {
    for (const after of afters) {
      try {
        await after();
      } catch (error) {
        log.warn({ error: error instanceof Error ? error.name : typeof error }, 'payment follow-up failed');
      }
    }
  }

  /** Schedules the refund of one successful payment in the caller's transaction; the job queue runs it. */
  const scheduleRefund = (paymentId: string, tx: Db) =>
    jobs.schedule({ kind: PAYMENT_REFUND_JOB, key: refundKey(paymentId), runAt: clock.now(), payload: { paymentId } }, tx);

  /**
   * Sets the appointment's payment state to what its payments say, in the caller's transaction with the appointment
   * row locked (the caller locked it with `get(…, tx, true)`).
   */
  async function follow(tx: Db, appointment: PayableAppointment): Promise<AfterCommit[]> {
    if (appointment.paymentType !== 'Patient') return [];
    const status = appointmentPaymentStatus(appointment.price, await paymentsOfAppointment(tx, appointment.id));
    if (status === appointment.paymentStatus) return [];
    const appointments = appointmentsPort();
    return [
      status === 'paid'
        ? await appointments.markPaid(appointment.id, tx)
        : await appointments.markPaymentStatus(appointment.id, status, tx),
    ];
  }

  /**
   * Gives a successful payment back: exactly what the provider received. The payment row stays locked while the
   * provider is asked, so two runs can never refund it twice; a provider failure rolls back and the job queue tries
   * again.
   */
  async function refundPayment(paymentId: string): Promise<void> {
    let afters: AfterCommit[] = [];
    await db.transaction(async (tx) => {
      const payment = await lockPayment(tx, paymentId);
      if (!payment || payment.status !== 'success') return;
      await providerOf(payment.provider).refund({ orderId: payment.orderId, amount: receivedOf(payment).amount });
      const now = clock.now();
      await updatePayment(tx, payment.id, { status: 'refunded', refundedAt: now }, now);
      const appointment = await appointmentsPort().get(payment.appointmentId, tx, true);
      if (appointment) afters = await follow(tx, appointment);
    });
    await runAfter(afters);
  }
  jobs.register(PAYMENT_REFUND_JOB, async (payload: { paymentId: string }) => refundPayment(payload.paymentId));

  async function visibleAppointment(actor: AccountRow, appointmentId: string): Promise<PayableAppointment> {
    const appointment = await appointmentsPort().get(appointmentId);
    const role = actor.user.role;
    const visible =
      appointment !== undefined &&
      (appointment.patientId === actor.patientId || appointment.doctorUserId === actor.user.id || role === 'operator' || role === 'admin');
    if (!visible) throw notFound('Appointment');
    return appointment;
  }

  /**
   * Applies a verified callback of a known payment in the callback's transaction. A payment only moves forward
   * (pending → failure → success → refunded), so a late or repeated callback cannot undo a later one.
   */
  async function settle(tx: Db, payment: PaymentRow, callback: ProviderCallback): Promise<AfterCommit[]> {
    const now = clock.now();
    const appointment = await appointmentsPort().get(payment.appointmentId, tx, true);
    const received = callback.amount === undefined ? {} : { receivedAmount: callback.amount, receivedCurrency: callback.currency ?? null };
    switch (callback.outcome) {
      case 'success': {
        if (payment.status !== 'pending' && payment.status !== 'failure') return [];
        // Taken as the appointment's payment only when it is still awaited and this is its price in UAH; otherwise
        // (too late, paid twice, another amount or currency) the money goes back.
        const taken =
          appointment !== undefined &&
          isPending(appointment.status) &&
          appointment.paymentType === 'Patient' &&
          (appointment.paymentStatus === 'pending' || appointment.paymentStatus === 'failed') &&
          isFullPrice({ amount: callback.amount, currency: callback.currency }, appointment.price);
        const providerPaymentId = callback.providerPaymentId ?? null;
        await updatePayment(tx, payment.id, { status: 'success', paidAt: taken ? now : null, providerPaymentId, ...received }, now);
        if (!taken) await scheduleRefund(payment.id, tx);
        break;
      }
      case 'failure':
        if (payment.status !== 'pending') return [];
        await updatePayment(tx, payment.id, { status: 'failure' }, now);
        break;
      case 'reversed':
        // The provider gave the money back (our refund, or one made in its cabinet), even before we heard of the
        // success; what the success reported as received stays.
        if (payment.status === 'refunded') return [];
        await updatePayment(
          tx,
          payment.id,
          { status: 'refunded', refundedAt: now, ...(payment.receivedAmount === null ? received : {}) },
          now,
        );
        break;
      default:
        return [];
    }
    return appointment ? follow(tx, appointment) : [];
  }

  return {
    /** The provider new checkouts use. */
    provider: active,

    /** The appointments module answers for appointments (it is created after this one). */
    bindAppointments(appointmentPort: AppointmentPort): void {
      port = appointmentPort;
    },

    /** `POST /v1/payments/checkout`: the patient of a held, unpaid appointment starts (or resumes) paying for it. */
    async startCheckout(actor: AccountRow, appointmentId: string): Promise<Checkout> {
      const appointment = await appointmentsPort().get(appointmentId);
      if (!appointment || appointment.patientId !== actor.patientId) throw notFound('Appointment');
      if (!mayPayFor(appointment, clock.now())) {
        throw new AppError(
          'PAYMENT_NOT_PAYABLE',
          'There is nothing to pay for this appointment: it is free, paid already, or no longer held',
        );
      }
      const latest = await latestPaymentOfAppointment(db, appointmentId);
      const payment =
        latest && latest.status === 'pending' && latest.provider === active && latest.amount === appointment.price
          ? latest
          : await (async () => {
              const id = randomUUID();
              return insertPayment(db, { id, appointmentId, provider: active, orderId: id, amount: appointment.price });
            })();
      const locale = actor.user.locale;
      const target = providerOf(active).checkout({
        paymentId: payment.id,
        orderId: payment.orderId,
        amount: payment.amount,
        description: description(locale),
        resultUrl: resultUrl(appointmentId),
        serverUrl: `${publicUrl}/v1/payments/callback/${active}`,
        language: locale,
      });
      return { payment_id: payment.id, provider: active, amount: payment.amount, currency: 'UAH', checkout: target };
    },

    /**
     * A provider's server callback. Only a valid signature is acted on (else 400 PAYMENT_SIGNATURE_INVALID, nothing
     * changes); the same data twice is a replay and changes nothing either.
     */
    async handleCallback(
      providerName: PaymentProvider,
      body: PaymentCallbackBody,
    ): Promise<{ result: 'accepted' | 'replayed' | 'ignored'; appointmentId: string | null }> {
      const provider = providerOf(providerName);
      if (!(await provider.verify(body.data, body.signature))) {
        throw new AppError('PAYMENT_SIGNATURE_INVALID', 'The payment callback is not signed by the provider');
      }
      const callback = provider.parse(body.data);
      if (!callback) return { result: 'ignored', appointmentId: null };
      let afters: AfterCommit[] = [];
      const outcome = await db.transaction(async (tx) => {
        const payment = await lockPaymentByOrder(tx, providerName, callback.orderId);
        const fresh = await recordCallback(tx, {
          provider: providerName,
          dataHash: sha256(`${providerName}:${body.data}`),
          paymentId: payment?.id ?? null,
          providerStatus: callback.status,
        });
        if (!payment) return { result: 'ignored' as const, appointmentId: null };
        if (!fresh) return { result: 'replayed' as const, appointmentId: payment.appointmentId };
        afters = await settle(tx, payment, callback);
        return { result: 'accepted' as const, appointmentId: payment.appointmentId };
      });
      await runAfter(afters);
      return outcome;
    },

    /** The sandbox's checkout page (HTML) of a payment; 404 unless it is a sandbox payment and the sandbox is configured. */
    async sandboxPage(paymentId: string, locale: Locale): Promise<string> {
      const payment = sandbox ? await findPayment(db, paymentId) : undefined;
      if (!sandbox || !payment || payment.provider !== 'sandbox') throw notFound('Payment');
      const appointment = await appointmentsPort().get(payment.appointmentId);
      if (!appointment) throw notFound('Payment');
      const signed = async (status: 'success' | 'failure') =>
        sandbox.signedCallback({
          orderId: payment.orderId,
          paymentId: payment.id,
          amount: payment.amount,
          description: description(locale),
          status,
        });
      const open = payment.status === 'pending' || payment.status === 'failure';
      return renderSandboxPage({
        locale,
        amount: payment.amount,
        doctorName: appointment.doctorName,
        startsAt: appointment.startsAt,
        paymentStatus: payment.status,
        resultUrl: resultPath(appointment.id),
        callbackPath: paymentPaths.callback.replace(':provider', 'sandbox'),
        pay: open ? await signed('success') : undefined,
        decline: open ? await signed('failure') : undefined,
      });
    },

    /** `GET /v1/payments/appointment/:id`: what the payment of an appointment came to (its patient, its doctor, staff). */
    async ofAppointment(actor: AccountRow, appointmentId: string): Promise<AppointmentPayment> {
      const appointment = await visibleAppointment(actor, appointmentId);
      const latest = await latestPaymentOfAppointment(db, appointmentId);
      return {
        appointment_id: appointment.id,
        appointment_status: appointment.status,
        appointment_paymentType: appointment.paymentType,
        appointment_paymentStatus: appointment.paymentStatus,
        amount: appointment.price,
        provider: latest?.provider ?? null,
        hold_expires_at: appointment.holdExpiresAt?.toISOString() ?? null,
      };
    },

    /** `GET /v1/payments/appointment/:id/receipt`: only the patient who paid, only for a payment that stands. */
    async receipt(actor: AccountRow, appointmentId: string): Promise<Receipt> {
      const appointment = await appointmentsPort().get(appointmentId);
      const payment = appointment?.patientId === actor.patientId ? await paidPaymentOfAppointment(db, appointmentId) : undefined;
      if (!appointment || !payment) throw notFound('Receipt');
      const received = receivedOf(payment);
      return {
        payment_id: payment.id,
        appointment_id: appointment.id,
        amount: received.amount,
        currency: received.currency,
        provider: payment.provider,
        paid_at: payment.paidAt!.toISOString(),
        appointment_date: appointment.startsAt.toISOString(),
        doctor_name: appointment.doctorName,
        patient_name: actor.user.userName,
      };
    },

    /**
     * A cancelled appointment's money goes back: schedules the refund of each successful payment in the caller's
     * transaction (the job queue runs it at once, and again after a provider failure). Answers how many.
     */
    async refundAppointment(appointmentId: string, tx: Db): Promise<number> {
      const paid = await successfulPaymentsOfAppointment(tx, appointmentId);
      for (const payment of paid) await scheduleRefund(payment.id, tx);
      return paid.length;
    },

    refundPayment,
    scheduleRefund,
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
