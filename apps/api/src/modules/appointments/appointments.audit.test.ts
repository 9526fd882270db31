import { expect, test } from 'vitest';
import { call, fileTestApp } from '../../test/harness.ts';
import { BASE, bookableDoctor, bookFor, quickAccount, quickPatient, slotAt, type Person } from '../../test/factories.ts';

const t = await fileTestApp(BASE);

const get = (who: Person, url: string) => call(t.app, 'GET', url, { token: who.token });

/** What the admin's audit log says `actor` did, oldest first. */
async function auditOf(admin: Person, actor: Person) {
  const response = await get(admin, `/v1/admin/audit-log?actorId=${actor.userId}`);
  expect(response.status).toBe(200);
  return (response.body.entries as { action: string; resource: string; resource_id: string; patient_id: string }[])
    .map(({ action, resource, resource_id, patient_id }) => ({ action, resource, resource_id, patient_id }))
    .reverse();
}

test('every read of appointment details (reason, note) by a doctor, an operator or an admin is in the audit log; the patient’s own are not', async () => {
  const doctor = await bookableDoctor(t);
  const patient = await quickPatient(t);
  const booked = (await bookFor(t, patient, doctor, slotAt(2, 10), { appointment_reason: 'Безсоння' })).body;
  const admin = await quickAccount(t, 'admin');
  const operator = await quickAccount(t, 'operator');
  const entry = (action: string) => ({ action, resource: 'appointment', resource_id: booked.id, patient_id: patient.patientId });

  for (const staff of [doctor, operator, admin]) {
    // The room's own address is for its patient and doctor only.
    const room = staff === doctor ? [`/v1/appointments/byroomid/${booked.appointment_roomId}`] : [];
    for (const url of [
      `/v1/appointments/${booked.id}`,
      ...room,
      `/v1/appointments/patient/${patient.patientId}`,
      `/v1/appointments?doctorId=${doctor.userId}`,
    ]) {
      const response = await get(staff, url);
      expect(response.status, url).toBe(200);
    }
    const reads = [entry('read'), ...room.map(() => entry('read'))];
    expect(await auditOf(admin, staff)).toEqual([...reads, entry('list'), entry('list')]);
  }

  expect((await get(patient, `/v1/appointments/${booked.id}`)).status).toBe(200);
  expect((await get(patient, `/v1/appointments/patient/${patient.patientId}`)).status).toBe(200);
  expect(await auditOf(admin, patient)).toEqual([]);
});

test('a read that answered nothing (another doctor’s appointment, an empty list) writes nothing', async () => {
  const doctor = await bookableDoctor(t);
  const other = await bookableDoctor(t);
  const patient = await quickPatient(t);
  const admin = await quickAccount(t, 'admin');
  const booked = (await bookFor(t, patient, doctor, slotAt(3, 10))).body;
  expect((await get(other, `/v1/appointments/${booked.id}`)).status).toBe(404);
  expect((await get(other, '/v1/appointments')).body).toEqual([]);
  expect(await auditOf(admin, other)).toEqual([]);
});
