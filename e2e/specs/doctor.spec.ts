import type { APIRequestContext, Page } from '@playwright/test';
import type { Appointment, Doctor, NotificationList, User } from '@rozmova/contracts';
import type { MailCatcher } from '../../apps/api/src/test/mail.ts';
import { apiLogin, bearer, createUser } from '../support/booking.ts';
import { expect, expectAccessible, test, uniqueEmail } from '../support/fixtures.ts';
import { dialog, logIn, logOut, openAccountMenu } from '../support/ui.ts';

/*
 * The doctor console and the notification list. People and bookings the test only needs to exist are made
 * through the API (the booking steps have their own specs); what the doctor and the patient do, they do in the browser.
 */

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

async function createDoctor(request: APIRequestContext, admin: { email: string; password: string }, name: string) {
  const adminToken = await apiLogin(request, admin.email, admin.password);
  return createUser(request, adminToken, { email: uniqueEmail('doctor'), name, role: 'doctor', password: 'Doctor-Clinic-7731' });
}

/** Sign-up through the API with the e-mail code, in English, as docs/product.md's three steps do. */
async function registerPatient(request: APIRequestContext, mail: MailCatcher, name: string) {
  const email = uniqueEmail('patient');
  const password = 'Kalyna-Sunrise-2025';
  expect((await request.post('/v1/verification-codes/register/send-code', { data: { email } })).status()).toBe(204);
  const code = await mail.codeFor(email);
  const registered = await request.post('/v1/auth/register-patient', { data: { email, code, password, user_name: name, locale: 'en' } });
  expect(registered.status(), await registered.text()).toBe(201);
  const { token } = (await registered.json()) as { token: string };
  const profile = (await (await request.get('/v1/auth/profile', { headers: bearer(token) })).json()) as User;
  return { name, email, password, token, patientId: profile.role_specific_data.patient!.patientId };
}

async function freeSlots(request: APIRequestContext, doctorId: string, duration = 14): Promise<string[]> {
  const response = await request.get(`/v1/doctors/${doctorId}/available-slots`, { params: { duration } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as string[];
}

async function book(request: APIRequestContext, patient: { token: string; patientId: string }, doctorId: string, date: string) {
  const response = await request.post('/v1/appointments', {
    headers: bearer(patient.token),
    data: { appointment_doctorId: doctorId, appointment_patientId: patient.patientId, appointment_date: date },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Appointment;
}

async function expectNoHorizontalScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.scrollingElement!.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `horizontal scrolling on ${page.url()}`).toBeLessThanOrEqual(innerWidth);
}

/** The header of a signed-in person keeps the bell, the account menu and the menu button on the screen. */
async function expectHeaderFits(page: Page) {
  const width = page.viewportSize()!.width;
  for (const name of [/^Notifications, unread: \d+$/, /^Account menu$/, /^Open menu$/]) {
    const box = await page.getByRole('banner').getByRole('button', { name }).boundingBox();
    expect(box, `${name} in the header`).not.toBeNull();
    expect(box!.x + box!.width, `${name} on the screen`).toBeLessThanOrEqual(width);
  }
}

/** A calendar day `days` from now in Kyiv, YYYY-MM-DD. */
function kyivDate(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Kyiv' }).format(new Date(Date.now() + days * 86_400_000));
}

const toast = (page: Page, text: string | RegExp) => page.getByRole('alert').filter({ hasText: 'Notification' }).filter({ hasText: text });

test('a doctor sets its hours, sees a booking arrive live and cancels it; the patient follows it in the notification list', async ({
  page,
  browser,
  request,
  server,
  mail,
  baseURL,
}) => {
  // Runs in about 30 s on an idle machine; the margin is for a loaded one.
  test.setTimeout(300_000);
  const doctor = await createDoctor(request, server.admin, 'Olena Kovalenko');
  const dayOff = kyivDate(3);

  await test.step('the doctor logs in and opens the console from the account menu', async () => {
    await logIn(page, doctor.email, doctor.password, '/doctor');
    await openAccountMenu(page);
    await page.getByRole('menuitem', { name: 'Doctor console', exact: true }).click();
    await expect(page).toHaveURL('/doctor');
    await expect(page.getByRole('heading', { level: 1, name: 'Doctor console', exact: true })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Consultations', exact: true })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText('No consultations today.', { exact: true })).toBeVisible();
    await expect(page.getByText('No upcoming consultations.', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Notifications, unread: 0', exact: true })).toBeVisible();
    await expectAccessible(page);
    // A new doctor is not public: no profile, hours or price yet, and not published.
    expect((await request.get(`/v1/doctors/${doctor.id}/available-slots`)).status()).toBe(404);
  });

  await test.step('sets 10:00–11:00 on every weekday, a day off, a specialisation and a price, and saves', async () => {
    await page.getByRole('tab', { name: 'Schedule and profile', exact: true }).click();
    await expect(page).toHaveURL('/doctor?tab=schedule');
    const monday = page.getByRole('group', { name: 'Monday', exact: true });
    await expect(monday).toContainText('Day off');
    for (const day of WEEKDAYS) {
      const group = page.getByRole('group', { name: day, exact: true });
      await group.getByRole('button', { name: `Add hours on ${day}`, exact: true }).click();
      await group.getByRole('textbox', { name: 'Start', exact: true }).fill('10:00');
      await group.getByRole('textbox', { name: 'End', exact: true }).fill('11:00');
    }
    // A second interval on Monday that ends before it starts is refused next to the field.
    await monday.getByRole('button', { name: 'Add hours on Monday', exact: true }).click();
    await monday.getByRole('textbox', { name: 'Start', exact: true }).nth(1).fill('15:00');
    await monday.getByRole('textbox', { name: 'End', exact: true }).nth(1).fill('14:00');
    await page.getByLabel('Date of the day off', { exact: true }).fill(dayOff);
    await page.getByRole('button', { name: 'Add the day off', exact: true }).click();
    await page.getByRole('checkbox', { name: 'Psychologist', exact: true }).check();
    await page.getByRole('textbox', { name: 'Price, UAH', exact: true }).fill('450.50');
    // The doctor publishes its own profile: patients see it once it is complete.
    await page.getByRole('checkbox', { name: 'Published: patients see this profile and book it', exact: true }).check();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(monday.getByText('The end must be after the start', { exact: true })).toBeVisible();
    await expectAccessible(page);

    await monday.getByRole('button', { name: 'Remove 15:00–14:00 on Monday', exact: true }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('The schedule and profile are saved.', { exact: true })).toBeVisible();
  });

  await test.step('the published profile shows the new hours, and the free slots follow them', async () => {
    const saved = (await (await request.get(`/v1/doctors/${doctor.id}`)).json()) as Doctor;
    expect(saved.weekly_hours).toEqual(WEEKDAYS.map((_, index) => ({ weekday: index + 1, start: '10:00', end: '11:00' })));
    expect(saved.days_off).toEqual([dayOff]);
    expect(saved.specialisations).toEqual(['psychologist']);
    expect(saved.price).toBe(45_050);
    expect(saved.published).toBe(true);
    const slots = await freeSlots(request, doctor.id);
    // One 50-minute consultation fits 10:00–11:00: one slot a day at 10:00 Kyiv time, none on the day off.
    expect(slots.length).toBeGreaterThanOrEqual(12);
    for (const slot of slots) expect(slot).toMatch(/T10:00:00\+0[23]:00$/);
    expect(slots.some((slot) => slot.startsWith(dayOff))).toBe(false);
  });

  const patient = await registerPatient(request, mail, 'Taras Melnyk');
  const patientCard = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: patient.name, exact: true }) });

  await test.step('a patient books the first free slot: the booking and a toast reach the open console without a reload', async () => {
    await page.getByRole('tab', { name: 'Consultations', exact: true }).click();
    await expect(page.getByText('No upcoming consultations.', { exact: true })).toBeVisible();
    const [slot] = await freeSlots(request, doctor.id);
    await book(request, patient, doctor.id, slot!);
    await expect(patientCard).toBeVisible();
    await expect(patientCard).toContainText('Scheduled');
    await expect(patientCard).toContainText(/Doctor's time: .*10:00–10:50 \(Europe\/Kyiv\)/);
    await expect(toast(page, patient.name)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Notifications, unread: 1', exact: true })).toBeVisible();
    await expectAccessible(page);
  });

  const patientContext = await browser.newContext({ baseURL });
  const patientPage = await patientContext.newPage();
  const notifications = dialog(patientPage, 'Notifications');
  const items = notifications.getByRole('list', { name: 'Newest notifications' }).getByRole('listitem');

  await test.step('the patient sees the booking in its notification list', async () => {
    await logIn(patientPage, patient.email, patient.password);
    await patientPage.getByRole('button', { name: 'Notifications, unread: 1', exact: true }).click();
    await expect(items).toHaveCount(1);
    await expect(items.first()).toContainText(`You are booked for an online session with ${doctor.name} on`);
    // A notification opens what it is about: the consultation.
    await expect(items.first().getByRole('link')).toHaveAttribute('href', '/user/appointment-step5');
    await expect(notifications.getByText('Unread: 1', { exact: true })).toBeVisible();
    await expectAccessible(patientPage);
  });

  await test.step('the doctor cancels the booking after confirming', async () => {
    await patientCard.getByRole('button', { name: `Cancel the consultation with ${patient.name}`, exact: true }).click();
    const confirm = dialog(page, 'Cancel the consultation');
    await expect(confirm).toContainText(`The consultation with ${patient.name} will be cancelled.`);
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Cancel the consultation', exact: true }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText(`The consultation with ${patient.name} is cancelled.`, { exact: true })).toBeVisible();
    await expect(patientCard).toHaveCount(0);
    await page.getByRole('switch', { name: 'Show cancelled consultations', exact: true }).check();
    await expect(patientCard).toContainText('Cancelled');
  });

  await test.step('the cancellation reaches the open list live, with a toast at the top', async () => {
    await expect(items).toHaveCount(2);
    await expect(items.first()).toContainText('The consultation has been cancelled');
    await expect(notifications.getByText('Unread: 2', { exact: true })).toBeVisible();
    const cancelled = toast(patientPage, 'The consultation has been cancelled');
    await expect(cancelled).toBeVisible();
    // docs/product.md §2: realtime toasts appear at the top.
    const box = await cancelled.boundingBox();
    expect(box!.y).toBeLessThan(200);
  });

  await test.step('the patient marks all as read, removes one and clears the list; the server keeps each change', async () => {
    await notifications.getByRole('button', { name: 'Mark all as read', exact: true }).click();
    await expect(notifications.getByText('Unread: 0', { exact: true })).toBeVisible();
    await notifications
      .getByRole('button', { name: /^Remove the notification of / })
      .first()
      .click();
    await expect(items).toHaveCount(1);
    await expect(items.first()).toContainText('You are booked for an online session');

    const stored = (await (
      await request.get(`/v1/notifications/user/${await userIdOf(request, patient.token)}`, { headers: bearer(patient.token) })
    ).json()) as NotificationList;
    expect(stored.notifications.map((item) => [item.notification_kind, item.notification_is_read])).toEqual([
      ['appointment-created', true],
    ]);

    await patientPage.reload();
    await patientPage.getByRole('button', { name: 'Notifications, unread: 0', exact: true }).click();
    await expect(items).toHaveCount(1);
    await notifications.getByRole('button', { name: 'Clear all', exact: true }).click();
    await expect(notifications.getByText('You have no notifications.', { exact: true })).toBeVisible();
    await expectAccessible(patientPage);
    await patientPage.reload();
    await patientPage.getByRole('button', { name: 'Notifications, unread: 0', exact: true }).click();
    await expect(notifications.getByText('You have no notifications.', { exact: true })).toBeVisible();
  });

  await test.step('on a 360 px phone the list and the console fit the screen', async () => {
    await patientPage.setViewportSize({ width: 360, height: 740 });
    await expectNoHorizontalScroll(patientPage);
    await expectHeaderFits(patientPage);
    await expectAccessible(patientPage);
    await page.setViewportSize({ width: 360, height: 740 });
    await expectNoHorizontalScroll(page);
    await expectHeaderFits(page);
    await page.getByRole('tab', { name: 'Schedule and profile', exact: true }).click();
    await expect(page.getByRole('group', { name: 'Sunday', exact: true })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
  });

  await test.step('logging out closes the connection quietly; a session ended elsewhere is reported at once', async () => {
    const ended = 'Your session has ended, please log in again';
    await patientPage.keyboard.press('Escape');
    await expect(notifications).toBeHidden();
    await logOut(patientPage);
    const adminToken = await apiLogin(request, server.admin.email, server.admin.password);
    const deactivated = await request.patch(`/v1/admin/users/${doctor.id}`, { headers: bearer(adminToken), data: { is_active: false } });
    expect(deactivated.status(), await deactivated.text()).toBe(200);
    await expect(page.getByText(ended, { exact: true })).toBeVisible();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
    // By now a toast of the patient's own logout would have shown too.
    await expect(patientPage.getByText(ended, { exact: true })).toHaveCount(0);
  });
  await patientContext.close();
});

async function userIdOf(request: APIRequestContext, token: string): Promise<string> {
  return ((await (await request.get('/v1/auth/profile', { headers: bearer(token) })).json()) as User).id;
}

/** The date and HH:mm of an instant in a time zone. */
function wallClock(at: Date, timeZone: string): { date: string; time: string } {
  const date = new Intl.DateTimeFormat('en-CA', { timeZone }).format(at);
  const time = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
  return { date, time };
}

test('the doctor joins a consultation before its start and completes it with a note once it has started', async ({
  page,
  request,
  server,
  mail,
}) => {
  test.setTimeout(240_000);
  const doctor = await createDoctor(request, server.admin, 'Iryna Bondar');
  const doctorToken = await apiLogin(request, doctor.email, doctor.password);
  const patient = await registerPatient(request, mail, 'Andrii Shevchenko');

  // Extra hours from the next whole minute (at least 20 s away, so the booking is still ahead of it): the join button
  // is open at once (10 minutes before), and completing waits for the start, which the page shows without a reload.
  const startsAt = new Date(Math.ceil((Date.now() + 20_000) / 60_000) * 60_000);
  const endsAt = new Date(startsAt.getTime() + 30 * 60_000);
  // Extra hours cannot run past midnight: near midnight in Kyiv the doctor works in Tokyo, seven hours ahead.
  const timeZone = wallClock(startsAt, 'Europe/Kyiv').date === wallClock(endsAt, 'Europe/Kyiv').date ? 'Europe/Kyiv' : 'Asia/Tokyo';
  const start = wallClock(startsAt, timeZone);
  const end = wallClock(endsAt, timeZone);
  const configured = await request.put(`/v1/doctors/${doctor.id}`, {
    headers: bearer(doctorToken),
    data: {
      specialisations: ['psychotherapist'],
      price: 0,
      published: true,
      consultation_minutes: 15,
      buffer_minutes: 0,
      min_notice_minutes: 0,
      time_zone: timeZone,
      extra_hours: [{ date: start.date, start: start.time, end: end.time }],
    },
  });
  expect(configured.status(), await configured.text()).toBe(200);
  const [slot] = await freeSlots(request, doctor.id, 2);
  expect(slot).toContain(`T${start.time}:00`);
  const appointment = await book(request, patient, doctor.id, slot!);

  await logIn(page, doctor.email, doctor.password, '/doctor');
  await page.goto('/doctor');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: patient.name, exact: true }) });
  const completeButton = card.getByRole('button', { name: `Complete the consultation with ${patient.name}`, exact: true });
  await expect(page.getByRole('region', { name: 'Today', exact: true }).getByRole('listitem')).toHaveCount(1);
  if (Date.now() < startsAt.getTime() - 2_000) await expect(completeButton).toHaveCount(0);
  await card.getByRole('button', { name: `Join the consultation with ${patient.name}`, exact: true }).click();
  await expect(page).toHaveURL(`/meet/${appointment.appointment_roomId}`);

  await page.goto('/doctor');
  await expect(card).toContainText('In progress');
  await expect(completeButton).toBeVisible({ timeout: 90_000 });
  await completeButton.click();
  const complete = dialog(page, 'Complete the consultation');
  await complete.getByRole('button', { name: 'Complete', exact: true }).click();
  await expect(complete.getByText('Write a note', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await complete.getByRole('textbox', { name: 'Note', exact: true }).fill('Talked about sleep; a follow-up in two weeks.');
  await complete.getByRole('textbox', { name: 'Advice for the patient (optional)' }).fill('Go to bed at the same time every night.');
  await complete.getByRole('button', { name: 'Complete', exact: true }).click();
  await expect(complete).toBeHidden();
  await expect(page.getByText(`The consultation with ${patient.name} is completed.`, { exact: true })).toBeVisible();
  await expect(card).toContainText('Completed');
  await expect(card).toContainText('Note: Talked about sleep; a follow-up in two weeks.');
  await expect(card.getByRole('button')).toHaveCount(0);

  // The note is for the record; the patient reads the advice.
  const read = async (token: string) =>
    (await (await request.get(`/v1/appointments/${appointment.id}`, { headers: bearer(token) })).json()) as Appointment;
  const seenByPatient = await read(patient.token);
  expect(seenByPatient.appointment_status).toBe('completed');
  expect(seenByPatient.appointment_note).toBeNull();
  expect(seenByPatient.appointment_advice).toBe('Go to bed at the same time every night.');
  expect((await read(doctorToken)).appointment_note).toBe('Talked about sleep; a follow-up in two weeks.');
});

test('an admin opens the console of any doctor from the doctor picker', async ({ page, request, server }) => {
  const doctor = await createDoctor(request, server.admin, 'Mykola Hrytsenko');
  const doctorToken = await apiLogin(request, doctor.email, doctor.password);
  const configured = await request.put(`/v1/doctors/${doctor.id}`, {
    headers: bearer(doctorToken),
    data: { specialisations: ['neurologist'], price: 0, weekly_hours: [{ weekday: 3, start: '08:00', end: '12:30' }] },
  });
  expect(configured.status(), await configured.text()).toBe(200);

  await logIn(page, server.admin.email, server.admin.password, '/admin');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Doctor console', exact: true }).click();
  await expect(page).toHaveURL('/doctor');
  await expect(page.getByText('Choose a doctor to see their consultations and schedule.', { exact: true })).toBeVisible();
  await page.getByRole('combobox', { name: 'Doctor', exact: true }).selectOption({ label: doctor.name });
  await expect(page).toHaveURL(`/doctor?doctorId=${doctor.id}`);
  await expect(page.getByText('No upcoming consultations.', { exact: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Schedule and profile', exact: true }).click();
  const wednesday = page.getByRole('group', { name: 'Wednesday', exact: true });
  await expect(wednesday.getByRole('textbox', { name: 'End', exact: true })).toHaveValue('12:30');
  await expect(page.getByRole('checkbox', { name: 'Neurologist', exact: true })).toBeChecked();
  await expectAccessible(page);

  await wednesday.getByRole('textbox', { name: 'End', exact: true }).fill('13:00');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('The schedule and profile are saved.', { exact: true })).toBeVisible();
  // Not published, so only the doctor itself and staff read the profile.
  const saved = (await (await request.get(`/v1/doctors/${doctor.id}`, { headers: bearer(doctorToken) })).json()) as Doctor;
  expect(saved.weekly_hours).toEqual([{ weekday: 3, start: '08:00', end: '13:00' }]);
});
