import { describe, expect, test } from 'vitest';
import { liqpayOrdersApp, startsWithSuccess, withReversal } from '../../test/liqpay-orders.ts';

/**
 * The orders of LiqPay's callbacks (test/liqpay-orders.ts) in which the reversal, the refund job or the failure comes
 * before any success; payment-orders.test.ts plays the others.
 */
const { expectEveryOrder } = await liqpayOrdersApp();

describe('every order of LiqPay callbacks ends in one state', () => {
  test('wrong-amount success, right success, its reversal, the refund job, a failure, a replay (no success first): all money back, booking refunded', async () => {
    const late = (order: Parameters<typeof startsWithSuccess>[0]) => !startsWithSuccess(order);
    expect(await expectEveryOrder(withReversal.steps, late, withReversal.outcome)).toEqual({ orders: 360, played: 180 });
  }, 600_000);
});
