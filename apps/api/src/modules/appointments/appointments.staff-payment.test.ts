import { expect, test } from 'vitest';
import { fileTestApp, MINUTE } from '../../test/harness.ts';
import {
  advanceAndRun,
  appointmentRow,
  BASE,
  book,
  bookableDoctor,
  deliver,
  HOUR,
  notificationTexts,
  quickAccount,
  quickPatient,
  slotAt,
} from '../../test/factories.ts';

// A booking an operator makes for a patient who pays is not left to expire in silence (docs/product.md §4).
const t = await fileTestApp(BASE);

test('the patient gets the payment link by e-mail and in the app, has a day to pay, and an expiry is told to the patient and the operator', async () => {
  const operator = await quickAccount(t, 'operator', 'Ірина Операторка');
  const doctor = await bookableDoctor(t, { price: 80_000, userName: 'Олег Лікар' });
  const patient = await quickPatient(t, 'Марта Пацієнтка');
  const booked = await book(t, operator, {
    appointment_doctorId: doctor.userId,
    appointment_patientId: patient.patientId,
    appointment_date: slotAt(3, 10),
  });
  expect(booked.status).toBe(201);
  expect(booked.body).toMatchObject({ appointment_paymentType: 'Patient', appointment_paymentStatus: 'pending' });
  // A day to pay by the link (the booking is three days ahead), not the 15 minutes of the patient's own checkout.
  expect(Date.parse(booked.body.appointment_holdExpiresAt)).toBe(BASE + 24 * HOUR);
  expect((await appointmentRow(t, booked.body.id)).bookedBy).toBe(operator.userId);

  await deliver(t);
  const mail = await t.mail.waitFor(patient.email, (m) => m.subject === 'Оплатіть запис на онлайн-сесію');
  expect(mail.text).toContain('Оплатіть консультацію (800 грн) до');
  expect(mail.text).toMatch(/Відкрити: http:\/\/[^/]+\/user\/appointment-step5\n/);
  expect((await notificationTexts(t, patient.userId)).join('\n')).toContain('Оплатіть консультацію (800 грн) до');

  await advanceAndRun(t, 24 * HOUR - MINUTE);
  expect((await appointmentRow(t, booked.body.id)).status).toBe('scheduled');
  await advanceAndRun(t, MINUTE);
  expect(await appointmentRow(t, booked.body.id)).toMatchObject({ status: 'canceled', cancelledBy: 'payment-timeout' });
  await deliver(t);

  expect(await notificationTexts(t, patient.userId)).toContain('Консультацію відмінено');
  const released = await t.mail.waitFor(patient.email, (m) => m.subject === 'Консультацію відмінено');
  expect(released.text).toContain('Оплата не надійшла вчасно');

  const told = await notificationTexts(t, operator.userId);
  expect(told.some((text) => text.startsWith('Оплата не надійшла вчасно, запис скасовано: Марта Пацієнтка, фахівець Олег Лікар'))).toBe(
    true,
  );
  const operatorMail = await t.mail.waitFor(operator.email, (m) => m.subject === 'Запис скасовано: оплата не надійшла');
  expect(operatorMail.text).toMatch(new RegExp(`Відкрити: http://[^/]+/operator/patients/${patient.patientId}\\n`));
});

test('a booking the patient made and did not pay tells no operator; one an operator made free or invoiced holds nothing', async () => {
  const operator = await quickAccount(t, 'operator');
  const doctor = await bookableDoctor(t, { price: 80_000 });
  const own = await quickPatient(t);
  const mine = await book(t, own, {
    appointment_doctorId: doctor.userId,
    appointment_patientId: own.patientId,
    appointment_date: slotAt(2, 10),
  });
  expect((await appointmentRow(t, mine.body.id)).bookedBy).toBeNull();
  for (const paymentType of ['None', 'Other'] as const) {
    const other = await quickPatient(t);
    const made = await book(t, operator, {
      appointment_doctorId: doctor.userId,
      appointment_patientId: other.patientId,
      appointment_date: slotAt(paymentType === 'None' ? 3 : 4, 10),
      appointment_paymentType: paymentType,
    });
    expect(made.body).toMatchObject({ appointment_paymentType: paymentType, appointment_holdExpiresAt: null });
  }
  await advanceAndRun(t, 16 * MINUTE);
  expect((await appointmentRow(t, mine.body.id)).status).toBe('canceled');
  await deliver(t);
  expect(await notificationTexts(t, operator.userId)).toEqual([]);
});
