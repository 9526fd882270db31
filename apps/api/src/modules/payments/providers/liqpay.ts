import { encodeData, parseLiqpayShape, signData, toHryvnias, verifySignature, type Provider } from './provider.ts';

export const LIQPAY_CHECKOUT_URL = 'https://www.liqpay.ua/api/3/checkout';

export interface LiqpaySettings {
  publicKey: string;
  privateKey: string;
  /** The request API (refunds); a test points it at a local server. */
  apiUrl: string;
}

/**
 * LiqPay: the browser form-POSTs `data` (base64 JSON) and `signature` (base64 sha1 of private key + data + private key)
 * to the checkout; LiqPay POSTs the same shape to `server_url` when the payment settles. Refunds go through the
 * request API with the same signing.
 */
export function createLiqpayProvider(settings: LiqpaySettings, fetchImpl: typeof fetch = fetch): Provider {
  const sign = (data: string) => signData(settings.privateKey, data);
  return {
    name: 'liqpay',
    checkout(request) {
      const data = encodeData({
        version: 3,
        public_key: settings.publicKey,
        action: 'pay',
        amount: toHryvnias(request.amount),
        currency: 'UAH',
        description: request.description,
        order_id: request.orderId,
        language: request.language,
        result_url: request.resultUrl,
        server_url: request.serverUrl,
      });
      return { url: LIQPAY_CHECKOUT_URL, method: 'POST', fields: { data, signature: sign(data) } };
    },
    verify: async (data, signature) => verifySignature(settings.privateKey, data, signature),
    parse: parseLiqpayShape,
    async refund(payment) {
      const data = encodeData({
        version: 3,
        public_key: settings.publicKey,
        action: 'refund',
        order_id: payment.orderId,
        amount: toHryvnias(payment.amount),
      });
      const response = await fetchImpl(settings.apiUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ data, signature: sign(data) }).toString(),
        signal: AbortSignal.timeout(20_000),
      });
      const body = (await response.json().catch(() => undefined)) as { result?: string; status?: string; err_code?: string } | undefined;
      const refunded = response.ok && body !== undefined && body.result !== 'error' && (body.status === 'reversed' || body.result === 'ok');
      // The error names LiqPay's code only: its description can repeat payment details.
      if (!refunded)
        throw new Error(`LiqPay refused the refund (HTTP ${response.status}, ${body?.err_code ?? body?.status ?? 'no answer'})`);
    },
  };
}
