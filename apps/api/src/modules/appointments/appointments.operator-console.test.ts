import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { auditLog } from '../../db/schema.ts';
import { call, fileTestApp } from '../../test/harness.ts';
import { BASE, book, bookableDoctor, quickAccount, quickPatient, slotAt, type Person } from '../../test/factories.ts';

/** What the operator console's patient page asks of the API: searching, reading and booking for a patient. */

const t = await fileTestApp(BASE);

const bookForPatient = (staff: Person, patient: Person, doctor: Person, extra: Record<string, unknown> = {}) =>
  book(t, staff, {
    appointment_doctorId: doctor.userId,
    appointment_patientId: patient.patientId,
    appointment_date: slotAt(2, 10),
    ...extra,
  });

const countByStatus = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((counts, status) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {});

describe('an operator books for a patient', () => {
  test('50 operators book one free time for 50 patients at once: exactly one 201, 49 × 409 APPOINTMENT_SLOT_TAKEN', async () => {
    const doctor = await bookableDoctor(t);
    const pairs = await Promise.all(
      Array.from({ length: 50 }, async () => ({ staff: await quickAccount(t, 'operator'), patient: await quickPatient(t) })),
    );
    const answers = await Promise.all(pairs.map(({ staff, patient }) => bookForPatient(staff, patient, doctor)));
    expect(countByStatus(answers.map((answer) => answer.status))).toEqual({ 201: 1, 409: 49 });
    for (const refused of answers.filter((answer) => answer.status === 409)) expect(refused.body.code).toBe('APPOINTMENT_SLOT_TAKEN');
    const booked = answers.find((answer) => answer.status === 201)!.body;
    const winner = pairs[answers.findIndex((answer) => answer.status === 201)]!;
    expect(booked).toMatchObject({ appointment_patientId: winner.patient.patientId, appointment_urgent: false });
  });

  test('the payment the operator chooses: invoiced (Other) or free (None); a patient’s choice is ignored', async () => {
    const doctor = await bookableDoctor(t, { price: 80_000 });
    const operator = await quickAccount(t, 'operator');
    const invoiced = await bookForPatient(operator, await quickPatient(t), doctor, { appointment_paymentType: 'Other' });
    expect(invoiced.body).toMatchObject({
      appointment_paymentType: 'Other',
      appointment_paymentStatus: 'not_required',
      appointment_price: 80_000,
    });
    const free = await bookForPatient(operator, await quickPatient(t), doctor, {
      appointment_paymentType: 'None',
      appointment_date: slotAt(2, 12),
    });
    expect(free.body).toMatchObject({ appointment_paymentType: 'None', appointment_price: 0 });
    const patient = await quickPatient(t);
    const own = await bookForPatient(patient, patient, doctor, { appointment_paymentType: 'None', appointment_date: slotAt(2, 14) });
    expect(own.status).toBe(201);
    expect(own.body.appointment_paymentType).not.toBe('None');
  });

  test('no such patient (a doctor’s id, an unknown id) is 404; control characters or an oversized reason are 400', async () => {
    const doctor = await bookableDoctor(t);
    const operator = await quickAccount(t, 'operator');
    const asPatient = (patientId: string) =>
      book(t, operator, { appointment_doctorId: doctor.userId, appointment_patientId: patientId, appointment_date: slotAt(3, 10) });
    expect((await asPatient(doctor.userId)).status).toBe(404);
    expect((await asPatient('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    const patient = await quickPatient(t);
    for (const reason of ['Сон\u0000', 'Сон\u001b[31m', 'я'.repeat(2001)]) {
      const refused = await bookForPatient(operator, patient, doctor, { appointment_reason: reason });
      expect(refused.status).toBe(400);
      expect(refused.body.errors[0].path).toBe('body.appointment_reason');
    }
  });
});

test('every read of the patient page is audited with the operator as the actor', async () => {
  const operator = await quickAccount(t, 'operator');
  const patient = await quickPatient(t, 'Марта Гриценко');
  const doctor = await bookableDoctor(t);
  expect((await bookForPatient(operator, patient, doctor)).status).toBe(201);
  const get = (url: string) => call(t.app, 'GET', url, { token: operator.token });
  expect((await get(`/v1/patients/lookup?findCriteria=${encodeURIComponent('марта гриц')}`)).body.patients).toHaveLength(1);
  const record = (await get(`/v1/patients/${patient.patientId}`)).body;
  expect((await get(`/v1/patients-cards/${record.patient_cardId}`)).status).toBe(200);
  expect((await get(`/v1/appointments/patient/${patient.patientId}`)).body).toHaveLength(1);
  expect((await get(`/v1/patients/${patient.patientId}/user-references`)).status).toBe(200);

  const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.actorId, operator.userId));
  const seen = new Set(rows.filter((row) => row.patientId === patient.patientId).map((row) => `${row.action} ${row.resource}`));
  expect([...seen].sort()).toEqual(expect.arrayContaining(['list appointment', 'lookup patient', 'read patient', 'read patient_card']));
});
