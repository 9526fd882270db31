import { describe, expect, test } from 'vitest';
import { call, DAY, fileTestApp, HOUR } from '../../test/harness.ts';
import { advanceAndRun, BASE, bookableDoctor, bookFor, deliver, quickPatient, slotAt } from '../../test/factories.ts';

const t = await fileTestApp(BASE);

/** The link at the end of a notification e-mail, as the person reads it. */
const linkOf = (text: string) => text.match(/(?:Відкрити кабінет:|Open your account:|Відкрити:|Open:) (\S+)/)?.[1];

describe('e-mails about appointments', () => {
  test('a doctor’s mails (booking, move, reminder) link to the doctor page; the patient’s to its consultation', async () => {
    const doctor = await bookableDoctor(t);
    const patient = await quickPatient(t);
    const booked = await bookFor(t, patient, doctor, slotAt(2, 10));
    expect(booked.status).toBe(201);
    const id = (booked.body as { id: string }).id;
    await deliver(t);

    const newBooking = await t.mail.waitFor(doctor.email, (m) => m.subject === 'Новий запис');
    expect(linkOf(newBooking.text)).toBe(`${t.config.publicUrl}/doctor`);
    const patientMail = await t.mail.waitFor(patient.email, (m) => m.subject === 'Запис на онлайн-сесію');
    expect(linkOf(patientMail.text)).toBe(`${t.config.publicUrl}/user/appointment-step5`);

    const moved = await call(t.app, 'PUT', `/v1/appointments/${id}`, { token: patient.token, body: { appointment_date: slotAt(2, 12) } });
    expect(moved.status).toBe(200);
    await deliver(t);
    const moveMail = await t.mail.waitFor(doctor.email, (m) => m.subject === 'Консультацію перенесено');
    expect(linkOf(moveMail.text)).toBe(`${t.config.publicUrl}/doctor`);

    // 24 hours before the new start (day 2, 12:00 UTC): the reminder.
    await advanceAndRun(t, DAY + 4 * HOUR);
    const reminder = await t.mail.waitFor(doctor.email, (m) => m.subject === 'Нагадування про онлайн-сесію');
    expect(linkOf(reminder.text)).toBe(`${t.config.publicUrl}/doctor`);
    expect(reminder.text).not.toContain(`${t.config.publicUrl}/user`);
    const patientReminder = await t.mail.waitFor(patient.email, (m) => m.subject === 'Нагадування про онлайн-сесію');
    expect(linkOf(patientReminder.text)).toBe(`${t.config.publicUrl}/user/appointment-step5`);
    const patientMove = await t.mail.waitFor(patient.email, (m) => m.subject === 'Консультацію перенесено');
    expect(linkOf(patientMove.text)).toBe(`${t.config.publicUrl}/user/appointment-step5`);
  });
});
