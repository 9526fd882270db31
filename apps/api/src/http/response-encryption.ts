import type { FastifyInstance, onSendHookHandler } from 'fastify';
import { encryptResponseText } from '../lib/response-encryption.ts';

/**
 * With DECRYPTION_KEY set, a successful JSON answer of an endpoint whose contract says `encryptResponse` (the patient
 * card and message endpoints) is sent as `{ encrypted: { salt, iv, encrypted } }` (docs/product.md §7); errors stay plain JSON.
 * Adds the encrypting `onSend` hook to those routes, and to no other; without a
 * key nothing is added and every answer is plain JSON. Registered before the routes (it works from `onRoute`). The hook
 * runs after the app's own `onSend` hooks and after the response schema serialised the answer, so the schema shapes
 * what is encrypted and never sees the envelope.
 */
export function registerResponseEncryption(app: FastifyInstance, key: string | undefined): void {
  if (!key) return;
  const encrypt: onSendHookHandler = async (_request, reply, payload) => {
    const json = String(reply.getHeader('content-type') ?? '').includes('application/json');
    if (reply.statusCode < 200 || reply.statusCode >= 300 || typeof payload !== 'string' || !json) return payload;
    return JSON.stringify({ encrypted: await encryptResponseText(payload, key) });
  };
  app.addHook('onRoute', (route) => {
    if (!route.config?.contract?.encryptResponse) return;
    const own = route.onSend === undefined ? [] : Array.isArray(route.onSend) ? route.onSend : [route.onSend];
    route.onSend = [...own, encrypt];
  });
}
