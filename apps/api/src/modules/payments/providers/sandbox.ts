import { encodeData, parseLiqpayShape, signData, toHryvnias, verifySignature, type Provider } from './provider.ts';

export const SANDBOX_PUBLIC_KEY = 'sandbox';

/**
 * The default provider, for demos and tests: the checkout is this API's own page (`/v1/payments/sandbox/:id`) whose
 * Pay and Decline buttons post callbacks in LiqPay's shape, signed with a secret kept in the settings table (so every
 * instance shares it). Refunds always succeed.
 */
export function createSandboxProvider(settings: { secret: () => Promise<string>; checkoutUrl: (paymentId: string) => string }): Provider & {
  /** The callback the page's button posts: status `success` or `failure`. */
  signedCallback(input: {
    orderId: string;
    paymentId: string;
    amount: number;
    description: string;
    status: 'success' | 'failure';
  }): Promise<{ data: string; signature: string }>;
} {
  let secret: string | undefined;
  const load = async () => (secret ??= await settings.secret());
  return {
    name: 'sandbox',
    checkout: (request) => ({ url: settings.checkoutUrl(request.paymentId), method: 'GET', fields: {} }),
    verify: async (data, signature) => verifySignature(await load(), data, signature),
    parse: parseLiqpayShape,
    async refund() {},
    async signedCallback(input) {
      const data = encodeData({
        version: 3,
        public_key: SANDBOX_PUBLIC_KEY,
        action: 'pay',
        amount: toHryvnias(input.amount),
        currency: 'UAH',
        description: input.description,
        order_id: input.orderId,
        payment_id: input.paymentId,
        status: input.status,
      });
      return { data, signature: signData(await load(), data) };
    },
  };
}
