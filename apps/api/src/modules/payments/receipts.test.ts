import { describe, expect, test } from 'vitest';
import { call, fileTestApp } from '../../test/harness.ts';
import { BASE, bookableDoctor, bookFor, heldPayment, quickAccount, quickPatient, slotAt, type Person } from '../../test/factories.ts';

const t = await fileTestApp(BASE);

const PRICE = 64_000;
const BASE_ISO = new Date(BASE).toISOString();
const receiptOf = (who: Person | undefined, appointmentId: string) =>
  call(t.app, 'GET', `/v1/payments/appointment/${appointmentId}/receipt`, { token: who?.token });

/** A booking the patient paid on the sandbox page; its appointment and payment ids. */
async function paidBooking(days: number) {
  const doctor = await bookableDoctor(t, { price: PRICE, userName: 'Ірина Коваль' });
  const patient = await quickPatient(t, 'Олена Петренко');
  const { appointmentId, checkout } = await heldPayment(t, patient, doctor, slotAt(days, 10));
  const page = await call(t.app, 'GET', checkout.body.checkout.url);
  const [, data, signature] = /name="data" value="([^"]+)">\s*<input type="hidden" name="signature" value="([^"]+)"/.exec(page.text)!;
  const paid = await call(t.app, 'POST', '/v1/payments/callback/sandbox', { body: { data, signature } });
  expect(paid.status).toBe(200);
  return { doctor, patient, appointmentId, paymentId: checkout.body.payment_id as string };
}

describe('GET /v1/payments/appointment/:id/receipt', () => {
  test('the patient who paid gets the receipt: amount, date, provider, payment id, doctor and its own name', async () => {
    const { patient, appointmentId, paymentId } = await paidBooking(3);
    const response = await receiptOf(patient, appointmentId);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      payment_id: paymentId,
      appointment_id: appointmentId,
      amount: PRICE,
      currency: 'UAH',
      provider: 'sandbox',
      paid_at: BASE_ISO,
      appointment_date: new Date(slotAt(3, 10)).toISOString(),
      doctor_name: 'Ірина Коваль',
      patient_name: 'Олена Петренко',
    });
  });

  test('nobody else gets it: another patient and admins 404, the doctor and operators 403, anonymous 401', async () => {
    const { doctor, appointmentId } = await paidBooking(4);
    const others = await Promise.all([quickPatient(t), quickAccount(t, 'admin'), quickAccount(t, 'operator')]);
    expect((await receiptOf(others[0], appointmentId)).status).toBe(404);
    expect((await receiptOf(others[1], appointmentId)).status).toBe(404);
    expect((await receiptOf(others[2], appointmentId)).status).toBe(403);
    expect((await receiptOf(doctor, appointmentId)).status).toBe(403);
    expect((await receiptOf(undefined, appointmentId)).status).toBe(401);
  });

  test('50 other patients at once: every one 404, none sees the payment', async () => {
    const { appointmentId, paymentId } = await paidBooking(5);
    const strangers = await Promise.all(Array.from({ length: 50 }, () => quickPatient(t)));
    const responses = await Promise.all(strangers.map((who) => receiptOf(who, appointmentId)));
    expect(responses.map((r) => r.status)).toEqual(Array(50).fill(404));
    expect(responses.some((r) => r.text.includes(paymentId))).toBe(false);
  });

  test('no receipt before the payment, for a free consultation, or for an unknown or malformed id', async () => {
    const doctor = await bookableDoctor(t, { price: PRICE });
    const patient = await quickPatient(t);
    const { appointmentId } = await heldPayment(t, patient, doctor, slotAt(6, 10));
    expect((await receiptOf(patient, appointmentId)).status).toBe(404);
    const free = await bookFor(t, patient, await bookableDoctor(t), slotAt(7, 12));
    expect((await receiptOf(patient, free.body.id)).status).toBe(404);
    expect((await receiptOf(patient, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await receiptOf(patient, 'x'.repeat(300))).status).toBe(400);
  });
});
