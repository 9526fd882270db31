import { readFile } from 'node:fs/promises';
import type { Browser, Page } from '@playwright/test';
import { bookUrgent } from '../support/meeting.ts';
import {
  apiLogin,
  bearer,
  bookFirstSlot,
  createDoctor,
  createUser,
  expectNoSidewaysScroll,
  ok,
  profileOf,
  setFreeConsultations,
  signInBrowser,
  startCheckout,
} from '../support/booking.ts';
import { expect, expectAccessible, test, uniqueEmail } from '../support/fixtures.ts';
import { dialog } from '../support/ui.ts';
import type { AppServer } from '../support/app-server.ts';

/*
 * The admin console: a patient pays a consultation on the sandbox provider and an admin finds the payment and refunds
 * it with a reason; a patient's review of a completed consultation is published, then hidden with a reason; the audit
 * log is filtered and exported as CSV. Every new page is checked with axe at 360 px, in English and Ukrainian.
 */

/** A signed-in page at 360 px in `language` (saved to the profile too, as the header's choice would be). */
async function adminPage(browser: Browser, server: AppServer, token: string, language: 'en' | 'uk') {
  const context = await browser.newContext({ baseURL: server.baseURL, viewport: { width: 360, height: 740 } });
  await context.addInitScript((value) => localStorage.setItem('rozmova-language', value), language);
  await signInBrowser(context, server, token);
  expect((await context.request.put('/v1/auth/profile', { headers: bearer(token), data: { locale: language } })).ok()).toBe(true);
  return { context, page: await context.newPage() };
}

async function checkPage(page: Page, heading: string) {
  await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
}

test('an admin refunds a paid consultation, moderates a review and exports the audit log', async ({ browser, request, server }) => {
  test.setTimeout(180_000);
  const suffix = Date.now().toString(36);
  const adminToken = await apiLogin(request, server.admin.email, server.admin.password);
  const operator = await createUser(request, adminToken, {
    email: uniqueEmail('console-operator'),
    name: 'Marta Operator',
    role: 'operator',
  });
  const operatorToken = await apiLogin(request, operator.email, operator.password);
  const paidDoctor = await createDoctor(request, adminToken, {
    email: uniqueEmail('console-paid'),
    name: `Taras Paid ${suffix}`,
    price: 90_000,
  });
  const freeDoctor = await createDoctor(request, adminToken, { email: uniqueEmail('console-free'), name: `Iryna Free ${suffix}` });
  const freeDoctorToken = await apiLogin(request, freeDoctor.email, freeDoctor.password);
  const patientName = `Olena Console ${suffix}`;
  const patient = await createUser(request, adminToken, { email: uniqueEmail('console-patient'), name: patientName, role: 'patient' });
  const patientToken = await apiLogin(request, patient.email, patient.password);
  const { patientId, patient_cardId: cardId } = (await profileOf(request, patientToken)).role_specific_data.patient!;
  await setFreeConsultations(request, adminToken, cardId, 0);

  const comment = `Warm and attentive ${suffix}`;
  await test.step('seed: a completed consultation and its review', async () => {
    const urgent = await bookUrgent(request, operatorToken, freeDoctor.id, patientId);
    await ok(
      await request.put(`/v1/appointments/${urgent.id}`, {
        headers: bearer(freeDoctorToken),
        data: { appointment_status: 'completed', appointment_note: 'Talked.' },
      }),
      'complete',
    );
    await ok(
      await request.post('/v1/feedback', {
        headers: bearer(patientToken),
        data: { type: 'doctor', feedback_rating: 4, feedback_comment: comment, appointment_id: urgent.id },
      }),
      'review',
    );
  });

  await test.step('the patient pays a consultation on the sandbox page', async () => {
    const booked = await bookFirstSlot(request, patientToken, paidDoctor.id, patientId);
    const checkout = await startCheckout(request, patientToken, booked.id);
    const { context, page } = await adminPage(browser, server, patientToken, 'en');
    await page.goto(checkout.checkout.url);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(page).toHaveURL(/\/user\/payment-success/);
    await context.close();
  });

  const { context, page } = await adminPage(browser, server, adminToken, 'en');
  const reason = 'The doctor fell ill; the patient asked for the money back.';

  await test.step('payments: filtered by doctor and status, refunded with a reason, history of the provider', async () => {
    await page.goto('/admin');
    const nav = page.getByRole('navigation', { name: 'Admin sections', exact: true });
    await nav.getByRole('link', { name: 'Payments', exact: true }).click();
    await checkPage(page, 'Payments');
    await page.getByRole('combobox', { name: 'Doctor', exact: true }).selectOption({ label: paidDoctor.name });
    await page.getByRole('combobox', { name: 'Status', exact: true }).selectOption({ label: 'Paid' });
    const row = page.getByRole('row').filter({ hasText: patientName });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Paid');
    await expect(row).toContainText('900');
    await row.getByRole('button', { name: `Refund the payment of ${patientName}`, exact: true }).click();
    const refund = dialog(page, 'Refund the payment');
    await expect(refund).toContainText(patientName);
    await expectAccessible(page);
    await refund.getByRole('textbox', { name: 'Reason', exact: true }).fill(reason);
    await refund.getByRole('button', { name: 'Refund', exact: true }).click();
    await expect(refund).toBeHidden();
    await expect(page.getByText('The refund has been sent to the provider.', { exact: true })).toBeVisible();
    await page.getByRole('combobox', { name: 'Status', exact: true }).selectOption({ label: 'Refunded' });
    await expect(row).toContainText('Refunded');
    await row.getByRole('button', { name: `Payment history of ${patientName}`, exact: true }).click();
    const history = page.getByRole('dialog');
    await expect(history.getByRole('listitem')).toContainText(['Sandbox reported “Paid”']);
    await expect(history).toContainText(`Reason: ${reason}`);
    await expectAccessible(page);
    await page.keyboard.press('Escape');
  });

  await test.step('reviews: the new review is published, then hidden with a reason', async () => {
    await page.getByRole('navigation', { name: 'Admin sections', exact: true }).getByRole('link', { name: 'Reviews', exact: true }).click();
    await checkPage(page, 'Review moderation');
    const card = page.getByRole('article', { name: `Review by ${patientName}`, exact: true });
    await expect(card).toContainText(comment);
    await expect(card).toContainText('New');
    await card.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(page.getByText('The review is published.', { exact: true })).toBeVisible();
    await page.getByRole('combobox', { name: 'Status', exact: true }).selectOption({ label: 'Published' });
    await expect(card).toContainText('Published');
    await card.getByRole('button', { name: 'Hide', exact: true }).click();
    const hide = dialog(page, 'Hide the review');
    await expectAccessible(page);
    await hide.getByRole('textbox', { name: 'Reason', exact: true }).fill('It names another patient.');
    await hide.getByRole('button', { name: 'Hide', exact: true }).click();
    await expect(hide).toBeHidden();
    await page.getByRole('combobox', { name: 'Status', exact: true }).selectOption({ label: 'Hidden' });
    await expect(card).toContainText('Reason: It names another patient.');
    await expect(card.getByRole('button', { name: 'Publish', exact: true })).toBeVisible();
  });

  await test.step('audit log: filtered by action and person, exported as CSV', async () => {
    await page
      .getByRole('navigation', { name: 'Admin sections', exact: true })
      .getByRole('link', { name: 'Audit log', exact: true })
      .click();
    await checkPage(page, 'Audit log');
    await page.getByRole('combobox', { name: 'Action', exact: true }).selectOption({ label: 'Refunded' });
    const row = page.getByRole('row').filter({ hasText: patientName });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Payment');
    await row.getByRole('button', { name: patientName, exact: true }).click();
    await expect(page.getByText(`Patient: ${patientName}`, { exact: true })).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('audit-log.csv');
    const csv = await readFile((await download.path())!, 'utf8');
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(lines[0]).toBe('created_at,actor_name,actor_role,actor_id,action,resource,resource_id,patient_name,patient_id');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`,admin,`);
    expect(lines[1]).toContain(`,refund,payment,`);
    expect(lines[1]).toContain(patientName);
    await expectAccessible(page);
  });

  await test.step('doctors and prices: what is missing, a new price', async () => {
    await page
      .getByRole('navigation', { name: 'Admin sections', exact: true })
      .getByRole('link', { name: 'Doctors and prices', exact: true })
      .click();
    await checkPage(page, 'Doctors and prices');
    const row = page.getByRole('row').filter({ hasText: paidDoctor.name });
    await expect(row).toContainText('Listed');
    await row.getByRole('button', { name: `Edit ${paidDoctor.name}`, exact: true }).click();
    const edit = dialog(page, `${paidDoctor.name}: price and length`);
    await expectAccessible(page);
    await edit.getByRole('textbox', { name: 'Price, UAH', exact: true }).fill('950');
    await edit.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(edit).toBeHidden();
    await expect(row).toContainText('950');
  });
  await context.close();

  await test.step('in Ukrainian: every section reads in Ukrainian and passes axe', async () => {
    const uk = await adminPage(browser, server, adminToken, 'uk');
    for (const [path, heading] of [
      ['/admin/reviews', 'Модерація відгуків'],
      ['/admin/payments', 'Оплати'],
      ['/admin/audit', 'Журнал доступу'],
      ['/admin/doctors', 'Лікарі та ціни'],
    ] as const) {
      await uk.page.goto(path);
      await checkPage(uk.page, heading);
      await expect(uk.page.getByRole('navigation', { name: 'Розділи адміністрування', exact: true })).toBeVisible();
    }
    // The shared admin reads English in the other tests.
    expect((await uk.context.request.put('/v1/auth/profile', { headers: bearer(adminToken), data: { locale: 'en' } })).ok()).toBe(true);
    await uk.context.close();
  });
});
