import { z } from 'zod';
import { idParamsSchema, localeSchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { patientHistoryPaths, paymentPaths } from '../paths.ts';
import { receiptSchema } from '../patient-history.ts';
import {
  appointmentPaymentSchema,
  checkoutBodySchema,
  checkoutSchema,
  paymentCallbackBodySchema,
  paymentProviderParamsSchema,
} from '../payments.ts';

/** What a provider's server hears back from its callback. */
const callbackResultSchema = z.object({
  result: z.enum(['accepted', 'replayed', 'ignored']),
  appointment_id: z.string().nullable(),
});

/** The sandbox page's language; without it, the browser's (uk or en), else English. */
const sandboxQuerySchema = z.strictObject({ lang: localeSchema.optional() });

export const checkout = endpoint({
  method: 'POST',
  path: paymentPaths.checkout,
  access: ['patient'],
  unclaimed: true,
  summary: 'Start (or resume) the payment of a held, unpaid appointment',
  body: checkoutBodySchema,
  responses: { 200: checkoutSchema },
  errors: ['PAYMENT_NOT_PAYABLE'],
});

export const ofAppointment = endpoint({
  method: 'GET',
  path: paymentPaths.ofAppointment,
  access: 'user',
  unclaimed: true,
  summary: 'What the payment of an appointment came to',
  params: idParamsSchema,
  responses: { 200: appointmentPaymentSchema },
});

export const receipt = endpoint({
  method: 'GET',
  path: patientHistoryPaths.receipt,
  access: ['patient'],
  unclaimed: true,
  summary: "The receipt of an appointment's card payment (the patient who paid only)",
  params: idParamsSchema,
  responses: { 200: receiptSchema },
});

/** Public: the payment id (a random uuid) is what opens it. */
export const sandboxCheckout = endpoint({
  method: 'GET',
  path: paymentPaths.sandboxCheckout,
  access: 'public',
  summary: "The sandbox provider's own checkout page (HTML)",
  params: idParamsSchema,
  query: sandboxQuerySchema,
  responses: { 200: { file: 'text/html' } },
});

/** Form-encoded (LiqPay's server_url, the sandbox page's buttons) or JSON. */
export const callback = endpoint({
  method: 'POST',
  path: paymentPaths.callback,
  access: 'public',
  summary: "The provider's signed callback; a browser (Accept: text/html) is sent on to the result page (303)",
  params: paymentProviderParamsSchema,
  body: paymentCallbackBodySchema,
  responses: { 200: callbackResultSchema },
  errors: ['PAYMENT_SIGNATURE_INVALID'],
});
