import type { APIRequestContext, Page } from '@playwright/test';
import type { Appointment, User } from '@rozmova/contracts';
import type { AppServer } from '../support/app-server.ts';
import { expect, expectAccessible, test, uniqueEmail } from '../support/fixtures.ts';
import { apiLogin, createDoctor, createUser, expectNoSidewaysScroll, profileOf, signInBrowser } from '../support/booking.ts';
import { chooseLanguage, dialog } from '../support/ui.ts';

/**
 * A new patient's booking: step 5 while the payment is open, the countdown, one time-zone name, the realtime toast
 * beside the header, the phone in step 3, and what the landing page says after the account is removed.
 */

// Chromium (its ICU) still reports Kyiv by the old name: the app must show the current one.
test.use({ timezoneId: 'Europe/Kiev' });

const DOCTOR = 'Nadiia Bondarenko';
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

let seeded: Promise<{ adminToken: string; doctorId: string }> | undefined;

function seed(request: APIRequestContext, server: AppServer) {
  seeded ??= (async () => {
    const adminToken = await apiLogin(request, server.admin.email, server.admin.password);
    const doctor = await createDoctor(request, adminToken, {
      email: uniqueEmail('doctor'),
      name: DOCTOR,
      specialisations: ['psychologist'],
      price: 80_000,
      consultation_minutes: 50,
      buffer_minutes: 10,
    });
    return { adminToken, doctorId: doctor.id };
  })();
  return seeded;
}

async function newPatient(request: APIRequestContext, adminToken: string, name: string) {
  const patient = await createUser(request, adminToken, { email: uniqueEmail('patient'), name, role: 'patient' });
  const token = await apiLogin(request, patient.email, patient.password);
  return { ...patient, token, profile: await profileOf(request, token) };
}

async function bookFirstFree(request: APIRequestContext, doctorId: string, patient: { token: string; profile: User }, index = 0) {
  const slots = (await (await request.get(`/v1/doctors/${doctorId}/available-slots`, { params: { duration: 14 } })).json()) as string[];
  const response = await request.post('/v1/appointments', {
    headers: bearer(patient.token),
    data: {
      appointment_doctorId: doctorId,
      appointment_patientId: patient.profile.role_specific_data.patient!.patientId,
      appointment_date: slots[index],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Appointment;
}

const stepHeading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });
const summaryValue = (page: Page, row: string) => page.getByRole('row', { name: new RegExp(`^${row}`) }).getByRole('cell');

test('step 5 says the payment is awaited, counts down in minutes and seconds, and names Europe/Kyiv', async ({
  page,
  context,
  request,
  server,
}) => {
  const { adminToken, doctorId } = await seed(request, server);
  const patient = await newPatient(request, adminToken, 'Iryna Tkachenko');
  const appointment = await bookFirstFree(request, doctorId, patient);
  expect(appointment.appointment_paymentStatus).toBe('pending');
  await signInBrowser(context, server, patient.token);
  // The browser's clock 14 min 30 s before the start.
  await page.clock.setFixedTime(Date.parse(appointment.appointment_date) - (14 * 60 + 30) * 1000);

  await page.goto('/user/appointment-step5');
  await expect(stepHeading(page, 'Your consultation awaits payment')).toBeVisible();
  await expect(page.getByRole('main')).not.toContainText('Your consultation is booked');
  await expect(page.getByRole('region', { name: 'Session', exact: true })).toContainText('Starts in 14 min 30 s');
  await expect(summaryValue(page, 'Date and time')).toContainText('(Europe/Kyiv');
  await expect(page.getByRole('main')).not.toContainText('Kiev');
  await expectAccessible(page);

  await chooseLanguage(page, 'uk');
  await page.reload();
  await expect(stepHeading(page, 'Ваша консультація очікує на оплату')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Сеанс', exact: true })).toContainText('Почнеться через 14 хв 30 с');
  await expect(page.getByRole('main')).not.toContainText('Kiev');
  await expectAccessible(page);
});

test('the time picker and the doctor console name the zone Europe/Kyiv', async ({ page, context, request, server }) => {
  const { adminToken, doctorId } = await seed(request, server);
  const patient = await newPatient(request, adminToken, 'Petro Savchenko');
  await signInBrowser(context, server, patient.token);
  await page.goto('/user/appointment-step1');
  await page.getByRole('button', { name: `Choose ${DOCTOR}` }).click();
  await expect(page.getByText(/^Times are shown in your time zone: Europe\/Kyiv, GMT\+\d\.$/)).toBeVisible();
  await expect(page.getByRole('main')).not.toContainText('Kiev');
  void doctorId;
});

test('the realtime toast stays clear of the header’s bell and menu, on a desktop and at 360 px', async ({
  page,
  context,
  request,
  server,
}) => {
  const { adminToken } = await seed(request, server);
  const patient = await newPatient(request, adminToken, 'Olha Marchenko');
  await signInBrowser(context, server, patient.token);

  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 740 });
    await page.goto('/user');
    const account = page.getByRole('button', { name: 'Account menu', exact: true });
    await expect(account).toBeVisible();
    const message = `Test notice at ${width} px`;
    const toast = page.getByRole('alert').filter({ hasText: message });
    // The socket connects after the page: send until the toast arrives.
    await expect(async () => {
      const sent = await request.post('/v1/notifications', {
        headers: bearer(adminToken),
        data: { notification_message: message, users_user_id: patient.id },
      });
      expect(sent.status()).toBe(201);
      await expect(toast.first()).toBeVisible({ timeout: 2000 });
    }).toPass({ timeout: 20_000 });

    const header = (await page.getByRole('banner').boundingBox())!;
    // The toast slides in from above: where it comes to rest is what counts.
    await expect
      .poll(async () => (await toast.first().boundingBox())?.y ?? 0, { message: `the toast rests below the header at ${width} px` })
      .toBeGreaterThanOrEqual(header.y + header.height);
    // The controls under the toast's row are still what a click reaches.
    for (const control of [account, page.getByRole('button', { name: /^Notifications/ })]) {
      const reached = await control.evaluate((element) => {
        const rect = element.getBoundingClientRect();
        const hit = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
        return hit !== null && element.contains(hit);
      });
      expect(reached, `a header control is not covered at ${width} px`).toBe(true);
    }
    await expectNoSidewaysScroll(page);
  }
});

test('step 3 marks the phone as required, explains an empty one, and saves the first phone to the profile', async ({
  page,
  context,
  request,
  server,
}) => {
  const { adminToken } = await seed(request, server);
  const patient = await newPatient(request, adminToken, 'Marko Hnatiuk');
  expect(patient.profile.phone).toBeNull();
  await signInBrowser(context, server, patient.token);
  await page.setViewportSize({ width: 360, height: 740 });

  await page.goto('/user/appointment-step1');
  await page.getByRole('button', { name: `Choose ${DOCTOR}` }).click();
  const time = page
    .getByRole('radiogroup', { name: /^Free times on / })
    .getByRole('radio')
    .first();
  await expect(time).toBeAttached();
  await page.locator(`label[for="${await time.getAttribute('id')}"]`).click();
  await page.getByRole('button', { name: 'Next', exact: true }).click();

  await expect(stepHeading(page, 'Tell us about your visit')).toBeVisible();
  const phone = page.getByRole('textbox', { name: 'Phone', exact: true });
  await expect(phone).toHaveAttribute('required', '');
  await expect(phone).toHaveAccessibleDescription(/^Required: we call this number only if the video connection fails\./);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Enter a phone number: we call it only if the video connection fails.', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);

  await phone.fill('+380 67 111 22 33');
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page).toHaveURL('/user/appointment-step4');
  await expect.poll(async () => (await profileOf(request, patient.token)).phone).toBe('+380671112233');

  // An existing phone is not replaced from the booking: this consultation gets the other number only.
  await page.goto('/user/appointment-step3');
  await phone.fill('+380931234567');
  await expect(phone).toHaveAccessibleDescription(/your profile keeps its phone/);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page).toHaveURL('/user/appointment-step4');
  expect((await profileOf(request, patient.token)).phone).toBe('+380671112233');

  // In Ukrainian too.
  await chooseLanguage(page, 'uk');
  await page.goto('/user/appointment-step3');
  await expect(page.getByRole('textbox', { name: 'Телефон', exact: true })).toHaveAccessibleDescription(/^Обов’язково:/);
});

test('the landing booking form promises no silent use of an existing account (en and uk)', async ({ page, request, server }) => {
  await seed(request, server);
  for (const language of ['en', 'uk'] as const) {
    await page.addInitScript((value) => localStorage.setItem('rozmova-language', value), language);
    await page.goto('/our-specialists');
    await page
      .getByRole('button', { name: language === 'en' ? `Book ${DOCTOR}` : new RegExp(DOCTOR) })
      .first()
      .click();
    const book = page.getByRole('dialog');
    const time = book.getByRole('radiogroup').getByRole('radio').first();
    await expect(time).toBeAttached();
    await book.locator(`label[for="${await time.getAttribute('id')}"]`).click();
    await book.getByRole('button', { name: language === 'en' ? 'Continue' : 'Продовжити', exact: true }).click();
    await expect(book.getByRole('textbox', { name: language === 'en' ? 'Phone' : 'Телефон', exact: true })).toBeVisible();
    await expect(book).not.toContainText(/existing account|use your account|існуючий обліковий запис|використаємо/i);
    await page.keyboard.press('Escape');
  }
});

test('after removing the account the landing page says so, and that the paid consultation is refunded', async ({
  page,
  context,
  request,
  server,
}) => {
  const { adminToken, doctorId } = await seed(request, server);
  const patient = await newPatient(request, adminToken, 'Sofiia Kravets');
  // A paid consultation more than 24 hours ahead: removal cancels it with a refund (the patient's own cancellation rule).
  const slots = (await (await request.get(`/v1/doctors/${doctorId}/available-slots`, { params: { duration: 14 } })).json()) as string[];
  const later = slots.findIndex((slot) => Date.parse(slot) - Date.now() > 48 * 3_600_000);
  await bookFirstFree(request, doctorId, patient, later);
  await signInBrowser(context, server, patient.token);
  await page.goto('/user/appointment-step5');
  await page.getByRole('button', { name: /^Pay UAH\s800$/ }).click();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Payment received' })).toBeVisible();

  await page.goto('/user?tab=profile');
  await page.getByRole('button', { name: 'Delete account', exact: true }).click();
  const remove = dialog(page, 'Delete account');
  await remove.getByLabel('Password', { exact: true }).fill(patient.password);
  await remove.getByRole('button', { name: 'Continue', exact: true }).click();
  await remove.getByRole('button', { name: 'Delete my account', exact: true }).click();

  await expect(page).toHaveURL('/');
  const notice = page.getByRole('status').filter({ hasText: 'Your account has been deleted' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('Your paid consultation has been cancelled and its payment will be returned to your card.');
  await expectAccessible(page);
  await notice.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(notice).toHaveCount(0);
});

test('after removing an account without a consultation, the notice is in Ukrainian at 360 px', async ({
  page,
  context,
  request,
  server,
}) => {
  const { adminToken } = await seed(request, server);
  const patient = await newPatient(request, adminToken, 'Василь Остапенко');
  await signInBrowser(context, server, patient.token);
  await page.goto('/');
  await chooseLanguage(page, 'uk');
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/user?tab=profile');
  await page.getByRole('button', { name: 'Видалити обліковий запис', exact: true }).click();
  const remove = page.getByRole('dialog');
  await remove.getByLabel('Пароль', { exact: true }).fill(patient.password);
  await remove.getByRole('button', { name: 'Продовжити', exact: true }).click();
  await remove.getByRole('button', { name: /^Видалити мій обліковий запис$/ }).click();

  await expect(page).toHaveURL('/');
  const notice = page.getByRole('status').filter({ hasText: 'Ваш обліковий запис видалено' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('Ви вийшли з нього на всіх пристроях');
  await expect(notice).not.toContainText('консультацію');
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
});
