import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { realtimeEvents } from '@rozmova/contracts';
import { appointments, patientCards } from '../../db/schema.ts';
import { call, createTestApp, fileTestApp, MINUTE, uniqueEmail } from '../../test/harness.ts';
import { connectSocket, listen, nextEvent } from '../../test/socket.ts';
import {
  advanceAndRun,
  appointmentRow,
  BASE,
  book,
  bookableDoctor,
  bookFor,
  DAY,
  deliver,
  HOUR,
  notificationTexts,
  pendingJobKeys,
  quickAccount,
  quickPatient,
  renew,
  slotAt,
  type Person,
} from '../../test/factories.ts';

const t = await fileTestApp(BASE);

const put = (who: Person, id: string, body: object) => call(t.app, 'PUT', `/v1/appointments/${id}`, { token: who.token, body });
const get = (who: Person | undefined, url: string) => call(t.app, 'GET', url, { token: who?.token });

async function setFreeConsultations(patient: Person, n: number) {
  await t.database.db.update(patientCards).set({ availableFreeConsultations: n }).where(eq(patientCards.patientId, patient.patientId!));
}
async function freeConsultations(patient: Person) {
  const [card] = await t.database.db.select().from(patientCards).where(eq(patientCards.patientId, patient.patientId!));
  return card!.availableFreeConsultations;
}

describe('POST /v1/appointments', () => {
  test('docs/product.md §5: without a doctor id or a patient id the answer is 400 with the message word for word', async () => {
    const doctor = await bookableDoctor(t);
    const patient = await quickPatient(t);
    for (const body of [
      { appointment_patientId: patient.patientId, appointment_date: slotAt(2, 10) },
      { appointment_doctorId: doctor.userId, appointment_date: slotAt(2, 10) },
      { appointment_date: slotAt(2, 10) },
    ]) {
      const response = await book(t, patient, body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ code: 'VALIDATION_FAILED', message: 'Required all params doctorId, patientId on createAppointment' });
    }
  });

  test('malformed input is 400 with the field; who may book for whom', async () => {
    const doctor = await bookableDoctor(t);
    const patient = await quickPatient(t);
    const other = await quickPatient(t);
    const badDate = await bookFor(t, patient, doctor, '13.01.2027 12:00');
    expect(badDate.status).toBe(400);
    expect(badDate.body.errors[0].path).toBe('body.appointment_date');
    expect((await bookFor(t, patient, doctor, slotAt(2, 10), { appointment_status: 'completed' })).status).toBe(400);
    // A patient books only for itself; doctors do not book; anonymous callers sign in first.
    expect((await bookFor(t, { ...patient, patientId: other.patientId }, doctor, slotAt(2, 10))).status).toBe(403);
    const asDoctor = await book(t, doctor, {
      appointment_doctorId: doctor.userId,
      appointment_patientId: patient.patientId,
      appointment_date: slotAt(2, 10),
    });
    expect(asDoctor.status).toBe(403);
    expect((await book(t, { ...patient, token: '' }, { appointment_date: slotAt(2, 10) })).status).toBe(401);
    // Unknown doctor or patient: 404.
    const unknownDoctor = await book(t, patient, {
      appointment_doctorId: patient.userId,
      appointment_patientId: patient.patientId,
      appointment_date: slotAt(2, 10),
    });
    expect(unknownDoctor.status).toBe(404);
    const operator = await quickAccount(t, 'operator');
    const unknownPatient = await book(t, operator, {
      appointment_doctorId: doctor.userId,
      appointment_patientId: doctor.userId,
      appointment_date: slotAt(2, 10),
    });
    expect(unknownPatient.status).toBe(404);
  });

  test('only a slot start of the doctor, past the notice and inside the horizon: else 409 APPOINTMENT_SLOT_UNAVAILABLE', async () => {
    const doctor = await bookableDoctor(t);
    const patient = await quickPatient(t);
    for (const date of [slotAt(0, 9), slotAt(0, 7), '2027-01-13T10:30:00Z', slotAt(61, 10)]) {
      const response = await bookFor(t, patient, doctor, date);
      expect(response.status, date).toBe(409);
      expect(response.body.code).toBe('APPOINTMENT_SLOT_UNAVAILABLE');
    }
    // The same instant written with the Kyiv offset is the same slot.
    expect((await bookFor(t, patient, doctor, '2027-01-13T12:00:00+02:00')).status).toBe(201);
  });

  test('a free doctor (price 0) gives payment type None; the answer carries the date in the doctor zone and the doctor', async () => {
    const doctor = await bookableDoctor(t, { price: 0, userName: 'Ірина Коваль' });
    const patient = await quickPatient(t, 'Олена Пацієнтка');
    const response = await bookFor(t, patient, doctor, slotAt(2, 10), {
      appointment_reason: 'Тривога',
      appointment_phone: '+380 50 123 45 67',
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      appointment_status: 'scheduled',
      appointment_paymentType: 'None',
      appointment_paymentStatus: 'not_required',
      appointment_price: 0,
      appointment_doctorId: doctor.userId,
      appointment_patientId: patient.patientId,
      appointment_date: '2027-01-13T12:00:00+02:00',
      appointment_endDate: '2027-01-13T12:50:00+02:00',
      appointment_reason: 'Тривога',
      appointment_phone: '+380501234567',
      appointment_holdExpiresAt: null,
      doctor: { user_name: 'Ірина Коваль', specialisations: ['psychologist'] },
      patient: { user_name: 'Олена Пацієнтка' },
    });
    expect(response.body.appointment_roomId).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('a patient with free consultations gets ADRA (one used up); any cancellation gives it back', async () => {
    const doctor = await bookableDoctor(t, { price: 90_000 });
    const patient = await quickPatient(t);
    await setFreeConsultations(patient, 2);
    const booked = await bookFor(t, patient, doctor, slotAt(3, 10));
    expect(booked.body).toMatchObject({
      appointment_paymentType: 'ADRA',
      appointment_paymentStatus: 'not_required',
      appointment_price: 0,
      appointment_holdExpiresAt: null,
    });
    expect(await freeConsultations(patient)).toBe(1);
    expect((await put(patient, booked.body.id, { appointment_status: 'canceled' })).status).toBe(200);
    expect(await freeConsultations(patient)).toBe(2);
  });

  test('staff may choose Other or None; a patient cannot choose (the rules decide)', async () => {
    const doctor = await bookableDoctor(t, { price: 60_000 });
    const operator = await quickAccount(t, 'operator');
    const p1 = await quickPatient(t);
    const p2 = await quickPatient(t);
    const p3 = await quickPatient(t);
    const other = await book(t, operator, {
      appointment_doctorId: doctor.userId,
      appointment_patientId: p1.patientId,
      appointment_date: slotAt(2, 10),
      appointment_paymentType: 'Other',
    });
    expect(other.body).toMatchObject({
      appointment_paymentType: 'Other',
      appointment_paymentStatus: 'not_required',
      appointment_price: 60_000,
    });
    const none = await book(t, operator, {
      appointment_doctorId: doctor.userId,
      appointment_patientId: p2.patientId,
      appointment_date: slotAt(2, 11),
      appointment_paymentType: 'None',
    });
    expect(none.body).toMatchObject({ appointment_paymentType: 'None', appointment_price: 0 });
    const refused = await book(t, operator, {
      appointment_doctorId: doctor.userId,
      appointment_patientId: p3.patientId,
      appointment_date: slotAt(2, 12),
      appointment_paymentType: 'ADRA',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].path).toBe('body.appointment_paymentType');
    const patientTries = await bookFor(t, p3, doctor, slotAt(2, 12), { appointment_paymentType: 'None' });
    expect(patientTries.body).toMatchObject({
      appointment_paymentType: 'Patient',
      appointment_paymentStatus: 'pending',
      appointment_price: 60_000,
    });
  });

  test('one pending appointment per patient: booking again modifies it (200, same id) and tells both people', async () => {
    const doctor = await bookableDoctor(t, { userName: 'Ірина Коваль' });
    const second = await bookableDoctor(t, { userName: 'Петро Бондар' });
    const patient = await quickPatient(t, 'Олена Пацієнтка');
    const first = await bookFor(t, patient, doctor, slotAt(2, 10));
    expect(first.status).toBe(201);
    const again = await bookFor(t, patient, doctor, slotAt(3, 12));
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    expect(again.body.appointment_date).toBe('2027-01-14T14:00:00+02:00');
    const toOther = await bookFor(t, patient, second, slotAt(3, 13));
    expect(toOther.status).toBe(200);
    expect(toOther.body).toMatchObject({ id: first.body.id, appointment_doctorId: second.userId });
    const rows = await t.database.db.select().from(appointments).where(eq(appointments.patientId, patient.patientId!));
    expect(rows).toHaveLength(1);
    // The old times are free again.
    const someoneElse = await quickPatient(t);
    expect((await bookFor(t, someoneElse, doctor, slotAt(2, 10))).status).toBe(201);

    expect(await notificationTexts(t, patient.userId)).toEqual([
      'Ви записалися на онлайн-сесію з фахівцем Ірина Коваль на 13 січня, 12:00',
      'Консультацію перенесено на 14 січня, 14:00',
      'Консультацію перенесено на 14 січня, 15:00',
    ]);
    expect(await notificationTexts(t, doctor.userId)).toEqual([
      'Новий запис на онлайн-сесію: Олена Пацієнтка, 13 січня, 12:00',
      'Консультацію з Олена Пацієнтка перенесено на 14 січня, 14:00',
      'Консультацію відмінено: Олена Пацієнтка, 14 січня, 15:00',
      expect.stringContaining('Новий запис на онлайн-сесію'),
    ]);
    expect(await notificationTexts(t, second.userId)).toEqual(['Новий запис на онлайн-сесію: Олена Пацієнтка, 14 січня, 15:00']);
  });

  test('English texts and the e-mail for an English-speaking patient', async () => {
    const doctor = await bookableDoctor(t, { userName: 'Iryna Koval' });
    const patient = await quickPatient(t, 'Olena');
    await t.services.accounts.updateProfile(patient.userId, { locale: 'en' });
    const booked = await bookFor(t, patient, doctor, slotAt(2, 10));
    await deliver(t);
    const mail = await t.mail.waitFor(patient.email, (m) => m.subject === 'Your online session is booked');
    expect(mail.text).toContain('You are booked for an online session with Iryna Koval on 13 January, 12:00');
    await put(patient, booked.body.id, { appointment_date: slotAt(4, 6) });
    expect((await notificationTexts(t, patient.userId)).at(-1)).toBe('The consultation has been moved to 15 January, 08:00');
    await put(patient, booked.body.id, { appointment_status: 'canceled' });
    expect((await notificationTexts(t, patient.userId)).at(-1)).toBe('The consultation has been cancelled');
    const cancelled = await t.mail.waitFor(patient.email, (m) => m.subject === 'Consultation cancelled');
    expect(cancelled.text).toContain('Iryna Koval, 15 January, 08:00');
  });

  test('a pending appointment whose end has passed no longer blocks a new booking: it is closed, the new one created', async () => {
    const doctor = await bookableDoctor(t);
    const patient = await quickPatient(t);
    const missed = (await bookFor(t, patient, doctor, slotAt(0, 12))).body;
    t.clock.set(Date.parse(slotAt(1, 8)));
    const next = await bookFor(t, patient, doctor, slotAt(2, 10));
    expect(next.status).toBe(201);
    expect(next.body.id).not.toBe(missed.id);
    expect(await appointmentRow(t, missed.id)).toMatchObject({ status: 'canceled', cancelledBy: null });
  });

  test('the same time of a doctor cannot be held twice: 409 APPOINTMENT_SLOT_TAKEN', async () => {
    const doctor = await bookableDoctor(t);
    const a = await quickPatient(t);
    const b = await quickPatient(t);
    expect((await bookFor(t, a, doctor, slotAt(2, 10))).status).toBe(201);
    const taken = await bookFor(t, b, doctor, slotAt(2, 10));
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('APPOINTMENT_SLOT_TAKEN');
    // Moving onto a taken time is refused the same way.
    const own = await bookFor(t, b, doctor, slotAt(2, 11));
    const move = await put(b, own.body.id, { appointment_date: slotAt(2, 10) });
    expect(move.status).toBe(409);
    expect(move.body.code).toBe('APPOINTMENT_SLOT_TAKEN');
  });

  test('realtime events: appointment-created to the patient and the doctor', async () => {
    const doctor = await bookableDoctor(t);
    const patient = await quickPatient(t);
    const url = await listen(t);
    const patientSocket = await connectSocket(url, patient.token);
    const doctorSocket = await connectSocket(url, doctor.token);
    try {
      const patientHears = nextEvent<{ id: string }>(patientSocket, realtimeEvents.appointmentCreated);
      const doctorHears = nextEvent<{ id: string }>(doctorSocket, realtimeEvents.appointmentCreated);
      const booked = await bookFor(t, patient, doctor, slotAt(2, 10));
      await deliver(t);
      expect((await patientHears).id).toBe(booked.body.id);
      expect((await doctorHears).id).toBe(booked.body.id);
      const cancelled = nextEvent<{ appointment_status: string }>(doctorSocket, realtimeEvents.appointmentCancelled);
      await put(patient, booked.body.id, { appointment_status: 'canceled' });
      await deliver(t);
      expect((await cancelled).appointment_status).toBe('canceled');
    } finally {
      patientSocket.close();
      doctorSocket.close();
    }
  });
});

describe('reading appointments', () => {
  test('GET /:id: the patient of it, its doctor, operators and admins; /byroomid/:id: only its patient and doctor; others 404', async () => {
    const doctor = await bookableDoctor(t);
    const patient = await quickPatient(t);
    const booked = (await bookFor(t, patient, doctor, slotAt(2, 10))).body;
    const others = [await quickPatient(t), await bookableDoctor(t)];
    const staff = [await quickAccount(t, 'operator'), await quickAccount(t, 'admin')];
    const room = `/v1/appointments/byroomid/${booked.appointment_roomId}`;
    for (const url of [`/v1/appointments/${booked.id}`, room]) {
      for (const who of url === room ? [patient, doctor] : [patient, doctor, ...staff]) {
        const response = await get(who, url);
        expect(response.status).toBe(200);
        expect(response.body.id).toBe(booked.id);
      }
      for (const who of url === room ? [...others, ...staff] : others) expect((await get(who, url)).status).toBe(404);
      expect((await get(undefined, url)).status).toBe(401);
    }
    expect((await get(patient, `/v1/appointments/byroomid/${booked.id}`)).status).toBe(404);
    expect((await get(patient, '/v1/appointments/not-an-id')).status).toBe(400);
  });

  test("GET /patient/:id: docs/product.md §5 message for a bad id; a patient its own; staff any; a doctor only its own patients' ones", async () => {
    const doctor = await bookableDoctor(t);
    const otherDoctor = await bookableDoctor(t);
    const patient = await quickPatient(t);
    const booked = (await bookFor(t, patient, doctor, slotAt(2, 10))).body;
    for (const bad of ['undefined', 'null', '123', 'x'.repeat(100)]) {
      const response = await get(patient, `/v1/appointments/patient/${bad}`);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ code: 'VALIDATION_FAILED', message: 'Undefined patientId on getByPatientId' });
    }
    const own = await get(patient, `/v1/appointments/patient/${patient.patientId}`);
    expect(own.body.map((a: { id: string }) => a.id)).toEqual([booked.id]);
    const operator = await quickAccount(t, 'operator');
    expect((await get(operator, `/v1/appointments/patient/${patient.patientId}`)).body).toHaveLength(1);
    expect((await get(doctor, `/v1/appointments/patient/${patient.patientId}`)).body).toHaveLength(1);
    expect((await get(otherDoctor, `/v1/appointments/patient/${patient.patientId}`)).status).toBe(404);
    const stranger = await quickPatient(t);
    expect((await get(stranger, `/v1/appointments/patient/${patient.patientId}`)).status).toBe(404);
    expect((await get(operator, `/v1/appointments/patient/${doctor.userId}`)).status).toBe(404);
  });

  test('patient_appointmentId is derived (the pending appointment), never written: PUT /v1/patients/:id refuses it', async () => {
    const doctor = await bookableDoctor(t);
    const patient = await quickPatient(t);
    const booked = (await bookFor(t, patient, doctor, slotAt(2, 10))).body;
    for (const value of [null, booked.id]) {
      const response = await call(t.app, 'PUT', `/v1/patients/${patient.patientId}`, {
        token: patient.token,
        body: { patient_appointmentId: value },
      });
      expect(response.status).toBe(400);
    }
    const current = (await get(patient, `/v1/appointments/patient/${patient.patientId}`)).body.find(
      (a: { appointment_status: string }) => a.appointment_status === 'scheduled' || a.appointment_status === 'running',
    );
    expect(current.id).toBe(booked.id);
  });

  test('GET /v1/appointments: a doctor its own; operators any with filters; patients 403', async () => {
    const doctor = await bookableDoctor(t);
    const other = await bookableDoctor(t);
    const [p1, p2, p3] = [await quickPatient(t), await quickPatient(t), await quickPatient(t)];
    await bookFor(t, p1, doctor, slotAt(3, 10));
    await bookFor(t, p2, doctor, slotAt(2, 10));
    await bookFor(t, p3, other, slotAt(2, 10));
    const mine = await get(doctor, '/v1/appointments');
    expect(mine.body.map((a: { appointment_patientId: string }) => a.appointment_patientId)).toEqual([p2.patientId, p1.patientId]);
    expect((await get(doctor, `/v1/appointments?doctorId=${other.userId}`)).status).toBe(403);
    const operator = await quickAccount(t, 'operator');
    const filtered = await get(operator, `/v1/appointments?doctorId=${doctor.userId}&from=${encodeURIComponent('2027-01-14T00:00:00Z')}`);
    expect(filtered.body.map((a: { appointment_patientId: string }) => a.appointment_patientId)).toEqual([p1.patientId]);
    expect((await get(operator, `/v1/appointments?patientId=${p3.patientId}&status=scheduled`)).body).toHaveLength(1);
    expect((await get(operator, '/v1/appointments?status=completed&limit=5')).body).toEqual([]);
    expect((await get(operator, '/v1/appointments?limit=0')).status).toBe(400);
    expect((await get(p1, '/v1/appointments')).status).toBe(403);
  });
});

describe('PUT /v1/appointments/:id', () => {
  test('docs/product.md §5: a bad id answers 400 with the message word for word', async () => {
    const patient = await quickPatient(t);
    for (const bad of ['undefined', '42', 'not-a-uuid']) {
      const response = await put(patient, bad, { appointment_status: 'canceled' });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ code: 'VALIDATION_FAILED', message: 'Undefined patientId on modifyAppointment' });
    }
    expect((await put(patient, '00000000-0000-4000-8000-000000000000', { appointment_status: 'canceled' })).status).toBe(404);
    expect((await put(patient, '00000000-0000-4000-8000-000000000000', {})).status).toBe(400);
  });

  test('patients cancel or move until 2 hours before the start; then 409 APPOINTMENT_CHANGE_TOO_LATE; operators always', async () => {
    const doctor = await bookableDoctor(t);
    const patient = await quickPatient(t);
    const booked = (await bookFor(t, patient, doctor, slotAt(1, 10))).body;
    t.clock.set(Date.parse(slotAt(1, 8)) - MINUTE);
    expect((await put(patient, booked.id, { appointment_reason: 'Сон' })).status).toBe(200);
    t.clock.set(Date.parse(slotAt(1, 8)) + MINUTE);
    for (const body of [{ appointment_status: 'canceled' }, { appointment_date: slotAt(2, 10) }]) {
      const late = await put(patient, booked.id, body);
      expect(late.status).toBe(409);
      expect(late.body.code).toBe('APPOINTMENT_CHANGE_TOO_LATE');
    }
    // Editing the reason is not a change of time: still allowed.
    expect((await put(patient, booked.id, { appointment_reason: 'Сон і тривога' })).body.appointment_reason).toBe('Сон і тривога');
    const operator = await quickAccount(t, 'operator');
    const moved = await put(operator, booked.id, { appointment_date: slotAt(2, 10) });
    expect(moved.status).toBe(200);
    expect(moved.body.appointment_date).toBe('2027-01-13T12:00:00+02:00');
    t.clock.set(Date.parse(slotAt(2, 9)));
    const cancelled = await put(await renew(t, operator), booked.id, { appointment_status: 'canceled' });
    expect(cancelled.body).toMatchObject({ appointment_status: 'canceled', appointment_cancelledBy: 'operator' });
    const closed = await put(await renew(t, operator), booked.id, { appointment_status: 'canceled' });
    expect(closed.status).toBe(409);
    expect(closed.body.code).toBe('APPOINTMENT_CLOSED');
  });

  test('the doctor cancels its own but does not move or edit them; other doctors and patients get 404', async () => {
    const doctor = await bookableDoctor(t);
    const patient = await quickPatient(t);
    const booked = (await bookFor(t, patient, doctor, slotAt(1, 10))).body;
    expect((await put(await bookableDoctor(t), booked.id, { appointment_status: 'canceled' })).status).toBe(404);
    expect((await put(await quickPatient(t), booked.id, { appointment_status: 'canceled' })).status).toBe(404);
    expect((await put(doctor, booked.id, { appointment_date: slotAt(2, 10) })).status).toBe(403);
    expect((await put(doctor, booked.id, { appointment_reason: 'x' })).status).toBe(403);
    t.clock.set(Date.parse(slotAt(1, 9)));
    const cancelled = await put(await renew(t, doctor), booked.id, { appointment_status: 'canceled' });
    expect(cancelled.body).toMatchObject({ appointment_status: 'canceled', appointment_cancelledBy: 'doctor' });
    expect(await notificationTexts(t, patient.userId)).toContain('Консультацію відмінено');
  });

  test('completing: its doctor or an admin, once the start is reached, with a required note and optional advice the patient reads; status and time changes do not mix', async () => {
    const doctor = await bookableDoctor(t);
    const patient = await quickPatient(t);
    const booked = (await bookFor(t, patient, doctor, slotAt(1, 10))).body;
    const early = await put(doctor, booked.id, { appointment_status: 'completed', appointment_note: 'Рекомендації' });
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('MEETING_NOT_OPEN');
    expect((await put(patient, booked.id, { appointment_note: 'x' })).status).toBe(400);
    expect((await put(patient, booked.id, { appointment_status: 'canceled', appointment_date: slotAt(2, 10) })).status).toBe(400);
    t.clock.set(Date.parse(slotAt(1, 10)) + 5 * MINUTE);
    const doctorNow = await renew(t, doctor);
    expect((await put(await quickAccount(t, 'operator'), booked.id, { appointment_status: 'completed' })).status).toBe(403);
    expect((await put(patient, booked.id, { appointment_status: 'completed' })).status).toBe(403);
    const noNote = await put(doctorNow, booked.id, { appointment_status: 'completed' });
    expect(noNote.status).toBe(400);
    expect(noNote.body.errors[0]).toMatchObject({ path: 'body.appointment_note', code: 'INVALID_VALUE' });
    expect((await put(doctorNow, booked.id, { appointment_advice: 'x' })).status).toBe(400);
    const done = await put(doctorNow, booked.id, {
      appointment_status: 'completed',
      appointment_note: 'Тривога, сон порушений',
      appointment_advice: 'Рекомендації: сон, рух',
    });
    expect(done.body).toMatchObject({
      appointment_status: 'completed',
      appointment_note: 'Тривога, сон порушений',
      appointment_advice: 'Рекомендації: сон, рух',
    });
    // The note is for the record: the patient reads the advice only.
    const seen = await get(patient, `/v1/appointments/${booked.id}`);
    expect(seen.body).toMatchObject({ appointment_note: null, appointment_advice: 'Рекомендації: сон, рух' });
    expect((await put(doctorNow, booked.id, { appointment_status: 'canceled' })).body.code).toBe('APPOINTMENT_CLOSED');
    // Completing clears the patient's current appointment: a new booking is a new one.
    expect((await bookFor(t, patient, doctor, slotAt(3, 10))).status).toBe(201);
  });

  test('a paid consultation moves only to a doctor of the same price; an unpaid one takes the new price', async () => {
    const doctor = await bookableDoctor(t, { price: 50_000 });
    const same = await bookableDoctor(t, { price: 50_000 });
    const dearer = await bookableDoctor(t, { price: 80_000 });
    const patient = await quickPatient(t);
    const booked = (await bookFor(t, patient, doctor, slotAt(3, 10))).body;
    const unpaidMove = await put(patient, booked.id, { appointment_doctorId: dearer.userId, appointment_date: slotAt(3, 11) });
    expect(unpaidMove.body).toMatchObject({ appointment_price: 80_000, appointment_paymentStatus: 'pending' });
    await t.database.db.update(appointments).set({ paymentStatus: 'paid', holdExpiresAt: null }).where(eq(appointments.id, booked.id));
    const refused = await put(patient, booked.id, { appointment_doctorId: doctor.userId });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].path).toBe('body.appointment_doctorId');
    await t.database.db.update(appointments).set({ price: 50_000 }).where(eq(appointments.id, booked.id));
    const ok = await put(patient, booked.id, { appointment_doctorId: same.userId });
    expect(ok.body).toMatchObject({ appointment_doctorId: same.userId, appointment_paymentStatus: 'paid', appointment_price: 50_000 });
  });
});

describe('payment holds and reminders (job queue, settable clock)', () => {
  test('an unpaid booking holds its time 15 minutes, then the server cancels it and the time is free again', async () => {
    const doctor = await bookableDoctor(t, { price: 50_000 });
    const patient = await quickPatient(t);
    const booked = (await bookFor(t, patient, doctor, slotAt(2, 10))).body;
    expect(booked.appointment_holdExpiresAt).toBe('2027-01-11T10:15:00+02:00');
    await deliver(t);
    const mail = await t.mail.waitFor(patient.email, (m) => m.subject === 'Оплатіть запис на онлайн-сесію');
    expect(mail.text).toContain('Оплатіть консультацію (500 грн) до 11 січня, 10:15 за посиланням нижче');
    expect(mail.text).toMatch(/Відкрити: http:\/\/[^/]+\/user\/appointment-step5\n/);
    await advanceAndRun(t, 14 * MINUTE);
    expect((await appointmentRow(t, booked.id)).status).toBe('scheduled');
    await advanceAndRun(t, MINUTE);
    const row = await appointmentRow(t, booked.id);
    expect(row).toMatchObject({ status: 'canceled', cancelledBy: 'payment-timeout' });
    expect(await notificationTexts(t, patient.userId)).toContain('Консультацію відмінено');
    const released = await t.mail.waitFor(patient.email, (m) => m.subject === 'Консультацію відмінено');
    expect(released.text).toContain('Оплата не надійшла вчасно');
    expect((await bookFor(t, await quickPatient(t), doctor, slotAt(2, 10))).status).toBe(201);
  });

  test('reminders 24 hours and 15 minutes before fire once each; moving the time moves them; cancelling drops them', async () => {
    const doctor = await bookableDoctor(t, { userName: 'Ірина Коваль' });
    const patient = await quickPatient(t);
    const booked = (await bookFor(t, patient, doctor, slotAt(3, 10))).body;
    expect(await pendingJobKeys(t)).toEqual(
      expect.arrayContaining([`appointment-reminder-1440m:${booked.id}`, `appointment-reminder-15m:${booked.id}`]),
    );
    await put(patient, booked.id, { appointment_date: slotAt(3, 12) });
    const reminders = async () =>
      (await notificationTexts(t, patient.userId)).filter((text) => text.includes('Нагадування') || text.includes('почнеться'));
    t.clock.set(Date.parse(slotAt(2, 10)));
    await advanceAndRun(t, 0);
    expect(await reminders()).toEqual([]);
    t.clock.set(Date.parse(slotAt(2, 12)));
    await advanceAndRun(t, 0);
    await advanceAndRun(t, HOUR);
    expect(await reminders()).toEqual(['Нагадування: онлайн-сесія з фахівцем Ірина Коваль 14 січня, 14:00']);
    await advanceAndRun(t, DAY - HOUR - 15 * MINUTE);
    await advanceAndRun(t, 5 * MINUTE);
    expect(await reminders()).toEqual([
      'Нагадування: онлайн-сесія з фахівцем Ірина Коваль 14 січня, 14:00',
      'Онлайн-сесія з фахівцем Ірина Коваль почнеться за 15 хвилин (14 січня, 14:00). Приєднатися можна за 10 хвилин до початку.',
    ]);
    expect((await notificationTexts(t, doctor.userId)).filter((text) => text.includes('Нагадування'))).toHaveLength(1);

    t.clock.set(BASE);
    const other = await quickPatient(t);
    const second = (await bookFor(t, other, doctor, slotAt(5, 10))).body;
    await put(other, second.id, { appointment_status: 'canceled' });
    // The reminders and the hold go; what is left is the cancellation's event for payments (nothing to refund).
    expect((await pendingJobKeys(t)).filter((key) => key.endsWith(second.id))).toEqual([
      `event:appointment.cancelled:payments:${second.id}`,
    ]);
  });

  test('a booking less than 24 hours ahead gets only the 15-minute reminder', async () => {
    const doctor = await bookableDoctor(t);
    const patient = await quickPatient(t);
    const booked = (await bookFor(t, patient, doctor, slotAt(0, 14))).body;
    expect((await pendingJobKeys(t)).filter((key) => key.endsWith(booked.id))).toEqual([
      `appointment-close:${booked.id}`,
      `appointment-reminder-15m:${booked.id}`,
    ]);
  });

  test('two hours after its end an appointment nobody completed is closed: a missed one cancelled (free one back), one under way completed', async () => {
    const doctor = await bookableDoctor(t);
    const missedBy = await quickPatient(t);
    const joinedBy = await quickPatient(t);
    await setFreeConsultations(missedBy, 1);
    const missed = (await bookFor(t, missedBy, doctor, slotAt(1, 10))).body;
    expect(missed.appointment_paymentType).toBe('ADRA');
    const joined = (await bookFor(t, joinedBy, doctor, slotAt(1, 12))).body;
    t.clock.set(Date.parse(slotAt(1, 12)) - 5 * MINUTE);
    const joining = await call(t.app, 'POST', `/v1/appointments/join-meeting/${joined.id}`, { token: (await renew(t, joinedBy)).token });
    expect(joining.status, joining.text).toBe(200);

    t.clock.set(Date.parse(slotAt(1, 12)) + 50 * MINUTE + 2 * HOUR - MINUTE);
    await advanceAndRun(t, 0);
    expect(await appointmentRow(t, missed.id)).toMatchObject({ status: 'canceled', cancelledBy: null });
    expect(await appointmentRow(t, joined.id)).toMatchObject({ status: 'running' });
    expect(await freeConsultations(missedBy)).toBe(1);

    await advanceAndRun(t, MINUTE);
    expect(await appointmentRow(t, joined.id)).toMatchObject({ status: 'completed' });
    expect((await pendingJobKeys(t)).filter((key) => key.endsWith(missed.id) || key.endsWith(joined.id))).toEqual([]);
  });
});

describe('POST /v1/appointments/join-meeting/:id', () => {
  test('the patient or the doctor, from 10 minutes before the start until the end; sets running', async () => {
    const doctor = await bookableDoctor(t);
    const patient = await quickPatient(t);
    const booked = (await bookFor(t, patient, doctor, slotAt(1, 10))).body;
    const join = (who: Person) => call(t.app, 'POST', `/v1/appointments/join-meeting/${booked.id}`, { token: who.token });
    t.clock.set(Date.parse(slotAt(1, 10)) - 11 * MINUTE);
    const early = await join(patient);
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('MEETING_NOT_OPEN');
    t.clock.set(Date.parse(slotAt(1, 10)) - 10 * MINUTE);
    const joined = await join(patient);
    expect(joined.status).toBe(200);
    expect(joined.body).toMatchObject({ appointment_status: 'running', appointment_roomId: booked.appointment_roomId });
    expect((await join(await renew(t, doctor))).body.appointment_status).toBe('running');
    expect((await join(await quickPatient(t))).status).toBe(404);
    expect((await join(await quickAccount(t, 'admin'))).status).toBe(403);
    expect((await join(await quickAccount(t, 'operator'))).status).toBe(403);
    t.clock.set(Date.parse(slotAt(1, 10)) + 50 * MINUTE);
    expect((await join(patient)).body.code).toBe('MEETING_NOT_OPEN');
    // Running: the patient can no longer cancel.
    expect((await put(patient, booked.id, { appointment_status: 'canceled' })).body.code).toBe('APPOINTMENT_CHANGE_TOO_LATE');
  });

  test('a patient-paid consultation opens only once paid', async () => {
    const doctor = await bookableDoctor(t, { price: 40_000 });
    const operator = await quickAccount(t, 'operator');
    const patient = await quickPatient(t);
    // Booked by an operator for the usual rules (the patient pays), the hold kept alive for the test.
    const booked = (
      await book(t, operator, {
        appointment_doctorId: doctor.userId,
        appointment_patientId: patient.patientId,
        appointment_date: slotAt(0, 11),
      })
    ).body;
    t.clock.set(Date.parse(slotAt(0, 11)) - 5 * MINUTE);
    const unpaid = await call(t.app, 'POST', `/v1/appointments/join-meeting/${booked.id}`, { token: patient.token });
    expect(unpaid.status).toBe(409);
    expect(unpaid.body.message).toContain('paid');
  });
});

describe('GET /v1/appointments/:id/calendar.ics', () => {
  test('a valid VCALENDAR with one VEVENT in UTC, in the caller language, without the reason', async () => {
    const doctor = await bookableDoctor(t, { userName: 'Ірина Коваль' });
    const patient = await quickPatient(t, 'Олена Пацієнтка');
    const booked = (await bookFor(t, patient, doctor, slotAt(2, 10), { appointment_reason: 'Панічні атаки' })).body;
    const response = await get(patient, `/v1/appointments/${booked.id}/calendar.ics`);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="rozmova-2027-01-13.ics"');
    const text = response.text;
    expect(text.endsWith('\r\n')).toBe(true);
    const unfolded = text.replace(/\r\n /g, '');
    const lines = unfolded.split('\r\n');
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain('VERSION:2.0');
    expect(lines).toContain('BEGIN:VEVENT');
    expect(lines).toContain(`UID:${booked.id}@localhost`);
    expect(lines).toContain('DTSTAMP:20270111T080000Z');
    expect(lines).toContain('DTSTART:20270113T100000Z');
    expect(lines).toContain('DTEND:20270113T105000Z');
    expect(lines).toContain('SUMMARY;LANGUAGE=uk:Онлайн-консультація: Ірина Коваль');
    expect(lines).toContain('STATUS:CONFIRMED');
    expect(unfolded).not.toContain('Панічні');
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const forDoctor = await get(doctor, `/v1/appointments/${booked.id}/calendar.ics`);
    expect(forDoctor.text.replace(/\r\n /g, '')).toContain('SUMMARY;LANGUAGE=uk:Онлайн-консультація: Олена Пацієнтка');
    expect((await get(await quickPatient(t), `/v1/appointments/${booked.id}/calendar.ics`)).status).toBe(404);
    expect((await get(undefined, `/v1/appointments/${booked.id}/calendar.ics`)).status).toBe(401);
  });
});

describe('account removal and documents', () => {
  test('removing the account cancels its future appointments and tells the doctor; the time is free', async () => {
    const doctor = await bookableDoctor(t);
    const patient = await quickPatient(t, 'Марта');
    const booked = (await bookFor(t, patient, doctor, slotAt(2, 10))).body;
    expect((await call(t.app, 'DELETE', '/v1/auth/profile', { token: patient.token })).status).toBe(204);
    expect(await appointmentRow(t, booked.id)).toMatchObject({ status: 'canceled', cancelledBy: 'account-removed' });
    expect(await notificationTexts(t, doctor.userId)).toContain('Консультацію відмінено: Марта, 13 січня, 12:00');
    expect((await bookFor(t, await quickPatient(t), doctor, slotAt(2, 10))).status).toBe(201);
  });

  test('the doctor of a pending appointment may open and review the patient documents; not after it is cancelled', async () => {
    const doctor = await bookableDoctor(t);
    const patient = await quickPatient(t);
    const account = await t.services.accounts.getAccount(patient.userId);
    const document = await t.services.documents.upload(account, Readable.from([Buffer.from('%PDF-1.7\n%%EOF\n')]));
    const file = `/v1/user-references/${document.id}/file`;
    expect((await get(doctor, file)).status).toBe(404);
    const booked = (await bookFor(t, patient, doctor, slotAt(2, 10))).body;
    expect((await get(doctor, file)).status).toBe(200);
    expect(
      (await call(t.app, 'PATCH', `/v1/user-references/${document.id}`, { token: doctor.token, body: { status: 'reviewed' } })).body
        .userReference.status,
    ).toBe('reviewed');
    expect((await get(await bookableDoctor(t), file)).status).toBe(404);
    await put(patient, booked.id, { appointment_status: 'canceled' });
    expect((await get(doctor, file)).status).toBe(404);
  });
});

describe('POST /v1/appointments/from-landing', () => {
  const landing = (body: object, remoteAddress?: string) => call(t.app, 'POST', '/v1/appointments/from-landing', { body, remoteAddress });
  const visitor = (doctor: Person, date: string, email = uniqueEmail('landing')) => ({
    appointmentDto: { appointment_doctorId: doctor.userId, appointment_date: date, appointment_reason: 'Безсоння' },
    email,
    user_name: 'Оксана Гість',
    phone: '+380671112233',
    locale: 'uk',
    accept_terms: true,
  });

  test('a new e-mail gets a passwordless patient account, the booking and a session; the mail says how to set a password', async () => {
    const doctor = await bookableDoctor(t, { userName: 'Ірина Коваль' });
    const body = visitor(doctor, slotAt(2, 10));
    const response = await landing(body);
    expect(response.status).toBe(201);
    expect(response.body.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(response.body.appointment).toMatchObject({
      appointment_status: 'scheduled',
      appointment_paymentType: 'None',
      appointment_date: '2027-01-13T12:00:00+02:00',
      appointment_reason: 'Безсоння',
      patient: { user_name: 'Оксана Гість' },
    });
    const profile = await call(t.app, 'GET', '/v1/auth/profile', { token: response.body.token });
    expect(profile.body).toMatchObject({
      email: body.email,
      user_role: 'patient',
      has_password: false,
      email_verified: false,
      phone: '+380671112233',
    });
    expect(response.body.appointment.appointment_patientId).toBe(profile.body.role_specific_data.patient.patientId);
    const own = await call(t.app, 'GET', `/v1/appointments/${response.body.appointment.id}`, { token: response.body.token });
    expect(own.status).toBe(200);
    await deliver(t);
    const mail = await t.mail.waitFor(body.email, (m) => m.subject === 'Запис на онлайн-сесію');
    expect(mail.text).toContain('Ви записалися на онлайн-сесію з фахівцем Ірина Коваль на 13 січня, 12:00');
    expect(mail.text).toContain('Задати пароль');
    expect(mail.text).toContain('Забули пароль?');
    // Not before the e-mail is proved: whoever proves it (a recovery code) sets the password and owns the account.
    const setup = await call(t.app, 'POST', '/v1/auth/setup-password', {
      token: response.body.token,
      body: { password: 'Quiet-Meadow-Lantern-7' },
    });
    expect(setup.status).toBe(403);
    expect(setup.body.code).toBe('EMAIL_NOT_VERIFIED');
  });

  test('an e-mail with an account is refused (409 EMAIL_TAKEN) without a session, with or without a password', async () => {
    const doctor = await bookableDoctor(t);
    const registered = await quickAccount(t, 'patient');
    await t.services.accounts.setPassword(registered.userId, 'Quiet-Meadow-Lantern-7');
    const withPassword = await landing(visitor(doctor, slotAt(2, 10), registered.email));
    expect(withPassword.status).toBe(409);
    expect(withPassword.body).toEqual({ code: 'EMAIL_TAKEN', message: expect.stringContaining('sign in to book') });

    const first = await landing(visitor(doctor, slotAt(2, 11)));
    const email = (await call(t.app, 'GET', '/v1/auth/profile', { token: first.body.token })).body.email;
    const again = await landing(visitor(doctor, slotAt(2, 12), email.toUpperCase()));
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('EMAIL_TAKEN');
    expect(again.body.message).toContain('Forgot password?');
    expect(again.body.token).toBeUndefined();
  });

  test('nothing is created when the booking fails: taken time, unknown doctor, no doctor id, terms not accepted', async () => {
    const doctor = await bookableDoctor(t);
    expect((await bookFor(t, await quickPatient(t), doctor, slotAt(2, 10))).status).toBe(201);
    const taken = visitor(doctor, slotAt(2, 10));
    const response = await landing(taken);
    expect(response.status).toBe(409);
    expect(response.body.code).toBe('APPOINTMENT_SLOT_TAKEN');
    expect(await t.services.accounts.findByEmail(taken.email)).toBeUndefined();

    const unknown = visitor({ ...doctor, userId: '00000000-0000-4000-8000-000000000000' }, slotAt(2, 11));
    expect((await landing(unknown)).status).toBe(404);
    expect(await t.services.accounts.findByEmail(unknown.email)).toBeUndefined();

    const noDoctor = visitor(doctor, slotAt(2, 11));
    const { appointment_doctorId: _omitted, ...dto } = noDoctor.appointmentDto;
    const missing = await landing({ ...noDoctor, appointmentDto: dto });
    expect(missing.body).toEqual({ code: 'VALIDATION_FAILED', message: 'Required all params doctorId, patientId on createAppointment' });
    expect((await landing({ ...visitor(doctor, slotAt(2, 11)), accept_terms: false })).status).toBe(400);
  });

  test('it counts against the per-address limit of auth requests', async () => {
    const limited = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '2' } });
    try {
      const call3 = () => call(limited.app, 'POST', '/v1/appointments/from-landing', { body: { email: 'x' }, remoteAddress: '10.9.8.7' });
      expect((await call3()).status).toBe(400);
      expect((await call3()).status).toBe(400);
      expect((await call3()).status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
