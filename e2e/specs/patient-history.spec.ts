import type { APIRequestContext, Page } from '@playwright/test';
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

/*
 * A patient's history and the public pages around it: My consultations (the doctor's advice, the receipt of a paid
 * one, booking the same doctor again), who of the staff opened the patient's records, the corporate clients' form
 * reaching the service's mailbox, a published review on the landing page and the doctor's rating on /our-specialists.
 * axe checks every new page at 360 px, in English and Ukrainian.
 */

const CARE = 'care@rozmova.local';

/** Pays a held booking on the sandbox provider, as its Pay button does. */
async function paySandbox(request: APIRequestContext, token: string, appointmentId: string): Promise<string> {
  const checkout = await startCheckout(request, token, appointmentId);
  const page = await (await request.get(checkout.checkout.url)).text();
  const [, data, signature] = /name="data" value="([^"]+)">\s*<input type="hidden" name="signature" value="([^"]+)"/.exec(page)!;
  await ok(
    await request.post('/v1/payments/callback/sandbox', {
      form: { data: data!, signature: signature! },
      headers: { accept: 'application/json' },
    }),
    'pay',
  );
  return checkout.payment_id as string;
}

async function useLanguage(page: Page, language: 'en' | 'uk') {
  await page.addInitScript((value) => localStorage.setItem('rozmova-language', value), language);
}

test('a patient reads its consultations, receipt and who opened its records; a company writes; reviews and ratings show', async ({
  browser,
  request,
  server,
  baseURL,
  mail,
}) => {
  test.setTimeout(300_000);
  const adminToken = await apiLogin(request, server.admin.email, server.admin.password);
  const operator = await createUser(request, adminToken, {
    email: uniqueEmail('history-operator'),
    name: 'Marta Operator',
    role: 'operator',
  });
  const operatorToken = await apiLogin(request, operator.email, operator.password);
  const freeDoctor = await createDoctor(request, adminToken, { email: uniqueEmail('history-doctor'), name: 'Iryna Koval' });
  const doctorToken = await apiLogin(request, freeDoctor.email, freeDoctor.password);
  const paidDoctor = await createDoctor(request, adminToken, { email: uniqueEmail('paid-doctor'), name: 'Taras Melnyk', price: 60_000 });
  const patient = await createUser(request, adminToken, { email: uniqueEmail('history-patient'), name: 'Olena Petrenko', role: 'patient' });
  const patientToken = await apiLogin(request, patient.email, patient.password);
  const profile = await profileOf(request, patientToken);
  const { patientId, patient_cardId: cardId } = profile.role_specific_data.patient!;
  await setFreeConsultations(request, adminToken, cardId, 0);

  const advice = 'Go for a walk every evening and write down three good things.';
  await test.step('seed: a completed consultation with advice, and a review of it published by an admin', async () => {
    const urgent = await bookUrgent(request, operatorToken, freeDoctor.id, patientId);
    await ok(
      await request.put(`/v1/appointments/${urgent.id}`, {
        headers: bearer(doctorToken),
        data: { appointment_status: 'completed', appointment_note: 'Talked about sleep.', appointment_advice: advice },
      }),
      'complete',
    );
    const review = await ok<{ id: string }>(
      await request.post('/v1/feedback', {
        headers: bearer(patientToken),
        data: { type: 'doctor', feedback_rating: 5, feedback_comment: 'Kind and clear, thank you.', appointment_id: urgent.id },
      }),
      'review',
    );
    await ok(await request.put(`/v1/feedback/${review.id}`, { headers: bearer(adminToken), data: { is_published: true } }), 'publish');
  });

  const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 } });
  await signInBrowser(context, server, patientToken);
  const page = await context.newPage();

  await test.step('My consultations: the doctor, the advice, and "book again" opens step 2 with the doctor chosen', async () => {
    await page.goto('/user?tab=consultations');
    const past = page.getByRole('region', { name: 'Past', exact: true });
    const item = past.getByRole('article').filter({ hasText: 'Iryna Koval' });
    await expect(item.getByText('Completed', { exact: true })).toBeVisible();
    await expect(item.getByText(advice, { exact: true })).toBeVisible();
    await expect(item.getByRole('button', { name: 'Receipt', exact: true })).toHaveCount(0);
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);
    await item.getByRole('link', { name: 'Book again with this doctor', exact: true }).click();
    await expect(page).toHaveURL(/\/user\/appointment-step2$/);
    await expect(page.getByText('Iryna Koval').first()).toBeVisible();
  });

  let paymentId = '';
  await test.step('a paid consultation has a receipt: amount, date, provider, payment number, doctor and patient', async () => {
    const booked = await bookFirstSlot(request, patientToken, paidDoctor.id, patientId);
    paymentId = await paySandbox(request, patientToken, booked.id);
    await page.goto('/user?tab=consultations');
    const item = page.getByRole('region', { name: 'Upcoming', exact: true }).getByRole('article').filter({ hasText: 'Taras Melnyk' });
    await item.getByRole('button', { name: 'Receipt', exact: true }).click();
    const receipt = dialog(page, 'Payment receipt');
    await expect(receipt.getByRole('row', { name: /Amount/ })).toContainText('600');
    await expect(receipt.getByRole('row', { name: /Payment number/ })).toContainText(paymentId);
    await expect(receipt.getByRole('row', { name: /Doctor/ })).toContainText('Taras Melnyk');
    await expect(receipt.getByRole('row', { name: /Patient/ })).toContainText('Olena Petrenko');
    await expect(receipt.getByRole('row', { name: /Paid through/ })).toContainText('Test payments');
    await expect(receipt.getByRole('button', { name: 'Print or save as PDF', exact: true })).toBeVisible();
    await expectAccessible(page);
    await receipt.getByRole('button', { name: 'Close', exact: true }).first().click();
  });

  await test.step('staff open the records; the patient sees who, in which role, what and when', async () => {
    await ok(await request.get(`/v1/patients/${patientId}`, { headers: bearer(operatorToken) }), 'operator reads');
    await ok(await request.get(`/v1/patients-cards/${cardId}`, { headers: bearer(doctorToken) }), 'doctor reads');
    await page.goto('/user?tab=records-access');
    await expect(
      page.getByText('Our doctors, operators and administrators sometimes need to open your records', { exact: false }),
    ).toBeVisible();
    const table = page.getByRole('table');
    const doctorRow = table.getByRole('row').filter({ hasText: 'Iryna Koval' }).filter({ hasText: 'Read your medical card' });
    await expect(doctorRow.first()).toContainText('Doctor');
    const operatorRow = table.getByRole('row').filter({ hasText: 'Marta Operator' }).filter({ hasText: 'Looked at your profile' });
    await expect(operatorRow.first()).toContainText('Operator');
    const today = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long' }).format(new Date());
    await expect(operatorRow.first()).toContainText(today);
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);
  });

  await test.step('in Ukrainian too', async () => {
    await useLanguage(page, 'uk');
    await page.goto('/user?tab=records-access');
    await expect(page.getByRole('heading', { name: 'Хто відкривав ваші дані', exact: true })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'Прочитав вашу медичну картку' }).first()).toContainText('Лікар');
    await expectAccessible(page);
    await page.goto('/user?tab=consultations');
    await expect(page.getByText(advice, { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Записатися до цього лікаря ще раз', exact: true })).toBeVisible();
    await expectAccessible(page);
  });
  await context.close();

  for (const language of ['en', 'uk'] as const) {
    await test.step(`a visitor (${language}): the review on the landing page, the rating on /our-specialists`, async () => {
      const visitor = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 } });
      const visitorPage = await visitor.newPage();
      await useLanguage(visitorPage, language);
      await visitorPage.goto('/');
      const reviews = visitorPage.getByRole('region', {
        name: language === 'en' ? 'What people say after a consultation' : 'Що кажуть люди після консультації',
      });
      await expect(reviews.getByText('Kind and clear, thank you.', { exact: true })).toBeVisible();
      await expect(reviews.getByText('Olena', { exact: true })).toBeVisible();
      await expect(reviews).not.toContainText('Petrenko');
      await expectAccessible(visitorPage);
      await expectNoSidewaysScroll(visitorPage);
      await visitorPage.goto('/our-specialists');
      const card = visitorPage.getByRole('article').filter({ hasText: 'Iryna Koval' });
      await expect(card).toContainText(language === 'en' ? '5 of 5 · reviews: 1' : '5 з 5');
      await visitor.close();
    });
  }

  for (const language of ['en', 'uk'] as const) {
    await test.step(`a company sends the corporate clients' form (${language}); the mail reaches the service`, async () => {
      const visitor = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 } });
      const visitorPage = await visitor.newPage();
      await useLanguage(visitorPage, language);
      await visitorPage.goto('/');
      await visitorPage
        .getByRole('contentinfo')
        .getByRole('link', { name: language === 'en' ? 'For companies' : 'Для компаній' })
        .click();
      await expect(visitorPage).toHaveURL('/corporate-clients');
      await expect(visitorPage.getByRole('heading', { level: 1 })).toHaveText(
        language === 'en' ? 'Support for your team' : 'Підтримка для вашої команди',
      );
      await expectAccessible(visitorPage);
      await expectNoSidewaysScroll(visitorPage);
      const company = `Lviv Works ${language}`;
      const email = uniqueEmail(`hr-${language}`);
      const label = (en: string, uk: string) => (language === 'en' ? en : uk);
      await visitorPage.getByRole('textbox', { name: label('Company', 'Компанія') }).fill(company);
      await visitorPage.getByRole('textbox', { name: label('Your name', "Ваше ім'я") }).fill('Bohdana Tkachenko');
      await visitorPage.getByRole('textbox', { name: label('E-mail', 'Ел. пошта') }).fill(email);
      await visitorPage
        .getByRole('textbox', { name: label('How many employees (if you like)', 'Скільки працівників (за бажанням)') })
        .fill('120');
      await visitorPage
        .getByRole('textbox', { name: label('What would you like to discuss?', 'Що ви хотіли б обговорити?') })
        .fill('Support for 120 people.');
      await visitorPage.getByRole('button', { name: label('Send the request', 'Надіслати запит') }).click();
      await expect(
        visitorPage.getByRole('status').filter({ hasText: label('Thank you, we have your request', 'Дякуємо, ми отримали ваш запит') }),
      ).toBeVisible();
      const sent = await mail.waitFor(CARE, (m) => m.text.includes(email));
      expect(sent.subject).toBe(`Rozmova corporate clients: ${company}`);
      expect(sent.text).toContain('Employees: 120');
      expect(sent.text).toContain('Support for 120 people.');
      await expectAccessible(visitorPage);
      await visitor.close();
    });
  }
});
