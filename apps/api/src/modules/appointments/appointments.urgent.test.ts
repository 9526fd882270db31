import { describe, expect, test } from 'vitest';
import { call, fileTestApp, MINUTE, uniqueEmail } from '../../test/harness.ts';
import {
  BASE,
  book,
  bookableDoctor,
  bookFor,
  notificationTexts,
  quickAccount,
  quickPatient,
  renew,
  slotAt,
  type Person,
} from '../../test/factories.ts';

const t = await fileTestApp(BASE + 7 * MINUTE + 23_000);

/** docs/product.md §5's format for an instant. */
const at = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
const nextMinute = () => Math.ceil(t.clock.now().getTime() / MINUTE) * MINUTE;

/** A doctor who works Monday to Friday 09:00–17:00 Kyiv time (07:00–15:00 UTC in January). */
async function weekdayDoctor(): Promise<Person> {
  const doctor = await bookableDoctor(t);
  const account = await t.services.accounts.getAccount(doctor.userId);
  await t.services.doctors.update(account, doctor.userId, {
    weekly_hours: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '17:00' })),
  });
  return doctor;
}

const urgent = (staff: Person, patient: Person, doctor: Person, date: string) =>
  book(t, staff, {
    appointment_doctorId: doctor.userId,
    appointment_patientId: patient.patientId,
    appointment_date: date,
    appointment_urgent: true,
  });

describe('urgent consultations', () => {
  test('an operator books the next minute, off the grid and inside the notice; both are notified and the room opens at once', async () => {
    const operator = await quickAccount(t, 'operator');
    const doctor = await weekdayDoctor();
    const patient = await quickPatient(t);
    const answer = await urgent(operator, patient, doctor, at(nextMinute()));
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ appointment_urgent: true, appointment_status: 'scheduled' });
    expect(await notificationTexts(t, patient.userId)).toHaveLength(1);
    expect(await notificationTexts(t, doctor.userId)).toHaveLength(1);
    const joined = await call(t.app, 'POST', `/v1/appointments/join-meeting/${answer.body.id}`, { token: patient.token });
    expect(joined.status).toBe(200);
    expect(joined.body.appointment_status).toBe('running');
  });

  test('outside working hours too, when the doctor is free; an admin may book it; the current minute counts as now', async () => {
    const admin = await quickAccount(t, 'admin');
    const doctor = await weekdayDoctor();
    // Saturday 22:13 Kyiv time.
    const saturday = Date.parse('2027-01-16T20:13:00Z');
    expect((await urgent(admin, await quickPatient(t), doctor, at(saturday))).status).toBe(201);
    const thisMinute = Math.floor(t.clock.now().getTime() / MINUTE) * MINUTE;
    expect((await urgent(admin, await quickPatient(t), await weekdayDoctor(), at(thisMinute))).status).toBe(201);
    // "Now" chosen in a browser just before the minute turned arrives as the minute before: still now.
    expect((await urgent(admin, await quickPatient(t), await weekdayDoctor(), at(thisMinute - MINUTE))).status).toBe(201);
  });

  test('refused: patients (403, also from the landing page), the past, a part of a minute, past the horizon, an overlap', async () => {
    const operator = await quickAccount(t, 'operator');
    const doctor = await weekdayDoctor();
    const patient = await quickPatient(t);
    const own = await bookFor(t, patient, doctor, at(nextMinute()), { appointment_urgent: true });
    expect(own.status).toBe(403);
    const landing = await call(t.app, 'POST', '/v1/appointments/from-landing', {
      body: {
        appointmentDto: { appointment_doctorId: doctor.userId, appointment_date: at(nextMinute()), appointment_urgent: true },
        email: uniqueEmail('landing'),
        user_name: 'Гість',
        accept_terms: true,
      },
    });
    expect(landing.status).toBe(403);

    const unavailable = async (date: string) => {
      const answer = await urgent(operator, patient, doctor, date);
      expect(answer.status).toBe(409);
      expect(answer.body.code).toBe('APPOINTMENT_SLOT_UNAVAILABLE');
    };
    await unavailable(at(nextMinute() - 3 * MINUTE));
    await unavailable(at(nextMinute() + 30_000));
    await unavailable(at(nextMinute() + 61 * 24 * 60 * MINUTE));

    const booked = await bookFor(t, await quickPatient(t), doctor, slotAt(1, 10));
    expect(booked.status).toBe(201);
    const overlap = await urgent(operator, patient, doctor, at(Date.parse(slotAt(1, 10)) + 20 * MINUTE));
    expect(overlap.status).toBe(409);
    expect(overlap.body.code).toBe('APPOINTMENT_SLOT_TAKEN');
    // The end plus the buffer is held too; right after it the doctor is free.
    const rightAfter = await urgent(operator, patient, doctor, at(Date.parse(slotAt(1, 10)) + 60 * MINUTE));
    expect(rightAfter.status).toBe(201);
  });

  test('50 operators book 50 patients with one doctor in the same minute at once: exactly one 201, 49 × 409', async () => {
    const doctor = await weekdayDoctor();
    const pairs = await Promise.all(
      Array.from({ length: 50 }, async () => ({ staff: await quickAccount(t, 'operator'), patient: await quickPatient(t) })),
    );
    const date = at(nextMinute() + 3 * MINUTE);
    const answers = await Promise.all(pairs.map(({ staff, patient }) => urgent(staff, patient, doctor, date)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
  });

  test('an urgent booking for a patient with a pending consultation moves it to now', async () => {
    const operator = await renew(t, await quickAccount(t, 'operator'));
    const doctor = await weekdayDoctor();
    const patient = await quickPatient(t);
    const first = await bookFor(t, patient, doctor, slotAt(2, 10));
    const moved = await urgent(operator, patient, doctor, at(nextMinute()));
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ id: first.body.id, appointment_urgent: true });
  });
});
