import { z } from 'zod';
import { idSchema } from './common.ts';
import { paymentProviders } from './constants.ts';
import { appointmentStatusSchema, paymentStatusSchema, paymentTypeSchema } from './appointments.ts';

export const paymentProviderSchema = z.enum(paymentProviders);

export const checkoutBodySchema = z.strictObject({ appointment_id: idSchema });
export type CheckoutBody = z.infer<typeof checkoutBodySchema>;

/** Where the browser goes to pay: a GET to `url`, or a form POST of `fields` to it (LiqPay). */
export const checkoutSchema = z.object({
  payment_id: z.string(),
  provider: paymentProviderSchema,
  amount: z.number().int(),
  currency: z.literal('UAH'),
  checkout: z.object({ url: z.string(), method: z.enum(['GET', 'POST']), fields: z.record(z.string(), z.string()) }),
});
export type Checkout = z.infer<typeof checkoutSchema>;

/** A provider's callback: base64 JSON `data` and its `signature` (LiqPay's shape; the sandbox signs the same way). */
export const paymentCallbackBodySchema = z.object({
  data: z.string().min(1).max(20_000),
  signature: z.string().min(1).max(200),
});
export type PaymentCallbackBody = z.infer<typeof paymentCallbackBodySchema>;
export const paymentProviderParamsSchema = z.strictObject({ provider: paymentProviderSchema });

export const appointmentPaymentSchema = z.object({
  appointment_id: z.string(),
  appointment_status: appointmentStatusSchema,
  appointment_paymentType: paymentTypeSchema,
  appointment_paymentStatus: paymentStatusSchema,
  amount: z.number().int(),
  provider: paymentProviderSchema.nullable(),
  hold_expires_at: z.string().nullable(),
});
export type AppointmentPayment = z.infer<typeof appointmentPaymentSchema>;
