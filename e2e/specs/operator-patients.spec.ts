import type { Locator, Page } from '@playwright/test';
import { apiLogin, createDoctor, createUser, expectNoSidewaysScroll, signInBrowser } from '../support/booking.ts';
import { expect, expectAccessible, test, uniqueEmail, watchContentSecurityPolicy } from '../support/fixtures.ts';
import { dialog } from '../support/ui.ts';

/*
 * An operator's patients (issue: staff consoles): the operator finds a patient by e-mail and by name, opens the
 * patient's page (profile and card), books an urgent consultation a few minutes from now with a doctor, which the
 * patient sees in the cabinet, and cancels it; books a usual one from the doctor's free times and moves it (a patient
 * has one upcoming consultation at a time, so a second booking would move the first).
 * axe checks the search and the patient page in English and Ukrainian, light and dark, and both fit 360 px.
 */

const appointmentRows = (page: Page) => page.getByTestId('operator-appointment');

/** The browser's own `datetime-local` value `minutes` from now. */
const minutesFromNow = (page: Page, minutes: number) =>
  page.evaluate((ahead) => {
    const at = new Date(Date.now() + ahead * 60_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
  }, minutes);

/** Chooses the `index`-th free time of the picker (its label: the radio itself is hidden under the chip). */
async function pickTime(scope: Locator, index: number) {
  const time = scope
    .getByRole('radiogroup', { name: /^Free times on / })
    .getByRole('radio')
    .nth(index);
  await expect(time).toBeAttached();
  await scope.locator(`label[for="${await time.getAttribute('id')}"]`).click();
  await expect(time).toBeChecked();
}

/**
 * Chooses a free time on another day than the one the picker opens on (late in the evening that day may have a single
 * free time left, the one already booked): another day of the month with free times, else the next month's first.
 */
async function pickTimeOnAnotherDay(scope: Locator) {
  await expect(scope.getByRole('radiogroup', { name: /^Free times on / })).toBeVisible();
  const otherDays = scope.locator('[aria-pressed="false"]');
  if ((await otherDays.count()) > 0) await otherDays.first().click();
  else await scope.getByRole('button', { name: 'Next month', exact: true }).click();
  await pickTime(scope, 0);
}

async function chooseDoctor(page: Page, scope: Locator, name: string) {
  await scope.getByRole('combobox', { name: 'Specialist' }).click();
  await page.getByRole('option', { name: new RegExp(`^${name}`) }).click();
}

test('an operator finds a patient, books an urgent consultation and cancels it, books a usual one and moves it', async ({
  browser,
  request,
  server,
  baseURL,
  page,
  context,
}) => {
  test.setTimeout(150_000);
  const adminToken = await apiLogin(request, server.admin.email, server.admin.password);
  const operator = await createUser(request, adminToken, { email: uniqueEmail('op-patients'), name: 'Iryna Operator', role: 'operator' });
  const patient = await createUser(request, adminToken, { email: uniqueEmail('op-patient'), name: 'Marta Hrytsenko', role: 'patient' });
  const doctor = await createDoctor(request, adminToken, { email: uniqueEmail('op-doctor'), name: 'Taras Melnyk', price: 80_000 });
  await signInBrowser(context, server, await apiLogin(request, operator.email, operator.password));
  await page.clock.install();

  await test.step('the console navigation leads from the inbox to patient search; the patient is found by e-mail', async () => {
    await page.goto('/operator');
    const nav = page.getByRole('navigation', { name: 'Operator console' });
    await expect(nav.getByRole('link', { name: 'Chats' })).toHaveAttribute('aria-current', 'page');
    await nav.getByRole('link', { name: 'Patients', exact: true }).click();
    await expect(page).toHaveURL('/operator/patients');
    await expect(page.getByRole('heading', { level: 1, name: 'Patients' })).toBeVisible();
    await expect(page).toHaveTitle(/^Patients · Rozmova/);
    const search = page.getByRole('searchbox', { name: 'E-mail, phone or name' });
    await search.fill(patient.email);
    await expect(page.getByText('Patients found: 1', { exact: true })).toBeVisible();
    await expect(page.getByText('No consultations yet', { exact: true })).toBeVisible();
    await expectAccessible(page);
  });

  await test.step('by name too; Enter opens the only result: the profile and the card', async () => {
    const search = page.getByRole('searchbox', { name: 'E-mail, phone or name' });
    await search.fill('marta hryts');
    await expect(page.getByRole('link', { name: patient.name, exact: true })).toBeVisible();
    await search.press('Enter');
    await expect(page).toHaveURL(/\/operator\/patients\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: patient.name })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Self-check', exact: true })).toBeVisible();
    await expect(page.getByText('No self-check taken yet.', { exact: true })).toBeVisible();
    await expect(page.getByText(patient.email, { exact: true })).toBeVisible();
    await expect(page.getByText('No upcoming consultations.', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Open the chat' })).toHaveAttribute('href', /\/operator\?patient=/);
    await expectAccessible(page);
  });

  await test.step('an urgent consultation for now, sent two minutes after the dialog opened; the patient sees it in the cabinet', async () => {
    await page.getByRole('button', { name: 'Urgent consultation' }).click();
    const urgent = dialog(page, 'Urgent consultation');
    await expect(urgent.getByRole('radio', { name: 'Now', exact: true })).toBeChecked();
    await urgent.getByRole('radio', { name: 'At a later time', exact: true }).check();
    await urgent.getByLabel('Start time').fill(await minutesFromNow(page, -1));
    await urgent.getByRole('button', { name: 'Book the urgent consultation' }).click();
    await expect(urgent.getByText('Choose the current minute or a later one')).toBeVisible();
    await urgent.getByRole('radio', { name: 'Now', exact: true }).check();
    await chooseDoctor(page, urgent, doctor.name);
    await expectAccessible(page);
    // The operator takes a while: "now" is when the booking is sent.
    await page.clock.fastForward('02:00');
    await urgent.getByRole('button', { name: 'Book the urgent consultation' }).click();
    await expect(urgent).toBeHidden();
    await expect(appointmentRows(page).filter({ hasText: 'Urgent' })).toContainText(doctor.name);

    const patientContext = await browser.newContext({ baseURL });
    const checkCsp = watchContentSecurityPolicy(patientContext);
    await signInBrowser(patientContext, server, await apiLogin(request, patient.email, patient.password));
    const patientPage = await patientContext.newPage();
    await patientPage.goto('/user');
    await expect(patientPage.getByText(new RegExp(`Your consultation with ${doctor.name}`))).toBeVisible();
    checkCsp();
    await patientContext.close();
  });

  await test.step('the urgent one is cancelled: it moves to the past ones', async () => {
    const urgentRow = appointmentRows(page).filter({ hasText: 'Urgent' });
    await urgentRow.getByRole('button', { name: /^Cancel the consultation of / }).click();
    const cancel = dialog(page, 'Cancel the consultation');
    await cancel.getByRole('button', { name: 'Cancel the consultation' }).click();
    await expect(cancel).toBeHidden();
    await expect(urgentRow).toContainText('Cancelled');
    await expect(urgentRow.getByRole('button')).toHaveCount(0);
  });

  await test.step('a usual booking from the free times, then moved to another time', async () => {
    await page.getByRole('button', { name: 'Book a consultation' }).click();
    const book = dialog(page, 'Book a consultation for the patient');
    await chooseDoctor(page, book, doctor.name);
    // "As usual" says what it comes to for this patient: no free consultations, so a payment link.
    await expect(book.getByLabel('Payment', { exact: true })).toHaveValue(/^The patient pays .*800.* by a link we e-mail$/);
    await expect(book).toContainText('The time is held for a day');
    await pickTime(book, 0);
    await book.getByLabel('Reason for the visit (optional)').fill('Trouble sleeping for a month.');
    await book.getByRole('button', { name: 'Book', exact: true }).click();
    await expect(book).toBeHidden();
    await expect(appointmentRows(page)).toHaveCount(2);
    await expect(page.getByText('No upcoming consultations.', { exact: true })).toBeHidden();

    const usual = appointmentRows(page).filter({ hasNotText: 'Urgent' });
    const before = await usual.locator('p').first().textContent();
    await usual.getByRole('button', { name: /^Reschedule the consultation of / }).click();
    const move = dialog(page, 'Reschedule the consultation');
    await pickTimeOnAnotherDay(move);
    await move.getByRole('button', { name: 'Reschedule', exact: true }).click();
    await expect(move).toBeHidden();
    await expect(page.getByText(/^The consultation is moved to /)).toBeVisible();
    await expect(appointmentRows(page).filter({ hasNotText: 'Urgent' }).locator('p').first()).not.toHaveText(before ?? '');

    // The patient finds the payment waiting in the cabinet, with until when the time is held.
    const patientContext = await browser.newContext({ baseURL });
    await signInBrowser(patientContext, server, await apiLogin(request, patient.email, patient.password));
    const patientPage = await patientContext.newPage();
    await patientPage.goto('/user');
    await expect(patientPage.getByText(/Pay by .+ to keep it; otherwise the time is released\./)).toBeVisible();
    await expect(patientPage.getByRole('link', { name: /^Pay .*800/ })).toHaveAttribute('href', '/user/appointment-step5');
    await expectAccessible(patientPage);
    await patientContext.close();
  });

  await test.step('Ukrainian, dark, 360 px: search and the patient page fit and pass axe', async () => {
    // Signed in, the header's choice is saved to the profile, which wins over what the browser keeps.
    const saved = page.waitForResponse((response) => response.url().endsWith('/v1/auth/profile') && response.request().method() === 'PUT');
    await page.getByRole('combobox', { name: 'Language', exact: true }).selectOption('uk');
    expect((await saved).status()).toBe(200);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`/operator/patients?q=${encodeURIComponent(patient.email)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Пацієнти' })).toBeVisible();
    await expect(page.getByText('Знайдено пацієнтів: 1', { exact: true })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await page.getByRole('link', { name: patient.name, exact: true }).click();
    await expect(page.getByRole('button', { name: 'Термінова консультація' })).toBeVisible();
    await expect(appointmentRows(page)).toHaveCount(2);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Записати на консультацію' }).click();
    // The patient has an upcoming consultation: booking again moves it, and the dialog says so.
    await expect(dialog(page, 'Запис пацієнта на консультацію').getByRole('status')).toContainText('У пацієнта вже є консультація');
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await page.getByRole('navigation', { name: 'Консоль оператора' }).getByRole('link', { name: 'Звернення до підтримки' }).click();
    await expect(page).toHaveURL('/operator/requests');
    await expect(page.getByRole('link', { name: 'Звернення до підтримки' })).toHaveAttribute('aria-current', 'page');
  });
});
