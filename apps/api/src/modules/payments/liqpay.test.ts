import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHash } from 'node:crypto';
import { afterAll, beforeEach, describe, expect, test } from 'vitest';
import { call, createTestApp, MINUTE, type TestContext } from '../../test/harness.ts';
import { advanceAndRun, appointmentRow, BASE, bookableDoctor, bookFor, paymentRows, quickPatient, renew, slotAt } from '../appointments/test-support.ts';
import { LIQPAY_CHECKOUT_URL } from './providers/liqpay.ts';
import { decodeData, encodeData } from './providers/provider.ts';

const PUBLIC_KEY = 'sandbox_i000000001';
const PRIVATE_KEY = 'sandbox_private-key-of-the-test';
const PRICE = 120_050;

/** LiqPay's signature written out independently of the code under test. */
const liqpaySign = (data: string) => createHash('sha1').update(PRIVATE_KEY + data + PRIVATE_KEY).digest('base64');

/** A stand-in for LiqPay's request API: checks the signature and answers as LiqPay does. */
interface RefundCall {
  data: Record<string, unknown>;
  signatureValid: boolean;
}
const refundCalls: RefundCall[] = [];
let refundAnswer: { status: number; body: object } = { status: 200, body: { result: 'ok', status: 'reversed' } };

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const liqpayApi: Server = createServer(async (request, response) => {
  const form = new URLSearchParams(await readBody(request));
  const data = form.get('data') ?? '';
  refundCalls.push({ data: decodeData(data) ?? {}, signatureValid: form.get('signature') === liqpaySign(data) });
  const answer = form.get('signature') === liqpaySign(data) ? refundAnswer : { status: 200, body: { result: 'error', err_code: 'invalid_signature' } };
  response.writeHead(answer.status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(answer.body));
});
await new Promise<void>((resolve) => liqpayApi.listen(0, '127.0.0.1', resolve));
const apiUrl = `http://127.0.0.1:${(liqpayApi.address() as AddressInfo).port}/api/request`;

const t: TestContext = await createTestApp({
  env: { LIQPAY_PUBLIC_KEY: PUBLIC_KEY, LIQPAY_PRIVATE_KEY: PRIVATE_KEY, LIQPAY_API_URL: apiUrl, PUBLIC_URL: 'https://rozmova.example' },
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => liqpayApi.close(() => resolve()));
});
beforeEach(() => {
  t.clock.set(BASE);
  refundCalls.length = 0;
  refundAnswer = { status: 200, body: { result: 'ok', status: 'reversed' } };
});

async function heldBooking(days = 3) {
  const doctor = await bookableDoctor(t, { price: PRICE, userName: 'Ірина Коваль' });
  const patient = await quickPatient(t);
  const booked = (await bookFor(t, patient, doctor, slotAt(days, 10))).body;
  const started = await call(t.app, 'POST', '/v1/payments/checkout', { token: patient.token, body: { appointment_id: booked.id } });
  return { doctor, patient, booked, started };
}

/** What LiqPay would post to server_url for an order. */
function liqpayCallback(fields: Record<string, unknown>) {
  const data = encodeData({ version: 3, public_key: PUBLIC_KEY, action: 'pay', currency: 'UAH', payment_id: 123456789, ...fields });
  return { data, signature: liqpaySign(data) };
}

const postCallback = (body: { data: string; signature: string }) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/payments/callback/liqpay',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(body).toString(),
  });

describe('LiqPay (enabled by its keys)', () => {
  test('checkout: a form POST to LiqPay with base64 JSON data and its sha1 signature', async () => {
    const { booked, started } = await heldBooking();
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ provider: 'liqpay', amount: PRICE, currency: 'UAH', checkout: { url: LIQPAY_CHECKOUT_URL, method: 'POST' } });
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
    // Statuses on the way (3-D Secure, processing) change nothing.
    const waiting = await heldBooking(6);
    expect((await postCallback(liqpayCallback({ order_id: waiting.started.body.payment_id, status: '3ds_verify', amount: 1200.5 }))).json().result).toBe('accepted');
    expect(await appointmentRow(t, waiting.booked.id)).toMatchObject({ paymentStatus: 'pending' });
  });

  test('a callback signed with another key, or changed after signing, is refused and changes nothing', async () => {
    const { booked, started } = await heldBooking();
    const genuine = liqpayCallback({ order_id: started.body.payment_id, status: 'success', amount: 1200.5 });
    const otherKey = createHash('sha1').update(`x${genuine.data}x`).digest('base64');
    const changed = encodeData({ ...decodeData(genuine.data)!, amount: 1 });
    for (const body of [{ data: genuine.data, signature: otherKey }, { data: changed, signature: genuine.signature }]) {
      const response = await postCallback(body);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('PAYMENT_SIGNATURE_INVALID');
    }
    expect(await appointmentRow(t, booked.id)).toMatchObject({ paymentStatus: 'pending' });
  });

  test('a success for less than the price is not accepted as payment: the money goes back', async () => {
    const { booked, started } = await heldBooking();
    await postCallback(liqpayCallback({ order_id: started.body.payment_id, status: 'success', amount: 1 }));
    expect(await appointmentRow(t, booked.id)).toMatchObject({ paymentStatus: 'pending' });
    await advanceAndRun(t, 0);
    expect(refundCalls).toHaveLength(1);
    expect((await paymentRows(t, booked.id))[0]).toMatchObject({ status: 'refunded' });
  });

  test('refunds go through the request API, signed; a refusal is retried by the job queue', async () => {
    const { doctor, booked, started } = await heldBooking();
    await postCallback(liqpayCallback({ order_id: started.body.payment_id, status: 'success', amount: 1200.5 }));
    refundAnswer = { status: 200, body: { result: 'error', err_code: 'limit' } };
    t.clock.set(Date.parse(slotAt(3, 10)) - 3 * 60 * MINUTE);
    const cancelled = await call(t.app, 'PUT', `/v1/appointments/${booked.id}`, { token: (await renew(t, doctor)).token, body: { appointment_status: 'canceled' } });
    expect(cancelled.status).toBe(200);
    await advanceAndRun(t, 0);
    expect(refundCalls).toHaveLength(1);
    expect(refundCalls[0]).toEqual({
      signatureValid: true,
      data: { version: 3, public_key: PUBLIC_KEY, action: 'refund', order_id: started.body.payment_id, amount: 1200.5 },
    });
    expect((await paymentRows(t, booked.id))[0]).toMatchObject({ status: 'success' });

    refundAnswer = { status: 200, body: { result: 'ok', status: 'reversed' } };
    await advanceAndRun(t, 2 * MINUTE);
    expect(refundCalls).toHaveLength(2);
    expect((await paymentRows(t, booked.id))[0]).toMatchObject({ status: 'refunded' });
    expect(await appointmentRow(t, booked.id)).toMatchObject({ paymentStatus: 'refunded' });
    // Done once: nothing more is asked of LiqPay.
    await advanceAndRun(t, 60 * MINUTE);
    expect(refundCalls).toHaveLength(2);
  });
});
