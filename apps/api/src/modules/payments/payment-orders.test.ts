import { describe, expect, test } from 'vitest';
import { liqpayOrdersApp, startsWithSuccess, withReversal } from '../../test/liqpay-orders.ts';

/**
 * LiqPay's callbacks for one booking arrive in any order: the booking's payment state and each payment's state must
 * end the same in every order. The orders of `withReversal` that start otherwise are in payment-orders.late.test.ts.
 */
const { expectEveryOrder } = await liqpayOrdersApp();

describe('every order of LiqPay callbacks ends in one state', () => {
  test('wrong-amount success, right success, its reversal, the refund job, a failure, a replay (a success first): all money back, booking refunded', async () => {
    expect(await expectEveryOrder(withReversal.steps, startsWithSuccess, withReversal.outcome)).toEqual({ orders: 360, played: 180 });
  }, 600_000);

  test('without the reversal: the booking is paid, the wrong amount goes back', async () => {
    const steps = withReversal.steps.filter((step) => step !== 'rightReversed');
    const paid = { ...withReversal.outcome, appointment: 'paid', right: 'success' };
    expect(await expectEveryOrder(steps, () => true, paid)).toEqual({ orders: 60, played: 60 });
  }, 600_000);
});
