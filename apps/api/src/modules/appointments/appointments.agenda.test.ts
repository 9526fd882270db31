import type { Appointment, RecordAccessDays } from '@rozmova/contracts';
import { describe, expect, test } from 'vitest';
import { call, fileTestApp } from '../../test/harness.ts';
import { BASE, bookableDoctor, bookFor, quickAccount, quickPatient, slotAt, type Person } from '../../test/factories.ts';

/**
 * The doctor console's agenda reads a week of consultations from `GET /v1/appointments` with `from` and `to`
 * (the week's Kyiv midnights; BASE is Monday 11 January 2027).
 */

const t = await fileTestApp(BASE);

const get = (who: Person, url: string) => call(t.app, 'GET', url, { token: who.token });
const thisWeek = { from: '2027-01-10T22:00:00.000Z', to: '2027-01-17T22:00:00.000Z' };
const nextWeek = { from: '2027-01-17T22:00:00.000Z', to: '2027-01-24T22:00:00.000Z' };
const agendaUrl = (range: { from: string; to: string }, doctorId?: string) =>
  `/v1/appointments?${new URLSearchParams({ ...(doctorId ? { doctorId } : {}), ...range, limit: '500' })}`;
const patientsOf = (body: Appointment[]) => body.map((appointment) => appointment.patient.user_name);

describe('the agenda of a week', () => {
  test("a doctor reads its own consultations of the week, never another doctor's", async () => {
    const doctor = await bookableDoctor(t);
    const other = await bookableDoctor(t);
    const [wednesday, nextTuesday, othersPatient] = await Promise.all([
      quickPatient(t, 'Wednesday Patient'),
      quickPatient(t, 'Next Tuesday Patient'),
      quickPatient(t, 'Other Doctor Patient'),
    ]);
    expect((await bookFor(t, wednesday, doctor, slotAt(2, 10))).status).toBe(201);
    expect((await bookFor(t, nextTuesday, doctor, slotAt(8, 10))).status).toBe(201);
    expect((await bookFor(t, othersPatient, other, slotAt(2, 10))).status).toBe(201);

    for (const url of [agendaUrl(thisWeek, doctor.userId), agendaUrl(thisWeek)]) {
      const week = await get(doctor, url);
      expect(week.status, url).toBe(200);
      expect(patientsOf(week.body)).toEqual(['Wednesday Patient']);
    }
    expect(patientsOf((await get(doctor, agendaUrl(nextWeek, doctor.userId))).body)).toEqual(['Next Tuesday Patient']);
    expect(patientsOf((await get(other, agendaUrl(thisWeek))).body)).toEqual(['Other Doctor Patient']);
    expect((await get(doctor, agendaUrl(thisWeek, other.userId))).status).toBe(403);
    // A patient has no agenda.
    expect((await get(wednesday, agendaUrl(thisWeek))).status).toBe(403);
  });

  test('a range that ends before it starts, or is not a date and time with its offset, is 400', async () => {
    const doctor = await bookableDoctor(t);
    const bad: Record<string, string>[] = [
      { from: thisWeek.to, to: thisWeek.from },
      { from: thisWeek.from, to: thisWeek.from },
      { from: '2027-01-11', to: '2027-01-18' },
      { from: '2027-01-11T00:00:00', to: thisWeek.to },
      { from: 'monday', to: thisWeek.to },
      { from: thisWeek.from, to: '2027-02-30T00:00:00Z' },
    ];
    for (const range of bad) {
      const response = await get(doctor, `/v1/appointments?${new URLSearchParams(range)}`);
      expect(response.status, JSON.stringify(range)).toBe(400);
      expect(response.body.code).toBe('VALIDATION_FAILED');
    }
    const inverted = await get(doctor, `/v1/appointments?${new URLSearchParams({ from: thisWeek.to, to: thisWeek.from })}`);
    expect(inverted.body.errors).toEqual([expect.objectContaining({ path: 'querystring.to' })]);
  });

  test('50 agendas read at once all answer the same week; each is one audited list entry per consultation, grouped for the patient by day', async () => {
    const doctor = await bookableDoctor(t);
    const patient = await quickPatient(t);
    expect((await bookFor(t, patient, doctor, slotAt(3, 9))).status).toBe(201);
    const responses = await Promise.all(Array.from({ length: 50 }, () => get(doctor, agendaUrl(thisWeek))));
    expect(responses.map((response) => response.status)).toEqual(Array(50).fill(200));
    expect(new Set(responses.map((response) => JSON.stringify(response.body))).size).toBe(1);
    expect(responses[0]!.body).toHaveLength(1);

    const log = (await get(patient, `/v1/patients/${patient.patientId}/record-access/days`)).body as RecordAccessDays;
    const groups = log.days.flatMap((day) => day.groups);
    expect(groups.map(({ actor_role, action, resource }) => `${actor_role} ${action} ${resource}`)).toEqual(['doctor list appointment']);
    expect(groups[0]!.count).toBe(50);
  });

  test("an admin viewing a doctor's console reads that doctor's week, filtered the same way", async () => {
    const doctor = await bookableDoctor(t);
    const patient = await quickPatient(t, 'Admin View Patient');
    expect((await bookFor(t, patient, doctor, slotAt(4, 12))).status).toBe(201);
    const admin = await quickAccount(t, 'admin');
    expect(patientsOf((await get(admin, agendaUrl(thisWeek, doctor.userId))).body)).toEqual(['Admin View Patient']);
    expect((await get(admin, agendaUrl(nextWeek, doctor.userId))).body).toEqual([]);
  });
});
