import { describe, expect, test } from 'vitest';
import { call } from '../../test/harness.ts';
import {
  appointmentRow,
  BASE,
  bookableDoctor,
  bookFor,
  completedConsultation,
  paymentRows,
  quickAccount,
  quickPatient,
  slotAt,
  type Person,
} from '../../test/factories.ts';
import { liqpayCallback, liqpayTestApp, postLiqpayCallback } from '../../test/liqpay-local.ts';

const PRICE = 90_000;
/** Rows take their times from the database (the real clock), so date filters use today's Kyiv date. */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Kyiv' }).format(new Date());
const dayAfter = (day: string) => new Date(Date.parse(day) + 86_400_000).toISOString().slice(0, 10);
const { t, liqpayApi } = await liqpayTestApp(BASE);
const get = (who: Person, url: string) => call(t.app, 'GET', url, { token: who.token });
const post = (who: Person, url: string, body?: object) => call(t.app, 'POST', url, { token: who.token, body });

/** A patient's consultation paid through LiqPay (its verified success callback); the doctor is named `doctorName`. */
async function paidConsultation(days: number, doctorName = 'Ірина Коваль') {
  const doctor = await bookableDoctor(t, { price: PRICE, userName: doctorName });
  const patient = await quickPatient(t, 'Олена Петренко');
  const booked = (await bookFor(t, patient, doctor, slotAt(days, 10))).body as { id: string };
  const started = await post(patient, '/v1/payments/checkout', { appointment_id: booked.id });
  const paymentId = started.body.payment_id as string;
  const callback = await postLiqpayCallback(t, liqpayCallback({ order_id: paymentId, status: 'success', amount: PRICE / 100 }));
  expect(callback.statusCode).toBe(200);
  return { doctor, patient, appointmentId: booked.id, paymentId };
}

describe('payments', () => {
  test('the list filters by status, provider, doctor and dates and names doctor and patient; staff others are refused', async () => {
    const admin = await quickAccount(t, 'admin', 'Адміністраторка');
    const { doctor, paymentId } = await paidConsultation(3);
    const found = await get(
      admin,
      `/v1/admin/payments?status=success&provider=liqpay&doctorId=${doctor.userId}&from=${today()}&to=${today()}`,
    );
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({
      total: 1,
      payments: [{ id: paymentId, doctor_name: 'Ірина Коваль', patient_name: 'Олена Петренко', amount: PRICE, status: 'success' }],
    });
    expect((await get(admin, `/v1/admin/payments?doctorId=${doctor.userId}&from=${dayAfter(today())}`)).body.total).toBe(0);
    expect((await get(admin, `/v1/admin/payments?doctorId=${doctor.userId}&status=refunded`)).body.total).toBe(0);
    for (const bad of ['status=paid', 'provider=cash', 'from=2027-01-12&to=2027-01-11', 'doctorId=7', 'limit=500', 'sort=amount']) {
      expect((await get(admin, `/v1/admin/payments?${bad}`)).status, bad).toBe(400);
    }
    for (const role of ['patient', 'operator', 'doctor'] as const) {
      const someone = await quickAccount(t, role);
      expect((await get(someone, '/v1/admin/payments')).status).toBe(403);
      expect((await post(someone, `/v1/admin/payments/${paymentId}/refund`, { reason: 'x' })).status).toBe(403);
    }
    const history = await get(admin, `/v1/admin/payments/${paymentId}/callbacks`);
    expect(history.body.callbacks).toMatchObject([{ provider: 'liqpay', provider_status: 'success' }]);
  });

  test('50 refunds of one payment at once: one 200 and 49 × 409, LiqPay asked once, the reason and the admin kept and audited', async () => {
    const admin = await quickAccount(t, 'admin', 'Марія Адмінка');
    const { appointmentId, paymentId } = await paidConsultation(4);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => post(admin, `/v1/admin/payments/${paymentId}/refund`, { reason: 'Лікар захворів' })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409 && a.body.code === 'PAYMENT_NOT_REFUNDABLE')).toHaveLength(49);
    expect(liqpayApi.calls.map((c) => c.data.action)).toEqual(['refund']);
    expect(answers.find((a) => a.status === 200)!.body).toMatchObject({
      status: 'refunded',
      refund_reason: 'Лікар захворів',
      refunded_by_name: 'Марія Адмінка',
    });
    expect((await paymentRows(t, appointmentId))[0]).toMatchObject({ status: 'refunded', refundedBy: admin.userId });
    expect(await appointmentRow(t, appointmentId)).toMatchObject({ paymentStatus: 'refunded' });
    const audit = await get(admin, `/v1/admin/audit-log?actorId=${admin.userId}&action=refund`);
    expect(audit.body).toMatchObject({
      total: 1,
      entries: [{ resource: 'payment', resource_id: paymentId, patient_name: 'Олена Петренко' }],
    });
  });

  test('only a successful payment is refunded; a reason is required, one-line-safe and bounded; unknown ids 404', async () => {
    const admin = await quickAccount(t, 'admin');
    const doctor = await bookableDoctor(t, { price: PRICE });
    const patient = await quickPatient(t);
    const booked = (await bookFor(t, patient, doctor, slotAt(5, 10))).body as { id: string };
    const pending = (await post(patient, '/v1/payments/checkout', { appointment_id: booked.id })).body.payment_id;
    expect((await post(admin, `/v1/admin/payments/${pending}/refund`, { reason: 'Test' })).status).toBe(409);
    const { paymentId } = await paidConsultation(6);
    for (const body of [{}, { reason: '' }, { reason: 'a\u0000b' }, { reason: 'x'.repeat(1001) }, { reason: 'ok', extra: 1 }]) {
      expect((await post(admin, `/v1/admin/payments/${paymentId}/refund`, body)).status).toBe(400);
    }
    expect((await post(admin, '/v1/admin/payments/00000000-0000-4000-8000-000000000000/refund', { reason: 'x' })).status).toBe(404);
    expect(liqpayApi.calls).toHaveLength(0);
  });
});

describe('review moderation', () => {
  async function review() {
    const doctor = await bookableDoctor(t, { userName: 'Андрій Лікар' });
    const patient = await quickPatient(t, 'Оксана Авторка');
    const appointmentId = await completedConsultation(t, patient.userId, doctor.userId, slotAt(1, 10));
    const created = await post(patient, '/v1/feedback', {
      type: 'doctor',
      appointment_id: appointmentId,
      feedback_rating: 5,
      feedback_comment: 'Дуже допомогло',
    });
    expect(created.status).toBe(201);
    return { patient, id: created.body.id as string };
  }
  const statusOf = async (admin: Person, id: string, status: string) =>
    ((await get(admin, `/v1/admin/reviews?status=${status}&type=doctor&limit=100`)).body.reviews as { id: string }[]).some(
      (r) => r.id === id,
    );

  test('new → published (50 at once: one audit entry) → hidden with its reason; an edit by the author makes it new again', async () => {
    const admin = await quickAccount(t, 'admin', 'Модераторка');
    const { patient, id } = await review();
    expect(await statusOf(admin, id, 'new')).toBe(true);

    const published = await Promise.all(
      Array.from({ length: 50 }, () => post(admin, `/v1/admin/reviews/${id}/moderate`, { action: 'publish' })),
    );
    expect(published.map((a) => a.status)).toEqual(Array(50).fill(200));
    expect(await statusOf(admin, id, 'published')).toBe(true);
    const publicList = await call(t.app, 'GET', '/v1/feedback?type=doctor');
    expect(publicList.body.feedback.map((f: { id: string }) => f.id)).toContain(id);
    expect((await get(admin, `/v1/admin/audit-log?actorId=${admin.userId}&action=publish`)).body.total).toBe(1);

    expect((await post(admin, `/v1/admin/reviews/${id}/moderate`, { action: 'hide' })).status).toBe(400);
    const hidden = await post(admin, `/v1/admin/reviews/${id}/moderate`, { action: 'hide', reason: 'Містить прізвище лікаря' });
    expect(hidden.body).toMatchObject({
      status: 'hidden',
      is_published: false,
      moderation_reason: 'Містить прізвище лікаря',
      moderated_by_name: 'Модераторка',
      doctor_name: 'Андрій Лікар',
    });
    expect(await statusOf(admin, id, 'hidden')).toBe(true);
    expect((await call(t.app, 'GET', '/v1/feedback?type=doctor')).body.feedback.map((f: { id: string }) => f.id)).not.toContain(id);

    t.clock.advance(1000);
    expect((await call(t.app, 'PUT', `/v1/feedback/${id}`, { token: patient.token, body: { feedback_comment: 'Виправила' } })).status).toBe(
      200,
    );
    expect(await statusOf(admin, id, 'new')).toBe(true);
  });

  test('non-admins are refused; bad filters and bodies are 400; an unknown review 404', async () => {
    const admin = await quickAccount(t, 'admin');
    const { patient, id } = await review();
    expect((await get(patient, '/v1/admin/reviews')).status).toBe(403);
    expect((await post(patient, `/v1/admin/reviews/${id}/moderate`, { action: 'publish' })).status).toBe(403);
    expect((await call(t.app, 'GET', '/v1/admin/reviews')).status).toBe(401);
    for (const bad of ['status=secret', 'type=clinic', 'offset=-1', 'page=2'])
      expect((await get(admin, `/v1/admin/reviews?${bad}`)).status).toBe(400);
    for (const body of [{ action: 'delete' }, { action: 'hide', reason: 'x'.repeat(1001) }, { action: 'hide', reason: '\u202eevil' }]) {
      expect((await post(admin, `/v1/admin/reviews/${id}/moderate`, body)).status).toBe(400);
    }
    expect((await post(admin, '/v1/admin/reviews/00000000-0000-4000-8000-000000000000/moderate', { action: 'publish' })).status).toBe(404);
  });
});

describe('audit log export', () => {
  test('CSV of the filtered log: BOM, header, quoted cells, formula cells defused, names of actor and patient, as an attachment', async () => {
    const admin = await quickAccount(t, 'admin', '=HYPERLINK("http://evil.example","Клік")');
    const { paymentId } = await paidConsultation(8);
    expect((await post(admin, `/v1/admin/payments/${paymentId}/refund`, { reason: 'Перевірка' })).status).toBe(200);
    const csv = await get(admin, `/v1/admin/audit-log.csv?actorId=${admin.userId}&action=refund&from=${today()}&to=${today()}`);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="audit-log.csv"');
    expect(
      csv.text.startsWith('\uFEFFcreated_at,actor_name,actor_role,actor_id,action,resource,resource_id,patient_name,patient_id\r\n'),
    ).toBe(true);
    const lines = csv.text.slice(1).trimEnd().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(
      `,"'=HYPERLINK(""http://evil.example"",""Клік"")",admin,${admin.userId},refund,payment,${paymentId},Олена Петренко,`,
    );
    const none = await get(admin, `/v1/admin/audit-log.csv?actorId=${admin.userId}&from=${dayAfter(today())}`);
    expect(none.text.slice(1).trimEnd().split('\r\n')).toHaveLength(1);
    for (const bad of ['action=delete', 'from=2027-02-01&to=2027-01-01', 'actorId=1', 'format=xlsx']) {
      expect((await get(admin, `/v1/admin/audit-log.csv?${bad}`)).status, bad).toBe(400);
    }
    const operator = await quickAccount(t, 'operator');
    expect((await get(operator, '/v1/admin/audit-log.csv')).status).toBe(403);
  });
});

describe('users', () => {
  const patch = (who: Person, id: string, body: object) => call(t.app, 'PATCH', `/v1/admin/users/${id}`, { token: who.token, body });

  test('name and role change among staff roles; a new role ends the sessions; a new doctor gets its profile', async () => {
    const admin = await quickAccount(t, 'admin');
    const operator = await quickAccount(t, 'operator', 'Оператор');
    const renamed = await patch(admin, operator.userId, { user_name: 'Оксана Операторка' });
    expect(renamed.body).toMatchObject({ user_name: 'Оксана Операторка', user_role: 'operator' });
    expect((await get(operator, '/v1/auth/profile')).status).toBe(200);
    expect((await patch(admin, operator.userId, { user_role: 'doctor' })).body).toMatchObject({ user_role: 'doctor' });
    expect((await get(operator, '/v1/auth/profile')).status).toBe(401);
    const profile = await get(admin, `/v1/doctors/${operator.userId}`);
    expect(profile.body).toMatchObject({ id: operator.userId, published: false });
  });

  test('patients keep their role, an admin keeps its own role and activity; names are one line', async () => {
    const admin = await quickAccount(t, 'admin');
    const patient = await quickPatient(t);
    expect((await patch(admin, patient.userId, { user_role: 'operator' })).body.code).toBe('ROLE_CHANGE_REFUSED');
    expect((await patch(admin, admin.userId, { user_role: 'operator' })).body.code).toBe('ROLE_CHANGE_REFUSED');
    expect((await patch(admin, admin.userId, { is_active: false })).status).toBe(403);
    expect((await patch(admin, admin.userId, { user_name: 'Нове імʼя' })).status).toBe(200);
    for (const body of [{}, { user_role: 'patient' }, { user_name: 'a\nb' }, { user_name: 'x'.repeat(101) }, { user_role: 'root' }]) {
      expect((await patch(admin, patient.userId, body)).status).toBe(400);
    }
    expect((await patch(patient, admin.userId, { user_name: 'x' })).status).toBe(403);
  });

  test('50 role changes at once all answer 200 and leave one of the asked roles', async () => {
    const admin = await quickAccount(t, 'admin');
    const staff = await quickAccount(t, 'operator');
    const asked = ['doctor', 'operator', 'admin'] as const;
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => patch(admin, staff.userId, { user_role: asked[i % 3] })));
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    const final = (await get(admin, `/v1/admin/users?search=${encodeURIComponent(staff.email)}`)).body.users[0].user_role;
    expect(asked).toContain(final);
  });

  test('a password reset mails the user a recovery code and ends their sessions; they set the new password themselves', async () => {
    const admin = await quickAccount(t, 'admin');
    const operator = await quickAccount(t, 'operator');
    expect((await post(admin, `/v1/admin/users/${operator.userId}/reset-password`)).status).toBe(204);
    expect((await get(operator, '/v1/auth/profile')).status).toBe(401);
    const code = await t.mail.codeFor(operator.email);
    const set = await call(t.app, 'POST', '/v1/auth/setup-password', {
      body: { email: operator.email, code, password: 'Brand-New-Lantern-77' },
    });
    expect(set.status).toBe(200);
    expect((await post(await quickAccount(t, 'operator'), `/v1/admin/users/${admin.userId}/reset-password`)).status).toBe(403);
    expect((await post(admin, '/v1/admin/users/00000000-0000-4000-8000-000000000000/reset-password')).status).toBe(404);
  });
});
