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

/** Every word of the records-access tab stays on one line: a word split across two lines has two boxes. */
async function expectNoBrokenWords(page: Page) {
  const broken = await page.evaluate(() => {
    const panel = document.querySelector('[role="tabpanel"]');
    const found: string[] = [];
    if (!panel) return ['no tab panel'];
    const walker = document.createTreeWalker(panel, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const match of (node.textContent ?? '').matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (lines.size > 1) found.push(match[0]);
      }
    }
    return found;
  });
  expect(broken, 'words broken across lines').toEqual([]);
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

  await test.step('a day of staff access reads as one line per person and kind, with its count; the times fold inside', async () => {
    // The doctor's "My patients" page listed the patient 78 times (one audit entry each), the doctor opened the card 3
    // times and the operator the profile once: 82 entries of one day, which the flat log showed as 82 rows.
    for (let batch = 0; batch < 78; batch += 13) {
      await Promise.all(
        Array.from({ length: 13 }, async () =>
          ok(await request.get(`/v1/doctors/${freeDoctor.id}/patients`, { headers: bearer(doctorToken) }), 'doctor lists'),
        ),
      );
    }
    for (let i = 0; i < 3; i++)
      await ok(await request.get(`/v1/patients-cards/${cardId}`, { headers: bearer(doctorToken) }), 'doctor reads');
    await ok(await request.get(`/v1/patients/${patientId}`, { headers: bearer(operatorToken) }), 'operator reads');
    await page.goto('/user?tab=records-access');
    await expect(
      page.getByText('Our doctors, operators and administrators sometimes need to open your records', { exact: false }),
    ).toBeVisible();
    const today = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long' }).format(new Date());
    const day = page.getByRole('region', { name: `Today, ${today}`, exact: true });
    const lines = day.getByRole('list').first().locator(':scope > li');
    const listViews = day.getByRole('listitem').filter({ hasText: 'Doctor Iryna Koval — your name in a list of patients: 78 times' });
    await expect(listViews).toHaveCount(1);
    await expect(day.getByRole('listitem').filter({ hasText: 'Doctor Iryna Koval — read your medical card: 3 times' })).toHaveCount(1);
    await expect(day.getByRole('listitem').filter({ hasText: 'Operator Marta Operator — looked at your profile: once' })).toHaveCount(1);
    // Today's entries (the consultation's booking and the review's publication included) fit in a handful of lines.
    expect(await lines.count()).toBeLessThanOrEqual(6);

    const disclosure = listViews.getByRole('button', { name: 'Show the times', exact: true });
    await expect(disclosure).toHaveAttribute('aria-expanded', 'false');
    await expect(listViews.getByText('and 58 earlier', { exact: true })).toBeHidden();
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);
    await expectNoBrokenWords(page);
    await disclosure.click();
    const hide = listViews.getByRole('button', { name: 'Hide the times', exact: true });
    await expect(hide).toHaveAttribute('aria-expanded', 'true');
    await expect(listViews.getByRole('list').getByRole('listitem')).toHaveCount(20);
    await expect(listViews.getByText('and 58 earlier', { exact: true })).toBeVisible();
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);
    await expectNoBrokenWords(page);
    await hide.click();
    await expect(listViews.getByText('and 58 earlier', { exact: true })).toBeHidden();
  });

  await test.step('in Ukrainian and dark too, at 360 px: names in the nominative, counts in the right form', async () => {
    // Signed in, the language saved in the profile wins over the browser's choice.
    await ok(await request.put('/v1/auth/profile', { headers: bearer(patientToken), data: { locale: 'uk' } }), 'profile language');
    await useLanguage(page, 'uk');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/user?tab=records-access');
    await expect(page.getByRole('heading', { name: 'Хто відкривав ваші дані', exact: true })).toBeVisible();
    const today = new Intl.DateTimeFormat('uk-UA', { day: 'numeric', month: 'long' }).format(new Date());
    const day = page.getByRole('region', { name: `Сьогодні, ${today}`, exact: true });
    const listViews = day.getByRole('listitem').filter({ hasText: "Лікар Iryna Koval — ваше ім'я у списку пацієнтів: 78 разів" });
    await expect(listViews).toHaveCount(1);
    await expect(day.getByRole('listitem').filter({ hasText: 'Лікар Iryna Koval — перегляд вашої медичної картки: 3 рази' })).toHaveCount(
      1,
    );
    await expect(day.getByRole('listitem').filter({ hasText: 'Оператор Marta Operator — перегляд вашого профілю: 1 раз' })).toHaveCount(1);
    await expectAccessible(page);
    await listViews.getByRole('button', { name: 'Показати час', exact: true }).click();
    await expect(listViews.getByRole('button', { name: 'Сховати час', exact: true })).toHaveAttribute('aria-expanded', 'true');
    await expect(listViews.getByText('і ще 58 раніше', { exact: true })).toBeVisible();
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);
    await expectNoBrokenWords(page);
    await page.emulateMedia({ colorScheme: 'light' });
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
      // The reviews are asked for as the visitor scrolls towards them.
      await visitorPage.getByRole('contentinfo').scrollIntoViewIfNeeded();
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
