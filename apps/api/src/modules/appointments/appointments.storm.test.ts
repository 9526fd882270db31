import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
import { appointments } from '../../db/schema.ts';
import { createTestApp } from '../../test/harness.ts';
import { BASE, bookableDoctor, bookFor, quickPatient, slotAt } from '../../test/factories.ts';

const t = await createTestApp();
afterAll(() => t.close());
t.clock.set(BASE);

const PATIENTS = 200;

test(
  `${PATIENTS} patients book one slot at once: exactly one 201 and ${PATIENTS - 1} × 409 APPOINTMENT_SLOT_TAKEN`,
  { timeout: 120_000 },
  async () => {
    const doctor = await bookableDoctor(t, { price: 0 });
    const patients = [];
    for (let i = 0; i < PATIENTS; i++) patients.push(await quickPatient(t, `Пацієнт ${i}`));
    const date = slotAt(2, 10);

    const responses = await Promise.all(patients.map((patient) => bookFor(t, patient, doctor, date)));

    const byStatus = new Map<number, number>();
    for (const response of responses) byStatus.set(response.status, (byStatus.get(response.status) ?? 0) + 1);
    expect(Object.fromEntries(byStatus)).toEqual({ 201: 1, 409: PATIENTS - 1 });
    for (const response of responses.filter((r) => r.status === 409)) {
      expect(response.body).toEqual({ code: 'APPOINTMENT_SLOT_TAKEN', message: expect.any(String) });
    }
    const held = await t.database.db
      .select()
      .from(appointments)
      .where(and(eq(appointments.doctorId, doctor.userId), inArray(appointments.status, ['scheduled', 'running'])));
    expect(held).toHaveLength(1);
    expect(held[0]!.id).toBe(responses.find((r) => r.status === 201)!.body.id);
  },
);

test('one patient booking twice at once ends with one appointment (the second modifies the first)', async () => {
  const doctor = await bookableDoctor(t, { price: 0 });
  const patient = await quickPatient(t);
  const responses = await Promise.all([bookFor(t, patient, doctor, slotAt(3, 10)), bookFor(t, patient, doctor, slotAt(3, 12))]);
  expect(responses.map((r) => r.status).sort()).toEqual([200, 201]);
  const rows = await t.database.db.select().from(appointments).where(eq(appointments.patientId, patient.patientId!));
  expect(rows).toHaveLength(1);
});
