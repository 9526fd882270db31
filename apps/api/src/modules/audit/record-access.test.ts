import { afterAll, beforeEach, describe, expect, test } from 'vitest';
import { call, createTestApp } from '../../test/harness.ts';
import { BASE, bookableDoctor, completedConsultation, quickAccount, quickPatient, slotAt, type Person } from '../../test/factories.ts';

const t = await createTestApp();
afterAll(() => t.close());
beforeEach(() => t.clock.set(BASE));

const accessOf = (who: Person | undefined, patientId: string, query = '') =>
  call(t.app, 'GET', `/v1/patients/${patientId}/record-access${query}`, { token: who?.token });

describe('GET /v1/patients/:id/record-access', () => {
  test('the patient sees which member of staff opened what and when, newest first; its own reads are not listed', async () => {
    const patient = await quickPatient(t, 'Олена Петренко');
    expect((await accessOf(patient, patient.patientId!)).body).toEqual({ entries: [], total: 0 });

    const operator = await quickAccount(t, 'operator', 'Марта Operator');
    const doctor = await bookableDoctor(t, { userName: 'Ірина Коваль' });
    await completedConsultation(t, patient.userId, doctor.userId, slotAt(1, 10));
    expect((await call(t.app, 'GET', `/v1/patients/${patient.patientId}`, { token: operator.token })).status).toBe(200);
    const account = await t.services.accounts.getAccount(patient.userId);
    expect((await call(t.app, 'GET', `/v1/patients-cards/${account.cardId}`, { token: doctor.token })).status).toBe(200);
    expect((await call(t.app, 'GET', `/v1/patients/${patient.patientId}`, { token: patient.token })).status).toBe(200);

    const response = await accessOf(patient, patient.patientId!);
    expect(response.status).toBe(200);
    expect(response.body.total).toBe(2);
    expect(response.body.entries).toEqual([
      {
        id: expect.any(String),
        actor_name: 'Ірина Коваль',
        actor_role: 'doctor',
        action: 'read',
        resource: 'patient_card',
        created_at: expect.any(String),
      },
      {
        id: expect.any(String),
        actor_name: 'Марта Operator',
        actor_role: 'operator',
        action: 'read',
        resource: 'patient',
        created_at: expect.any(String),
      },
    ]);
    expect(response.text).not.toContain(operator.userId);
    expect(response.text).not.toContain(doctor.userId);
  });

  test('pages: limit and offset, with the total', async () => {
    const patient = await quickPatient(t);
    const operator = await quickAccount(t, 'operator');
    for (let i = 0; i < 3; i++) await call(t.app, 'GET', `/v1/patients/${patient.patientId}`, { token: operator.token });
    const first = await accessOf(patient, patient.patientId!, '?limit=2');
    const second = await accessOf(patient, patient.patientId!, '?limit=2&offset=2');
    expect(first.body.total).toBe(3);
    expect(first.body.entries).toHaveLength(2);
    expect(second.body.entries).toHaveLength(1);
    const ids = [...first.body.entries, ...second.body.entries].map((e: { id: string }) => e.id);
    expect(new Set(ids).size).toBe(3);
    expect((await accessOf(patient, patient.patientId!, '?limit=101')).status).toBe(400);
    expect((await accessOf(patient, patient.patientId!, '?offset=-1')).status).toBe(400);
  });

  test("only the owner: another patient's and admins 404, staff 403, anonymous 401; the owner's log is unchanged", async () => {
    const owner = await quickPatient(t);
    const operator = await quickAccount(t, 'operator');
    await call(t.app, 'GET', `/v1/patients/${owner.patientId}`, { token: operator.token });
    const before = (await accessOf(owner, owner.patientId!)).body;
    const [other, admin, doctor] = await Promise.all([quickPatient(t), quickAccount(t, 'admin'), quickAccount(t, 'doctor')]);
    expect((await accessOf(other, owner.patientId!)).status).toBe(404);
    expect((await accessOf(admin, owner.patientId!)).status).toBe(404);
    expect((await accessOf(operator, owner.patientId!)).status).toBe(403);
    expect((await accessOf(doctor, owner.patientId!)).status).toBe(403);
    expect((await accessOf(undefined, owner.patientId!)).status).toBe(401);
    expect((await accessOf(owner, 'not-an-id')).status).toBe(400);
    expect((await accessOf(owner, owner.patientId!)).body).toEqual(before);
  });

  test("50 patients at once asking for another patient's log: every one 404", async () => {
    const owner = await quickPatient(t);
    const strangers = await Promise.all(Array.from({ length: 50 }, () => quickPatient(t)));
    const responses = await Promise.all(strangers.map((who) => accessOf(who, owner.patientId!)));
    expect(responses.map((r) => r.status)).toEqual(Array(50).fill(404));
  });
});
