import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { appointments, payments, users } from '../../db/schema.ts';
import { advanceAndRun, appointmentRow, BASE, bookableDoctor, bookFor, quickPatient, slotAt } from '../../test/factories.ts';
import { liqpayCallback, liqpayTestApp, postLiqpayCallback } from '../../test/liqpay-local.ts';
import { insertPayment } from './payments.repository.ts';

/**
 * LiqPay's callbacks for one booking arrive in any order: the booking's payment state and each payment's state must
 * end the same in every order.
 */
const PRICE = 120_050;
const WRONG = 60_025;

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

type Step = 'wrongSuccess' | 'rightSuccess' | 'rightReversed' | 'refundJob' | 'failure' | 'replay';

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

/** Plays one order on a fresh booking, lets due refunds finish, and answers what the patient and the books would see. */
async function play(order: Step[]) {
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

async function expectEveryOrder(steps: Step[], expected: Awaited<ReturnType<typeof play>>) {
  const wrong: string[] = [];
  const all = orders(steps);
  for (const order of all) {
    const outcome = await play(order);
    if (JSON.stringify(outcome) !== JSON.stringify(expected)) wrong.push(`${order.join(' → ')}: ${JSON.stringify(outcome)}`);
  }
  expect(wrong).toEqual([]);
  return all.length;
}

describe('every order of LiqPay callbacks ends in one state', () => {
  test('wrong-amount success, right success, its reversal, the refund job, a failure, a replay: all money back, booking refunded', async () => {
    const count = await expectEveryOrder(['wrongSuccess', 'rightSuccess', 'rightReversed', 'refundJob', 'failure', 'replay'], {
      appointment: 'refunded',
      wrong: 'refunded',
      right: 'refunded',
      declined: 'failure',
      // Only the wrong payment is refunded by the service, for exactly what was received; LiqPay reversed the other.
      refundsAsked: [`wrong ${WRONG / 100}`],
    });
    expect(count).toBe(360);
  }, 600_000);

  test('without the reversal: the booking is paid, the wrong amount goes back', async () => {
    const count = await expectEveryOrder(['wrongSuccess', 'rightSuccess', 'refundJob', 'failure', 'replay'], {
      appointment: 'paid',
      wrong: 'refunded',
      right: 'success',
      declined: 'failure',
      refundsAsked: [`wrong ${WRONG / 100}`],
    });
    expect(count).toBe(60);
  }, 600_000);
});
