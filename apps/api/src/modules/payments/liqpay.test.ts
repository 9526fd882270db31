import { createHash, randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { call, createTestApp, MINUTE } from '../../test/harness.ts';
import {
  advanceAndRun,
  appointmentRow,
  BASE,
  bookableDoctor,
  bookFor,
  paymentRows,
  quickPatient,
  renew,
  slotAt,
} from '../../test/factories.ts';
import { liqpayCallback, liqpaySign, liqpayTestApp, postLiqpayCallback, PUBLIC_KEY } from '../../test/liqpay-local.ts';
import { insertPayment, keepSandboxSecret } from './payments.repository.ts';
import { LIQPAY_CHECKOUT_URL } from './providers/liqpay.ts';
import { decodeData, encodeData, signData } from './providers/provider.ts';

const PRICE = 120_050;

const { t, liqpayApi } = await liqpayTestApp(BASE);
const refundCalls = liqpayApi.calls;

async function heldBooking(days = 3) {
  const doctor = await bookableDoctor(t, { price: PRICE, userName: 'Ірина Коваль' });
  const patient = await quickPatient(t);
  const booked = (await bookFor(t, patient, doctor, slotAt(days, 10))).body;
  const started = await call(t.app, 'POST', '/v1/payments/checkout', { token: patient.token, body: { appointment_id: booked.id } });
  return { doctor, patient, booked, started };
}

const postCallback = (body: { data: string; signature: string }) => postLiqpayCallback(t, body);

describe('LiqPay (enabled by its keys)', () => {
  test('checkout: a form POST to LiqPay with base64 JSON data and its sha1 signature', async () => {
    const { booked, started } = await heldBooking();
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({
      provider: 'liqpay',
      amount: PRICE,
      currency: 'UAH',
      checkout: { url: LIQPAY_CHECKOUT_URL, method: 'POST' },
    });
    const { data, signature } = started.body.checkout.fields;
    expect(signature).toBe(liqpaySign(data));
    expect(decodeData(data)).toEqual({
      version: 3,
      public_key: PUBLIC_KEY,
      action: 'pay',
      amount: 1200.5,
      currency: 'UAH',
      description: 'Онлайн-консультація Rozmova',
      order_id: started.body.payment_id,
      language: 'uk',
      result_url: `https://rozmova.example/user/payment-success?appointment=${booked.id}`,
      server_url: 'https://rozmova.example/v1/payments/callback/liqpay',
    });
    // The sandbox page does not exist for LiqPay payments.
    expect((await call(t.app, 'GET', `/v1/payments/sandbox/${started.body.payment_id}`)).status).toBe(404);
  });

  test('a sandbox checkout made before the switch to LiqPay can be neither opened nor paid: 404, nothing changes', async () => {
    const doctor = await bookableDoctor(t, { price: PRICE });
    const patient = await quickPatient(t);
    const booked = (await bookFor(t, patient, doctor, slotAt(7, 10))).body;
    // What a sandbox checkout stored while the sandbox was the provider, and what its page's Pay button posts.
    const id = randomUUID();
    await insertPayment(t.database.db, { id, appointmentId: booked.id, provider: 'sandbox', orderId: id, amount: PRICE });
    const secret = await keepSandboxSecret(t.database.db, 'the-sandbox-secret-of-before');
    const data = encodeData({
      version: 3,
      public_key: 'sandbox',
      action: 'pay',
      amount: 1200.5,
      currency: 'UAH',
      order_id: id,
      payment_id: id,
      status: 'success',
    });

    const page = await call(t.app, 'GET', `/v1/payments/sandbox/${id}`);
    expect(page.status).toBe(404);
    expect(page.body.code).toBe('NOT_FOUND');
    const paid = await t.app.inject({
      method: 'POST',
      url: '/v1/payments/callback/sandbox',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
      payload: new URLSearchParams({ data, signature: signData(secret, data) }).toString(),
    });
    expect(paid.statusCode).toBe(404);
    expect(paid.json().code).toBe('NOT_FOUND');
    expect(await appointmentRow(t, booked.id)).toMatchObject({ paymentStatus: 'pending', status: 'scheduled' });
    expect(await paymentRows(t, booked.id)).toMatchObject([{ status: 'pending' }]);
  });

  // Two instances on one PostgreSQL database: the one still configured for the sandbox makes the checkout.
  test.runIf(t.postgresUrl)('a checkout of an instance still on the sandbox: 404 here, payable only there', async () => {
    const old = await createTestApp({ postgresUrl: t.postgresUrl });
    try {
      old.clock.set(BASE);
      const doctor = await bookableDoctor(old, { price: PRICE });
      const patient = await quickPatient(old);
      const booked = (await bookFor(old, patient, doctor, slotAt(8, 10))).body;
      const started = await call(old.app, 'POST', '/v1/payments/checkout', { token: patient.token, body: { appointment_id: booked.id } });
      const path = started.body.checkout.url;
      const page = await call(old.app, 'GET', path);
      expect(page.status).toBe(200);
      const [data, signature] = [...page.text.matchAll(/name="(?:data|signature)" value="([^"]+)"/g)].map((m) =>
        m[1]!.replace(/&#39;/g, "'"),
      );
      const form = { data: data!, signature: signature! };
      const post = (app: typeof t.app) =>
        app.inject({
          method: 'POST',
          url: '/v1/payments/callback/sandbox',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams(form).toString(),
        });

      expect((await call(t.app, 'GET', path)).status).toBe(404);
      expect((await post(t.app)).statusCode).toBe(404);
      expect(await appointmentRow(t, booked.id)).toMatchObject({ paymentStatus: 'pending' });
      expect((await post(old.app)).json().result).toBe('accepted');
      expect(await appointmentRow(t, booked.id)).toMatchObject({ paymentStatus: 'paid' });
    } finally {
      await old.close();
    }
  });

  test('a signed callback with status success (or sandbox) marks the booking paid; failure and error mark it failed', async () => {
    const first = await heldBooking();
    const ok = await postCallback(liqpayCallback({ order_id: first.started.body.payment_id, status: 'sandbox', amount: 1200.5 }));
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ result: 'accepted', appointment_id: first.booked.id });
    expect(await appointmentRow(t, first.booked.id)).toMatchObject({ paymentStatus: 'paid' });
    expect((await paymentRows(t, first.booked.id))[0]).toMatchObject({ status: 'success', providerPaymentId: '123456789' });

    for (const status of ['failure', 'error']) {
      const held = await heldBooking(status === 'failure' ? 4 : 5);
      await postCallback(liqpayCallback({ order_id: held.started.body.payment_id, status, amount: 1200.5 }));
      expect(await appointmentRow(t, held.booked.id)).toMatchObject({ paymentStatus: 'failed', status: 'scheduled' });
    }
    // Statuses on the way (confirmations, processing, waiting) and subscription ones change nothing.
    const waiting = await heldBooking(6);
    for (const status of [
      '3ds_verify',
      'otp_verify',
      'processing',
      'prepared',
      'wait_accept',
      'wait_secure',
      'hold_wait',
      'subscribed',
      'unsubscribed',
    ]) {
      expect(
        (await postCallback(liqpayCallback({ order_id: waiting.started.body.payment_id, status, amount: 1200.5 }))).json().result,
      ).toBe('accepted');
    }
    expect(await appointmentRow(t, waiting.booked.id)).toMatchObject({ paymentStatus: 'pending' });
    expect(await paymentRows(t, waiting.booked.id)).toMatchObject([{ status: 'pending' }]);
  });

  test('a callback signed with another key, or changed after signing, is refused and changes nothing', async () => {
    const { booked, started } = await heldBooking();
    const genuine = liqpayCallback({ order_id: started.body.payment_id, status: 'success', amount: 1200.5 });
    const otherKey = createHash('sha1').update(`x${genuine.data}x`).digest('base64');
    const changed = encodeData({ ...decodeData(genuine.data)!, amount: 1 });
    for (const body of [
      { data: genuine.data, signature: otherKey },
      { data: changed, signature: genuine.signature },
    ]) {
      const response = await postCallback(body);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('PAYMENT_SIGNATURE_INVALID');
    }
    expect(await appointmentRow(t, booked.id)).toMatchObject({ paymentStatus: 'pending' });
  });

  test('a success for another amount or currency is not accepted as payment: exactly what was received goes back', async () => {
    for (const [days, received] of [
      [3, { amount: 1, currency: 'UAH' }],
      [4, { amount: 1200.5, currency: 'USD' }],
    ] as const) {
      liqpayApi.reset();
      const { booked, started } = await heldBooking(days);
      await postCallback(liqpayCallback({ order_id: started.body.payment_id, status: 'success', ...received }));
      expect(await appointmentRow(t, booked.id)).toMatchObject({ paymentStatus: 'pending' });
      await advanceAndRun(t, 0);
      expect(refundCalls.map((call) => call.data)).toEqual([
        { version: 3, public_key: PUBLIC_KEY, action: 'refund', order_id: started.body.payment_id, amount: received.amount },
      ]);
      expect(await paymentRows(t, booked.id)).toMatchObject([
        { status: 'refunded', receivedAmount: Math.round(received.amount * 100), receivedCurrency: received.currency },
      ]);
      // The booking still awaits its payment, and the patient may pay it.
      expect(await appointmentRow(t, booked.id)).toMatchObject({ paymentStatus: 'pending', status: 'scheduled' });
    }
  });

  test('refunds go through the request API, signed; a refusal is retried by the job queue', async () => {
    const { doctor, booked, started } = await heldBooking();
    await postCallback(liqpayCallback({ order_id: started.body.payment_id, status: 'success', amount: 1200.5 }));
    liqpayApi.answer = { status: 200, body: { result: 'error', err_code: 'limit' } };
    t.clock.set(Date.parse(slotAt(3, 10)) - 3 * 60 * MINUTE);
    const cancelled = await call(t.app, 'PUT', `/v1/appointments/${booked.id}`, {
      token: (await renew(t, doctor)).token,
      body: { appointment_status: 'canceled' },
    });
    expect(cancelled.status).toBe(200);
    await advanceAndRun(t, 0);
    expect(refundCalls).toHaveLength(1);
    expect(refundCalls[0]).toEqual({
      signatureValid: true,
      data: { version: 3, public_key: PUBLIC_KEY, action: 'refund', order_id: started.body.payment_id, amount: 1200.5 },
    });
    expect((await paymentRows(t, booked.id))[0]).toMatchObject({ status: 'success' });

    liqpayApi.answer = { status: 200, body: { result: 'ok', status: 'reversed' } };
    await advanceAndRun(t, 2 * MINUTE);
    expect(refundCalls).toHaveLength(2);
    expect((await paymentRows(t, booked.id))[0]).toMatchObject({ status: 'refunded' });
    expect(await appointmentRow(t, booked.id)).toMatchObject({ paymentStatus: 'refunded' });
    // Done once: nothing more is asked of LiqPay.
    await advanceAndRun(t, 60 * MINUTE);
    expect(refundCalls).toHaveLength(2);
  });
});
