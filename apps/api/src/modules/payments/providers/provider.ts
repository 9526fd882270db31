import { createHash } from 'node:crypto';
import type { PaymentProvider } from '@rozmova/contracts';
import { safeEqual } from '../../../lib/crypto.ts';

/** What the browser is sent to: a GET of `url`, or a form POST of `fields` to it. */
export interface CheckoutTarget {
  url: string;
  method: 'GET' | 'POST';
  fields: Record<string, string>;
}

export interface CheckoutRequest {
  paymentId: string;
  orderId: string;
  /** UAH kopiyky. */
  amount: number;
  description: string;
  resultUrl: string;
  serverUrl: string;
  language: 'uk' | 'en';
}

/** A provider's callback, as the payments service acts on it. */
export interface ProviderCallback {
  orderId: string;
  outcome: 'success' | 'failure' | 'reversed' | 'other';
  /** The provider's own status word (kept with the callback). */
  status: string;
  /** UAH kopiyky, when the provider says. */
  amount?: number;
  currency?: string;
  providerPaymentId?: string;
}

export interface Provider {
  name: PaymentProvider;
  checkout(request: CheckoutRequest): CheckoutTarget;
  /** Whether `signature` is the provider's signature of `data` (constant-time). */
  verify(data: string, signature: string): Promise<boolean>;
  /** Decodes a verified callback's data; undefined when it is not a payment callback this service understands. */
  parse(data: string): ProviderCallback | undefined;
  /**
   * Gives back what a successful payment received: `amount` in hundredths of the currency it was paid in (a refund
   * is always in the payment's own currency). Throws when the provider refuses.
   */
  refund(payment: { orderId: string; amount: number }): Promise<void>;
}

/** LiqPay's signature, also used by the sandbox: base64(sha1(secret + data + secret)). */
export const signData = (secret: string, data: string) =>
  createHash('sha1')
    .update(secret + data + secret)
    .digest('base64');

export const encodeData = (value: object) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64');

export function decodeData(data: string): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(Buffer.from(data, 'base64').toString('utf8')) as unknown;
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

export const verifySignature = (secret: string, data: string, signature: string) => safeEqual(signData(secret, data), signature);

/** UAH as LiqPay writes it (a decimal number) from kopiyky. */
export const toHryvnias = (kopiyky: number) => Number((kopiyky / 100).toFixed(2));
export const toKopiyky = (hryvnias: unknown): number | undefined => {
  const value = typeof hryvnias === 'string' ? Number(hryvnias) : hryvnias;
  return typeof value === 'number' && Number.isFinite(value) ? Math.round(value * 100) : undefined;
};

/** LiqPay's status words (also the sandbox's) to what they mean for the appointment. */
export function outcomeOf(status: string): ProviderCallback['outcome'] {
  if (status === 'success' || status === 'sandbox') return 'success';
  if (status === 'failure' || status === 'error') return 'failure';
  if (status === 'reversed') return 'reversed';
  return 'other';
}

/** The fields every LiqPay-shaped callback carries, read from decoded data. */
export function parseLiqpayShape(data: string): ProviderCallback | undefined {
  const value = decodeData(data);
  if (!value || typeof value.order_id !== 'string' || typeof value.status !== 'string') return undefined;
  return {
    orderId: value.order_id,
    status: value.status.slice(0, 40),
    outcome: outcomeOf(value.status),
    amount: toKopiyky(value.amount),
    currency: typeof value.currency === 'string' ? value.currency : undefined,
    providerPaymentId: value.payment_id === undefined || value.payment_id === null ? undefined : String(value.payment_id).slice(0, 100),
  };
}
