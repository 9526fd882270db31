import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { appointments, patientCards } from '../../db/schema.ts';
import { call, fileTestApp } from '../../test/harness.ts';
import { BASE, bookableDoctor, bookFor, quickPatient, slotAt, type Person } from '../../test/factories.ts';

// A free consultation (patient_available_free_consultations) is taken in the booking's transaction by a conditional
// UPDATE … WHERE count > 0, and given back in the cancellation's.

const t = await fileTestApp(BASE);

const AT_ONCE = 50;

async function withFreeConsultations(patient: Person, n: number) {
  await t.database.db.update(patientCards).set({ availableFreeConsultations: n }).where(eq(patientCards.patientId, patient.patientId!));
}
async function freeLeft(patient: Person) {
  const [card] = await t.database.db.select().from(patientCards).where(eq(patientCards.patientId, patient.patientId!));
  return card!.availableFreeConsultations;
}
const rowsOf = (patient: Person) => t.database.db.select().from(appointments).where(eq(appointments.patientId, patient.patientId!));
const pendingFree = (patient: Person) =>
  t.database.db
    .select()
    .from(appointments)
    .where(
      and(
        eq(appointments.patientId, patient.patientId!),
        eq(appointments.paymentType, 'ADRA'),
        inArray(appointments.status, ['scheduled', 'running']),
      ),
    );
const cancel = (who: Person, id: string) =>
  call(t.app, 'PUT', `/v1/appointments/${id}`, { token: who.token, body: { appointment_status: 'canceled' } });
const slot = (i: number) => slotAt(2 + Math.floor(i / 20), i % 20);

describe(`${AT_ONCE} requests at once by a patient with one free consultation`, () => {
  test('bookings of different times: one free booking, the count never below zero', async () => {
    const doctor = await bookableDoctor(t, { price: 50_000 });
    const patient = await quickPatient(t);
    await withFreeConsultations(patient, 1);
    const responses = await Promise.all(Array.from({ length: AT_ONCE }, (_, i) => bookFor(t, patient, doctor, slot(i))));
    // One is made; every other one moves it (a patient has one pending appointment).
    expect(responses.filter((r) => r.status === 201)).toHaveLength(1);
    expect(responses.filter((r) => r.status === 200)).toHaveLength(AT_ONCE - 1);
    expect(await freeLeft(patient)).toBe(0);
    const rows = await rowsOf(patient);
    expect(rows.map((row) => row.paymentType)).toEqual(['ADRA']);
  });

  test('a cancellation among bookings: the free consultation is used at most once at a time and never lost', async () => {
    const doctor = await bookableDoctor(t, { price: 50_000 });
    const patient = await quickPatient(t);
    await withFreeConsultations(patient, 1);
    const first = (await bookFor(t, patient, doctor, slot(0))).body;
    expect(first.appointment_paymentType).toBe('ADRA');
    expect(await freeLeft(patient)).toBe(0);

    const responses = await Promise.all(
      Array.from({ length: AT_ONCE }, (_, i) => (i === AT_ONCE / 2 ? cancel(patient, first.id) : bookFor(t, patient, doctor, slot(i + 1)))),
    );
    expect(responses.every((r) => r.status < 500)).toBe(true);
    const left = await freeLeft(patient);
    const free = await pendingFree(patient);
    expect(left).toBeGreaterThanOrEqual(0);
    expect(free.length).toBeLessThanOrEqual(1);
    // The one free consultation is either unused or held by the one pending free booking.
    expect(left + free.length).toBe(1);
  });

  test(`${AT_ONCE} cancellations of one free booking give exactly one back`, async () => {
    const doctor = await bookableDoctor(t, { price: 50_000 });
    const patient = await quickPatient(t);
    await withFreeConsultations(patient, 1);
    const booked = (await bookFor(t, patient, doctor, slot(0))).body;
    const responses = await Promise.all(Array.from({ length: AT_ONCE }, () => cancel(patient, booked.id)));
    expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
    expect(responses.filter((r) => r.status === 409 && r.body.code === 'APPOINTMENT_CLOSED')).toHaveLength(AT_ONCE - 1);
    expect(await freeLeft(patient)).toBe(1);
    // And it is used again by the next booking, once.
    const again = await Promise.all([bookFor(t, patient, doctor, slot(1)), bookFor(t, patient, doctor, slot(2))]);
    expect(again.map((r) => r.status).sort()).toEqual([200, 201]);
    expect(await freeLeft(patient)).toBe(0);
    expect(await pendingFree(patient)).toHaveLength(1);
  });
});
