import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { appointments, paymentCallbacks, settings } from '../../db/schema.ts';
import { call, fileTestApp, MINUTE, type CallResult } from '../../test/harness.ts';
import {
  advanceAndRun,
  appointmentRow,
  BASE,
  bookableDoctor,
  bookFor,
  DAY,
  deliver,
  notificationTexts,
  paymentRows,
  quickAccount,
  quickPatient,
  renew,
  slotAt,
  type Person,
} from '../../test/factories.ts';
import { decodeData, encodeData, signData } from './providers/provider.ts';

const t = await fileTestApp(BASE);

const PRICE = 75_000;

interface Signed {
  data: string;
  signature: string;
}

const checkout = (who: Person, appointmentId: string) =>
  call(t.app, 'POST', '/v1/payments/checkout', { token: who.token, body: { appointment_id: appointmentId } });

/** The sandbox page's two forms (Pay, then Decline). */
function formsOf(html: string): { pay: Signed; decline: Signed } {
  const forms = [...html.matchAll(/name="data" value="([^"]+)">\s*<input type="hidden" name="signature" value="([^"]+)"/g)].map((m) => ({
    data: m[1]!,
    signature: m[2]!.replace(/&#39;/g, "'"),
  }));
  expect(forms).toHaveLength(2);
  return { pay: forms[0]!, decline: forms[1]! };
}

/** Posts a callback as a browser form does (form-encoded, accepting HTML) or as a provider's server (form-encoded, JSON back). */
async function postCallback(provider: string, signed: Signed, as: 'browser' | 'server' = 'server'): Promise<CallResult> {
  const response = await t.app.inject({
    method: 'POST',
    url: `/v1/payments/callback/${provider}`,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      accept: as === 'browser' ? 'text/html,application/xhtml+xml' : 'application/json',
    },
    payload: new URLSearchParams({ data: signed.data, signature: signed.signature }).toString(),
  });
  return {
    status: response.statusCode,
    body: String(response.headers['content-type'] ?? '').includes('json') ? response.json() : undefined,
    headers: response.headers,
    text: response.body,
  };
}

/** A patient with a held, unpaid booking of a paid doctor, and the sandbox page of its checkout. */
async function heldBooking(days = 3) {
  const doctor = await bookableDoctor(t, { price: PRICE, userName: 'Ірина Коваль' });
  const patient = await quickPatient(t);
  const booked = (await bookFor(t, patient, doctor, slotAt(days, 10))).body;
  const started = await checkout(patient, booked.id);
  expect(started.status).toBe(200);
  const page = await call(t.app, 'GET', `${started.body.checkout.url}?lang=uk`);
  return { doctor, patient, booked, started: started.body, page, forms: formsOf(page.text) };
}

async function paymentOf(who: Person, id: string) {
  return call(t.app, 'GET', `/v1/payments/appointment/${id}`, { token: who.token });
}

describe('checkout', () => {
  test('the patient of a held booking gets a sandbox checkout; resuming gives the same payment', async () => {
    const { patient, booked, started, page } = await heldBooking();
    expect(started).toMatchObject({ provider: 'sandbox', amount: PRICE, currency: 'UAH', checkout: { method: 'GET', fields: {} } });
    // A path, not PUBLIC_URL: the browser stays on the address and port it reached the app by.
    expect(started.checkout.url).toBe(`/v1/payments/sandbox/${started.payment_id}`);
    expect((await checkout(patient, booked.id)).body.payment_id).toBe(started.payment_id);

    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.text).toContain('<html lang="uk">');
    expect(page.text).toContain('750,00 грн');
    expect(page.text).toContain('Ірина Коваль');
    expect(page.text).toContain('14 січня, 12:00');
    expect(page.text).toContain('prefers-color-scheme: dark');
    const english = await call(t.app, 'GET', started.checkout.url, { headers: { 'accept-language': 'en-GB,en;q=0.9' } });
    expect(english.text).toContain('<html lang="en">');
    expect(english.text).toContain('UAH 750.00');
    expect(english.text).toContain('>Pay<');
    const ukrainian = await call(t.app, 'GET', started.checkout.url, {
      headers: { 'accept-language': 'uk-UA,uk;q=0.9,en;q=0.5' },
    });
    expect(ukrainian.text).toContain('>Оплатити<');
    expect((await call(t.app, 'GET', '/v1/payments/sandbox/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  test('only the patient of it; nothing to pay for free, paid or no longer held bookings: 409 PAYMENT_NOT_PAYABLE', async () => {
    const { doctor, booked } = await heldBooking();
    expect((await checkout(await quickPatient(t), booked.id)).status).toBe(404);
    expect((await checkout(doctor, booked.id)).status).toBe(403);
    expect((await checkout(await quickAccount(t, 'admin'), booked.id)).status).toBe(404);

    const free = await bookableDoctor(t, { price: 0 });
    const patient = await quickPatient(t);
    const freeBooking = (await bookFor(t, patient, free, slotAt(2, 10))).body;
    const notPayable = await checkout(patient, freeBooking.id);
    expect(notPayable.status).toBe(409);
    expect(notPayable.body.code).toBe('PAYMENT_NOT_PAYABLE');

    const held = await heldBooking(4);
    t.clock.advance(16 * MINUTE);
    expect((await checkout(held.patient, held.booked.id)).body.code).toBe('PAYMENT_NOT_PAYABLE');
  });
});

describe('callbacks', () => {
  test('Pay on the sandbox page: 303 to the result page, the booking is paid, the hold ends; a replay changes nothing', async () => {
    const { patient, booked, forms, doctor } = await heldBooking();
    const paid = await postCallback('sandbox', forms.pay, 'browser');
    expect(paid.status).toBe(303);
    expect(paid.headers.location).toBe(`/user/payment-success?appointment=${booked.id}`);
    expect(await appointmentRow(t, booked.id)).toMatchObject({ paymentStatus: 'paid', holdExpiresAt: null, status: 'scheduled' });
    expect((await paymentRows(t, booked.id))[0]).toMatchObject({ status: 'success' });
    const result = await paymentOf(patient, booked.id);
    expect(result.body).toEqual({
      appointment_id: booked.id,
      appointment_status: 'scheduled',
      appointment_paymentType: 'Patient',
      appointment_paymentStatus: 'paid',
      amount: PRICE,
      provider: 'sandbox',
      hold_expires_at: null,
    });
    expect((await paymentOf(doctor, booked.id)).status).toBe(200);
    expect((await paymentOf(await quickAccount(t, 'operator'), booked.id)).status).toBe(200);
    expect((await paymentOf(await quickPatient(t), booked.id)).status).toBe(404);
    expect(await notificationTexts(t, patient.userId)).toContain('Оплату отримано: онлайн-сесія з фахівцем Ірина Коваль 14 січня, 12:00');

    // The hold's time passes: nothing happens to a paid booking.
    await advanceAndRun(t, 20 * MINUTE);
    expect((await appointmentRow(t, booked.id)).status).toBe('scheduled');

    const callbacksBefore = await t.database.db.select().from(paymentCallbacks);
    const replay = await postCallback('sandbox', forms.pay);
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual({ result: 'replayed', appointment_id: booked.id });
    // Decline after paying (a stale page) changes nothing either.
    expect((await postCallback('sandbox', forms.decline)).body.result).toBe('accepted');
    expect(await appointmentRow(t, booked.id)).toMatchObject({ paymentStatus: 'paid' });
    expect(await t.database.db.select().from(paymentCallbacks)).toHaveLength(callbacksBefore.length + 1);
    // The page of a paid payment has no buttons.
    const page = await call(t.app, 'GET', `/v1/payments/sandbox/${(await paymentRows(t, booked.id))[0]!.id}?lang=en`);
    expect(page.text).toContain('This payment has been made.');
    expect(page.text).not.toContain('<form');
  });

  test('a forged callback is 400 PAYMENT_SIGNATURE_INVALID and changes nothing', async () => {
    const { booked, forms } = await heldBooking();
    const payload = decodeData(forms.pay.data)!;
    const tampered = encodeData({ ...payload, amount: 1 });
    const cases: Signed[] = [
      { data: forms.pay.data, signature: signData('not-the-secret', forms.pay.data) },
      { data: tampered, signature: forms.pay.signature },
      { data: forms.pay.data, signature: forms.decline.signature },
      { data: forms.pay.data, signature: 'x' },
    ];
    for (const signed of cases) {
      const response = await postCallback('sandbox', signed);
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('PAYMENT_SIGNATURE_INVALID');
    }
    // LiqPay is not configured here: its callback path answers 404.
    expect((await postCallback('liqpay', forms.pay)).status).toBe(404);
    expect(await appointmentRow(t, booked.id)).toMatchObject({ paymentStatus: 'pending' });
    const [payment] = await paymentRows(t, booked.id);
    expect(await t.database.db.select().from(paymentCallbacks).where(eq(paymentCallbacks.paymentId, payment!.id))).toHaveLength(0);
    // JSON works too (a provider may post it), and is verified the same way.
    const json = await call(t.app, 'POST', '/v1/payments/callback/sandbox', { body: cases[0] });
    expect(json.status).toBe(400);
  });

  test('Decline marks the payment failed; the patient can try again within the hold and pay', async () => {
    const { patient, booked, forms } = await heldBooking();
    const declined = await postCallback('sandbox', forms.decline, 'browser');
    expect(declined.status).toBe(303);
    expect(await appointmentRow(t, booked.id)).toMatchObject({ paymentStatus: 'failed', status: 'scheduled' });
    const again = await checkout(patient, booked.id);
    expect(again.status).toBe(200);
    const page = await call(t.app, 'GET', again.body.checkout.url);
    const secondForms = formsOf(page.text);
    expect((await postCallback('sandbox', secondForms.pay)).body.result).toBe('accepted');
    expect(await appointmentRow(t, booked.id)).toMatchObject({ paymentStatus: 'paid' });
  });

  test('a success after the hold was released is refunded automatically', async () => {
    const { patient, booked, forms } = await heldBooking();
    await advanceAndRun(t, 15 * MINUTE);
    expect(await appointmentRow(t, booked.id)).toMatchObject({ status: 'canceled', cancelledBy: 'payment-timeout' });
    expect((await postCallback('sandbox', forms.pay)).body.result).toBe('accepted');
    await advanceAndRun(t, 0);
    expect((await paymentRows(t, booked.id))[0]).toMatchObject({ status: 'refunded' });
    expect(await appointmentRow(t, booked.id)).toMatchObject({ status: 'canceled', paymentStatus: 'refunded' });
    expect((await notificationTexts(t, patient.userId)).at(-1)).toBe('Кошти за консультацію 14 січня, 12:00 повернено');
  });

  test('a second successful payment of a paid booking is given back; the booking stays paid', async () => {
    const { patient, booked, forms } = await heldBooking();
    // Two checkouts in two tabs: the first declined, then both pay.
    await postCallback('sandbox', forms.decline);
    const second = formsOf((await call(t.app, 'GET', (await checkout(patient, booked.id)).body.checkout.url)).text);
    await postCallback('sandbox', second.pay);
    await postCallback('sandbox', forms.pay);
    await advanceAndRun(t, 0);
    const rows = await paymentRows(t, booked.id);
    expect(rows.map((row) => row.status).sort()).toEqual(['refunded', 'success']);
    expect(await appointmentRow(t, booked.id)).toMatchObject({ paymentStatus: 'paid', status: 'scheduled' });
  });
});

describe('refunds on cancellation', () => {
  async function paidBooking(days: number) {
    const held = await heldBooking(days);
    await postCallback('sandbox', held.forms.pay);
    return held;
  }

  test('the patient cancelling more than 24 hours ahead gets the money back', async () => {
    const { patient, booked } = await paidBooking(3);
    await call(t.app, 'PUT', `/v1/appointments/${booked.id}`, { token: patient.token, body: { appointment_status: 'canceled' } });
    await advanceAndRun(t, 0);
    expect((await paymentRows(t, booked.id))[0]).toMatchObject({ status: 'refunded' });
    expect(await appointmentRow(t, booked.id)).toMatchObject({ paymentStatus: 'refunded' });
    const mail = await t.mail.waitFor(patient.email, (m) => m.subject === 'Консультацію відмінено');
    expect(mail.text).toContain('Кошти буде повернено');
  });

  test('50 cancellations of one paid booking at once: it is cancelled once and its payment refunded once, whatever runs the queue', async () => {
    const { patient, booked } = await paidBooking(5);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        call(t.app, 'PUT', `/v1/appointments/${booked.id}`, { token: patient.token, body: { appointment_status: 'canceled' } }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status !== 200 && status !== 409)).toEqual([]);
    // The refund is one job keyed by the cancellation: fifty queue runs at once take it once.
    await Promise.all(Array.from({ length: 50 }, () => deliver(t)));
    const rows = await paymentRows(t, booked.id);
    expect(rows.map((row) => row.status)).toEqual(['refunded']);
    expect(await appointmentRow(t, booked.id)).toMatchObject({ status: 'canceled', paymentStatus: 'refunded' });
    await t.mail.waitFor(patient.email, (m) => m.subject === 'Консультацію відмінено');
    expect(t.mail.to(patient.email).filter((m) => m.subject === 'Консультацію відмінено')).toHaveLength(1);
  });

  test('the patient cancelling less than 24 hours (but more than 2) ahead does not', async () => {
    const { patient, booked } = await paidBooking(3);
    t.clock.set(Date.parse(slotAt(3, 10)) - DAY + MINUTE);
    const cancelled = await call(t.app, 'PUT', `/v1/appointments/${booked.id}`, {
      token: patient.token,
      body: { appointment_status: 'canceled' },
    });
    expect(cancelled.status).toBe(200);
    await advanceAndRun(t, 0);
    expect((await paymentRows(t, booked.id))[0]).toMatchObject({ status: 'success' });
    expect(await appointmentRow(t, booked.id)).toMatchObject({ status: 'canceled', paymentStatus: 'paid' });
  });

  test('the doctor or an operator cancelling always refunds, even close to the start', async () => {
    for (const role of ['doctor', 'operator'] as const) {
      t.clock.set(BASE);
      const { doctor, booked } = await paidBooking(role === 'doctor' ? 3 : 4);
      t.clock.set(Date.parse(slotAt(role === 'doctor' ? 3 : 4, 10)) - 30 * MINUTE);
      const who = role === 'doctor' ? await renew(t, doctor) : await quickAccount(t, 'operator');
      const cancelled = await call(t.app, 'PUT', `/v1/appointments/${booked.id}`, {
        token: who.token,
        body: { appointment_status: 'canceled' },
      });
      expect(cancelled.body.appointment_cancelledBy).toBe(role);
      await advanceAndRun(t, 0);
      expect((await paymentRows(t, booked.id))[0]).toMatchObject({ status: 'refunded' });
    }
  });

  test('a LiqPay "reversed" callback of a paid booking marks it refunded (sandbox-signed here)', async () => {
    const { booked, forms } = await paidBooking(3);
    const reversed = encodeData({ ...decodeData(forms.pay.data)!, status: 'reversed' });
    const [setting] = await t.database.db.select().from(settings).where(eq(settings.key, 'payments.sandbox-secret'));
    const secret = setting!.value as string;
    const result = await postCallback('sandbox', { data: reversed, signature: signData(secret, reversed) });
    expect(result.body.result).toBe('accepted');
    expect(await appointmentRow(t, booked.id)).toMatchObject({ paymentStatus: 'refunded' });
    await t.database.db.update(appointments).set({ paymentStatus: 'paid' }).where(eq(appointments.id, booked.id));
  });
});
