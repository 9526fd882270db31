/**
 * LiqPay's callbacks for one booking played in every order (the payment-orders tests, not a test file itself): the
 * booking's payment state and each payment's state must end the same in every order. The orders of one set of steps
 * are shared out among test files by their first step, so vitest's workers play them side by side.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { appointments, payments, users } from '../db/schema.ts';
import { insertPayment } from '../modules/payments/payments.repository.ts';
import { advanceAndRun, appointmentRow, BASE, bookableDoctor, bookFor, quickPatient, slotAt } from './factories.ts';
import { liqpayCallback, liqpayTestApp, postLiqpayCallback } from './liqpay-local.ts';

const PRICE = 120_050;
const WRONG = 60_025;

export type Step = 'wrongSuccess' | 'rightSuccess' | 'rightReversed' | 'refundJob' | 'failure' | 'replay';

/** What the patient and the books see once an order is played: the booking's and each payment's state, refunds asked. */
interface Outcome {
  appointment: string;
  wrong: string;
  right: string;
  declined: string;
  refundsAsked: string[];
}

/** Every order of `steps`; orders that differ only by swapping identical steps (a callback and its replay) once. */
function orders(steps: Step[]): Step[][] {
  if (steps.length <= 1) return [steps];
  const seen = new Set<string>();
  const all: Step[][] = [];
  for (const [i, first] of steps.entries()) {
    for (const rest of orders(steps.filter((_, j) => j !== i))) {
      const order = [first, ...rest];
      const key = order.map((step) => (step === 'replay' ? 'rightSuccess' : step)).join();
      if (!seen.has(key)) all.push(order);
      seen.add(key);
    }
  }
  return all;
}

/**
 * A wrong-amount success, the right success, its reversal, the refund job, a failure and a replay: whatever the order,
 * all money goes back and the booking is refunded. Only the wrong payment is refunded by the service, for exactly what
 * was received; LiqPay reversed the other.
 */
export const withReversal: { steps: Step[]; outcome: Outcome } = {
  steps: ['wrongSuccess', 'rightSuccess', 'rightReversed', 'refundJob', 'failure', 'replay'],
  outcome: { appointment: 'refunded', wrong: 'refunded', right: 'refunded', declined: 'failure', refundsAsked: [`wrong ${WRONG / 100}`] },
};

/** Orders whose first step is a payment's success (a replay never comes first: it is the same order as its success's). */
export const startsWithSuccess = (order: Step[]) => order[0] === 'wrongSuccess' || order[0] === 'rightSuccess' || order[0] === 'replay';

/** A LiqPay test app with a doctor at PRICE and a patient; `expectEveryOrder` plays orders on it. */
export async function liqpayOrdersApp() {
  const { t, liqpayApi } = await liqpayTestApp(BASE);
  t.clock.set(BASE);
  const doctor = await bookableDoctor(t, { price: PRICE });
  const patient = await quickPatient(t);
  // In-app notifications only: hundreds of e-mails would only slow the test.
  await t.database.db.update(users).set({ notificationSettings: { in_app: true, email: false, push: false } });

  /** A held booking with three checkouts of it: `wrong` pays the wrong amount, `right` pays the price, `declined` fails. */
  async function bookingWithCheckouts() {
    const booked = await bookFor(t, patient, doctor, slotAt(3, 10));
    expect(booked.status).toBe(201);
    const orders = { wrong: randomUUID(), right: randomUUID(), declined: randomUUID() };
    for (const id of Object.values(orders)) {
      await insertPayment(t.database.db, { id, appointmentId: booked.body.id, provider: 'liqpay', orderId: id, amount: PRICE });
    }
    return { appointmentId: booked.body.id as string, orders };
  }

  async function run(step: Step, orders: { wrong: string; right: string; declined: string }) {
    const callbacks = {
      wrongSuccess: { order_id: orders.wrong, status: 'success', amount: WRONG / 100 },
      rightSuccess: { order_id: orders.right, status: 'success', amount: PRICE / 100 },
      replay: { order_id: orders.right, status: 'success', amount: PRICE / 100 },
      rightReversed: { order_id: orders.right, status: 'reversed', amount: PRICE / 100 },
      failure: { order_id: orders.declined, status: 'failure', amount: PRICE / 100 },
    } as const;
    if (step === 'refundJob') return advanceAndRun(t, 0);
    const response = await postLiqpayCallback(t, liqpayCallback(callbacks[step]));
    expect(response.statusCode).toBe(200);
  }

  /** Plays one order on a fresh booking, lets due refunds finish, and answers what the patient and the books would see. */
  async function play(order: Step[]): Promise<Outcome> {
    liqpayApi.reset();
    const { appointmentId, orders: ids } = await bookingWithCheckouts();
    for (const step of order) await run(step, ids);
    await advanceAndRun(t, 0);
    const rows = await t.database.db.select().from(payments).where(eq(payments.appointmentId, appointmentId));
    const status = (id: string) => rows.find((row) => row.id === id)!.status;
    const outcome = {
      appointment: (await appointmentRow(t, appointmentId)).paymentStatus,
      wrong: status(ids.wrong),
      right: status(ids.right),
      declined: status(ids.declined),
      refundsAsked: liqpayApi.calls.map((call) => `${call.data.order_id === ids.wrong ? 'wrong' : 'other'} ${String(call.data.amount)}`),
    };
    // The next order books the same time again.
    await t.database.db.update(appointments).set({ status: 'canceled', cancelledBy: 'operator' }).where(eq(appointments.id, appointmentId));
    return outcome;
  }

  /**
   * Plays every order of `steps` that `which` picks and expects each to end in `expected`; answers how many orders
   * `steps` has and how many were played.
   */
  async function expectEveryOrder(steps: Step[], which: (order: Step[]) => boolean, expected: Outcome) {
    const wrong: string[] = [];
    const all = orders(steps);
    const picked = all.filter(which);
    for (const order of picked) {
      const outcome = await play(order);
      if (JSON.stringify(outcome) !== JSON.stringify(expected)) wrong.push(`${order.join(' → ')}: ${JSON.stringify(outcome)}`);
    }
    expect(wrong).toEqual([]);
    return { orders: all.length, played: picked.length };
  }

  return { expectEveryOrder };
}
