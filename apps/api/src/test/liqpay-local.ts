/** A stand-in for LiqPay in the payment tests (not a test file itself): its request API, signing and callbacks. */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeEach } from 'vitest';
import { createTestApp, type TestContext } from './harness.ts';
import { decodeData, encodeData } from '../modules/payments/providers/provider.ts';

export const PUBLIC_KEY = 'sandbox_i000000001';
export const PRIVATE_KEY = 'sandbox_private-key-of-the-test';

/** LiqPay's signature written out independently of the code under test. */
export const liqpaySign = (data: string) =>
  createHash('sha1')
    .update(PRIVATE_KEY + data + PRIVATE_KEY)
    .digest('base64');

/** What LiqPay would post to server_url for an order. */
export function liqpayCallback(fields: Record<string, unknown>) {
  const data = encodeData({ version: 3, public_key: PUBLIC_KEY, action: 'pay', currency: 'UAH', payment_id: 123456789, ...fields });
  return { data, signature: liqpaySign(data) };
}

export const postLiqpayCallback = (t: TestContext, body: { data: string; signature: string }): Promise<LightMyRequestResponse> =>
  t.app.inject({
    method: 'POST',
    url: '/v1/payments/callback/liqpay',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(body).toString(),
  });

export interface RefundCall {
  data: Record<string, unknown>;
  signatureValid: boolean;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const refunded = { status: 200, body: { result: 'ok', status: 'reversed' } };

/** LiqPay's request API on a local port: checks the signature, keeps each call, answers `answer` (a refund by default). */
export async function startLiqpayApi() {
  const liqpay = {
    calls: [] as RefundCall[],
    answer: refunded as { status: number; body: object },
    apiUrl: '',
    reset() {
      liqpay.calls.length = 0;
      liqpay.answer = refunded;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = createServer(async (request, response) => {
    const form = new URLSearchParams(await readBody(request));
    const data = form.get('data') ?? '';
    const signatureValid = form.get('signature') === liqpaySign(data);
    liqpay.calls.push({ data: decodeData(data) ?? {}, signatureValid });
    const answer = signatureValid ? liqpay.answer : { status: 200, body: { result: 'error', err_code: 'invalid_signature' } };
    response.writeHead(answer.status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  liqpay.apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/request`;
  return liqpay;
}

/** The settings that turn LiqPay on, with its request API at the local LiqPay. */
const liqpayEnv = (apiUrl: string) => ({
  LIQPAY_PUBLIC_KEY: PUBLIC_KEY,
  LIQPAY_PRIVATE_KEY: PRIVATE_KEY,
  LIQPAY_API_URL: apiUrl,
  PUBLIC_URL: 'https://rozmova.example',
});

/** A test app whose payments go through LiqPay at a fresh local LiqPay; both close after the file, and each test starts at `start` with the local LiqPay cleared. */
export async function liqpayTestApp(start: number): Promise<{ t: TestContext; liqpayApi: Awaited<ReturnType<typeof startLiqpayApi>> }> {
  const liqpayApi = await startLiqpayApi();
  const t = await createTestApp({ env: liqpayEnv(liqpayApi.apiUrl) });
  afterAll(async () => {
    await t.close();
    await liqpayApi.close();
  });
  beforeEach(() => {
    t.clock.set(start);
    liqpayApi.reset();
  });
  return { t, liqpayApi };
}
