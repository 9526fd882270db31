import { describe, expect, test } from 'vitest';
import type { RecordAccessDays } from '@rozmova/contracts';
import { auditLog } from '../../db/schema.ts';
import { call, fileTestApp, MINUTE } from '../../test/harness.ts';
import { BASE, bookableDoctor, completedConsultation, quickAccount, quickPatient, slotAt, type Person } from '../../test/factories.ts';

const t = await fileTestApp(BASE);

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

/** Entries written at given instants (the app writes the database's now). */
async function writeEntries(entries: { actor: Person; action: string; resource: string; patient: Person; at: Date }[]): Promise<void> {
  await t.database.db.insert(auditLog).values(
    entries.map(({ actor, action, resource, patient, at }) => ({
      actorId: actor.userId,
      action,
      resource,
      resourceId: patient.patientId!,
      patientId: patient.patientId!,
      createdAt: at,
    })),
  );
}

const daysOf = async (who: Person | undefined, patientId: string, query = '') =>
  call(t.app, 'GET', `/v1/patients/${patientId}/record-access/days${query}`, { token: who?.token });

/** day → "name role action.resource ×count" lines, as the patient reads them. */
const linesOf = (body: RecordAccessDays) =>
  body.days.map((day) => [day.day, day.groups.map((g) => `${g.actor_name} ${g.actor_role} ${g.action}.${g.resource} ×${g.count}`)]);

describe('GET /v1/patients/:id/record-access/days', () => {
  test('a consultation with the inbox open: 80 single entries become one line per person, kind and day', async () => {
    const patient = await quickPatient(t, 'Олена Петренко');
    const operator = await quickAccount(t, 'operator', 'Марта Operator');
    const doctor = await bookableDoctor(t, { userName: 'Ірина Коваль' });
    await completedConsultation(t, patient.userId, doctor.userId, slotAt(1, 10));
    // The operator's inbox listed the patient every minute for 78 minutes (11:00–12:17 in Kyiv) on 8 January.
    const start = Date.parse('2026-01-08T09:00:00Z');
    await writeEntries(
      Array.from({ length: 78 }, (_, i) => ({
        actor: operator,
        action: 'list',
        resource: 'patient',
        patient,
        at: new Date(start + i * MINUTE),
      })),
    );
    // Today, through the API: the doctor opens the card twice, then the operator finds the patient in a search.
    const account = await t.services.accounts.getAccount(patient.userId);
    for (let i = 0; i < 2; i++) {
      expect((await call(t.app, 'GET', `/v1/patients-cards/${account.cardId}`, { token: doctor.token })).status).toBe(200);
    }
    const lookup = await call(t.app, 'GET', `/v1/patients/lookup?findCriteria=${encodeURIComponent(patient.email)}`, {
      token: operator.token,
    });
    expect(lookup.status).toBe(200);

    // The problem: the flat log is 81 rows, 78 of them the same list view.
    const flat = await accessOf(patient, patient.patientId!, '?limit=100');
    expect(flat.body.total).toBe(81);

    const response = await daysOf(patient, patient.patientId!, '?tz=Europe/Kyiv');
    expect(response.status).toBe(200);
    const body = response.body as RecordAccessDays;
    expect(body.total_days).toBe(2);
    expect(body.time_zone).toBe('Europe/Kyiv');
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Kyiv' }).format(new Date());
    expect(linesOf(body)).toEqual([
      [today, ['Марта Operator operator lookup.patient ×1', 'Ірина Коваль doctor read.patient_card ×2']],
      ['2026-01-08', ['Марта Operator operator list.patient ×78']],
    ]);
    const listViews = body.days[1]!.groups[0]!;
    expect(listViews.first_at).toBe('2026-01-08T09:00:00.000Z');
    expect(listViews.last_at).toBe('2026-01-08T10:17:00.000Z');
    // The newest 20 times travel, newest first; the count says how many there were.
    expect(listViews.times).toHaveLength(20);
    expect(listViews.times[0]).toBe('2026-01-08T10:17:00.000Z');
    expect(listViews.times[19]).toBe('2026-01-08T09:58:00.000Z');
    expect(body.days[0]!.groups[1]!.times).toHaveLength(2);
    // The group's key is its newest entry (an audit entry id, as the flat log sends); no one's user or patient id.
    expect(flat.body.entries.map((e: { id: string }) => e.id)).toContain(listViews.id);
    for (const id of [operator.userId, doctor.userId, patient.userId, patient.patientId!]) expect(response.text).not.toContain(id);
    // Every entry of the flat log is counted once in the groups.
    const counted = body.days.flatMap((day) => day.groups).reduce((sum, g) => sum + g.count, 0);
    expect(counted).toBe(flat.body.total);
  });

  test('10,000 list views of one day travel as one line of a few kilobytes', async () => {
    const patient = await quickPatient(t);
    const operator = await quickAccount(t, 'operator', 'Марта Operator');
    const start = Date.parse('2026-01-09T07:00:00Z');
    for (let chunk = 0; chunk < 10; chunk++) {
      await writeEntries(
        Array.from({ length: 1000 }, (_, i) => ({
          actor: operator,
          action: 'list',
          resource: 'patient',
          patient,
          at: new Date(start + (chunk * 1000 + i) * 3000),
        })),
      );
    }
    const response = await daysOf(patient, patient.patientId!);
    expect(linesOf(response.body as RecordAccessDays)).toEqual([['2026-01-09', ['Марта Operator operator list.patient ×10000']]]);
    expect(response.text.length).toBeLessThan(3000);
  });

  test("days are the reader's: a late entry moves day with the time zone; two people of one name stay apart", async () => {
    const patient = await quickPatient(t);
    const [first, second] = await Promise.all([
      quickAccount(t, 'operator', 'Оксана Мельник'),
      quickAccount(t, 'operator', 'Оксана Мельник'),
    ]);
    await writeEntries([
      { actor: first!, action: 'read', resource: 'patient', patient, at: new Date('2026-01-10T10:00:00Z') },
      { actor: first!, action: 'read', resource: 'patient', patient, at: new Date('2026-01-10T22:30:00Z') },
      { actor: second!, action: 'read', resource: 'patient', patient, at: new Date('2026-01-10T22:40:00Z') },
    ]);
    // 22:30 UTC is 00:30 of the next day in Kyiv (UTC+2 in January).
    const kyiv = (await daysOf(patient, patient.patientId!)).body as RecordAccessDays;
    expect(kyiv.time_zone).toBe('Europe/Kyiv');
    expect(linesOf(kyiv)).toEqual([
      ['2026-01-11', ['Оксана Мельник operator read.patient ×1', 'Оксана Мельник operator read.patient ×1']],
      ['2026-01-10', ['Оксана Мельник operator read.patient ×1']],
    ]);
    const utc = (await daysOf(patient, patient.patientId!, '?tz=UTC')).body as RecordAccessDays;
    expect(linesOf(utc)).toEqual([['2026-01-10', ['Оксана Мельник operator read.patient ×1', 'Оксана Мельник operator read.patient ×2']]]);
    expect(utc.days[0]!.groups[1]!.times).toEqual(['2026-01-10T22:30:00.000Z', '2026-01-10T10:00:00.000Z']);
    expect(utc.total_days).toBe(1);
  });

  test('pages of days: limit and offset count days, with the number of days', async () => {
    const patient = await quickPatient(t);
    const operator = await quickAccount(t, 'operator');
    await writeEntries(
      ['2026-01-05', '2026-01-06', '2026-01-07'].flatMap((day) =>
        [10, 11, 12].map((hour) => ({
          actor: operator,
          action: 'list',
          resource: 'patient',
          patient,
          at: new Date(`${day}T${hour}:00:00Z`),
        })),
      ),
    );
    const pages = await Promise.all(
      ['?limit=2', '?limit=2&offset=2', '?limit=2&offset=4'].map((q) => daysOf(patient, patient.patientId!, q)),
    );
    expect(pages.map((page) => (page.body as RecordAccessDays).days.map((day) => `${day.day} ×${day.groups[0]!.count}`))).toEqual([
      ['2026-01-07 ×3', '2026-01-06 ×3'],
      ['2026-01-05 ×3'],
      [],
    ]);
    expect(pages.map((page) => (page.body as RecordAccessDays).total_days)).toEqual([3, 3, 3]);
    const empty = await daysOf(patient, (await quickPatient(t)).patientId!);
    expect(empty.status).toBe(404);
    const fresh = await quickPatient(t);
    expect((await daysOf(fresh, fresh.patientId!)).body).toEqual({ days: [], total_days: 0, time_zone: 'Europe/Kyiv' });
  });

  test('refuses a time zone it does not know, an offset, and pages out of range', async () => {
    const patient = await quickPatient(t);
    for (const query of ['?tz=Mars%2FOlympus', '?tz=%2B05%3A00', '?tz=', '?limit=0', '?limit=32', '?offset=-1', '?days=2']) {
      const response = await daysOf(patient, patient.patientId!, query);
      expect(response.status, query).toBe(400);
    }
    const unknown = await daysOf(patient, patient.patientId!, '?tz=Mars%2FOlympus');
    expect(unknown.body.errors).toEqual([expect.objectContaining({ path: 'querystring.tz' })]);
    expect((await daysOf(patient, patient.patientId!, '?tz=America%2FNew_York')).status).toBe(200);
  });

  test("only the owner: another patient's and admins 404, staff 403, anonymous 401", async () => {
    const owner = await quickPatient(t);
    const operator = await quickAccount(t, 'operator');
    await call(t.app, 'GET', `/v1/patients/${owner.patientId}`, { token: operator.token });
    const before = (await daysOf(owner, owner.patientId!)).body as RecordAccessDays;
    expect(before.days[0]!.groups).toHaveLength(1);
    const [other, admin, doctor] = await Promise.all([quickPatient(t), quickAccount(t, 'admin'), quickAccount(t, 'doctor')]);
    expect((await daysOf(other, owner.patientId!)).status).toBe(404);
    expect((await daysOf(admin, owner.patientId!)).status).toBe(404);
    expect((await daysOf(operator, owner.patientId!)).status).toBe(403);
    expect((await daysOf(doctor, owner.patientId!)).status).toBe(403);
    expect((await daysOf(undefined, owner.patientId!)).status).toBe(401);
    expect((await daysOf(owner, 'not-an-id')).status).toBe(400);
    // The other patient asking left nothing in the owner's log, and its own log is its own.
    expect((await daysOf(owner, owner.patientId!)).body).toEqual(before);
    expect((await daysOf(other, other.patientId!)).body).toEqual({ days: [], total_days: 0, time_zone: 'Europe/Kyiv' });
  });
});
