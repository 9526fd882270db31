import type { Browser, Page } from '@playwright/test';
import { apiLogin, expectNoSidewaysScroll, signInBrowser } from '../support/booking.ts';
import { expect, expectAccessible, test, uniqueEmail } from '../support/fixtures.ts';
import { dialog, logIn } from '../support/ui.ts';
import type { AppServer } from '../support/app-server.ts';

/*
 * Specialist sign-up: a specialist applies through the four steps at 360 px (the code comes from the test SMTP
 * server), sees the status page in both languages, an admin approves the application in /admin/applications, the new
 * doctor signs in again and sets its hours, an admin sets the price, and the doctor is listed on /our-specialists
 * under its name in each language. axe checks every page on the way.
 */

const PASSWORD = 'Quiet-Meadow-Lantern-58';
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(400, 0x20), Buffer.from('\n%%EOF\n')]);

async function phonePage(browser: Browser, server: AppServer, language: 'en' | 'uk') {
  const context = await browser.newContext({ baseURL: server.baseURL, viewport: { width: 360, height: 740 } });
  await context.addInitScript((value) => localStorage.setItem('rozmova-language', value), language);
  return { context, page: await context.newPage() };
}

async function checkPage(page: Page) {
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
}

test('a specialist applies in four steps, an admin approves, and the new doctor is listed', async ({ browser, request, server, mail }) => {
  test.setTimeout(180_000);
  const suffix = Date.now().toString(36);
  const email = uniqueEmail('specialist');
  const nameUk = `Марія Коваленко ${suffix}`;
  const nameEn = `Mariia Kovalenko ${suffix}`;
  const applicant = await phonePage(browser, server, 'en');
  const { page } = applicant;

  await test.step('step 1: the account, with the code from the e-mail', async () => {
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'For specialists', exact: true }).click();
    await expect(page).toHaveURL('/for-specialists');
    await expect(page.getByRole('heading', { level: 1, name: 'For specialists' })).toBeVisible();
    await checkPage(page);
    await page.getByRole('textbox', { name: 'Name and surname in Ukrainian' }).fill(nameUk);
    await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Get a code' }).click();
    const code = await mail.codeFor(email);
    await page.getByRole('textbox', { name: 'Code' }).fill(code);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await checkPage(page);
    await page.getByRole('button', { name: 'Create the account' }).click();
  });

  await test.step('step 2: the profile in both languages', async () => {
    await expect(page.getByRole('heading', { name: 'Step 2: your profile' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Name and surname in Ukrainian' })).toHaveValue(nameUk);
    await checkPage(page);
    await page.getByRole('textbox', { name: 'Name and surname in Latin letters' }).fill(nameEn);
    await page.getByRole('checkbox', { name: 'Psychologist', exact: true }).check();
    await page.getByRole('textbox', { name: 'About you, in Ukrainian' }).fill('Працюю з тривогою та вигоранням.');
    await page.getByRole('textbox', { name: 'About you, in English' }).fill('I work with anxiety and burnout.');
    await page.getByRole('checkbox', { name: 'English', exact: true }).check();
    await page.getByRole('textbox', { name: 'Years of experience' }).fill('7');
    await page.getByRole('button', { name: 'Save and continue' }).click();
  });

  await test.step('step 3: the diploma; a file that is no PDF, JPEG or PNG is refused', async () => {
    await expect(page.getByRole('heading', { name: 'Step 3: diploma or licence' })).toBeVisible();
    await checkPage(page);
    const input = page.locator('input[type="file"]');
    await input.setInputFiles({ name: 'diploma.pdf', mimeType: 'application/pdf', buffer: Buffer.from('not a scan at all') });
    await page.getByRole('button', { name: 'Upload and continue' }).click();
    await expect(page.getByText('This file type is not supported')).toBeVisible();
    await input.setInputFiles({ name: 'diploma.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page.getByRole('button', { name: 'Upload and continue' }).click();
  });

  await test.step('step 4: check and send; the status page in both languages', async () => {
    await expect(page.getByRole('heading', { name: 'Step 4: check and send' })).toBeVisible();
    await expect(page.getByText(nameEn)).toBeVisible();
    await checkPage(page);
    await page.getByRole('button', { name: 'Send for review' }).click();
    await expect(page.getByRole('heading', { name: 'Your application is under review' })).toBeVisible();
    await checkPage(page);
    // Until approved an applicant has only this page.
    await page.goto('/user');
    await expect(page).toHaveURL('/for-specialists');
    const ukrainian = await phonePage(browser, server, 'uk');
    await ukrainian.context.addCookies(await applicant.context.cookies());
    await ukrainian.page.goto('/for-specialists');
    await expect(ukrainian.page.getByRole('heading', { level: 1, name: 'Фахівцям' })).toBeVisible();
    await expect(ukrainian.page.getByRole('heading', { name: 'Вашу заявку перевіряють' })).toBeVisible();
    await checkPage(ukrainian.page);
    await ukrainian.context.close();
  });

  const adminToken = await apiLogin(request, server.admin.email, server.admin.password);
  await test.step('an admin opens the application and approves it', async () => {
    const admin = await phonePage(browser, server, 'uk');
    await signInBrowser(admin.context, server, adminToken);
    await admin.page.goto('/admin/applications');
    await expect(admin.page.getByRole('heading', { name: 'Заявки фахівців' })).toBeVisible();
    await checkPage(admin.page);
    await admin.page.getByRole('button', { name: `Відкрити заявку: ${nameUk}` }).click();
    await expect(admin.page.getByRole('heading', { name: `${nameUk} · ${nameEn}` })).toBeVisible();
    await checkPage(admin.page);
    const popup = admin.page.waitForEvent('popup');
    await admin.page.getByRole('button', { name: 'Відкрити диплом' }).click();
    await (await popup).close();
    await admin.page.getByRole('button', { name: 'Схвалити', exact: true }).click();
    const confirm = dialog(admin.page, `Схвалити заявку: ${nameUk}?`);
    await expect(confirm).toBeVisible();
    await expectAccessible(admin.page);
    await confirm.getByRole('button', { name: 'Схвалити', exact: true }).click();
    await expect(admin.page.getByText(`${nameUk} тепер лікар Rozmova`)).toBeVisible();
    await admin.context.close();
  });

  await test.step('the applicant is told by e-mail in the language of the sign-up', async () => {
    const approved = await mail.waitFor(email, (m) => m.subject.includes('approved'));
    expect(approved.subject).toBe('Your Rozmova application is approved');
  });

  await test.step('the new doctor signs in, sets its hours; an admin sets the price; the doctor is listed', async () => {
    await applicant.context.clearCookies();
    await logIn(page, email, PASSWORD, '/doctor');
    const doctorToken = await apiLogin(request, email, PASSWORD);
    const profile = await (await request.get('/v1/auth/profile', { headers: { Authorization: `Bearer ${doctorToken}` } })).json();
    const hours = await request.put(`/v1/doctors/${profile.id}`, {
      headers: { Authorization: `Bearer ${doctorToken}` },
      data: { weekly_hours: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '17:00' })) },
    });
    expect(hours.ok()).toBe(true);
    const price = await request.put(`/v1/doctors/${profile.id}`, {
      headers: { Authorization: `Bearer ${adminToken}` },
      data: { price: 80_000 },
    });
    expect(price.ok()).toBe(true);

    const visitor = await phonePage(browser, server, 'en');
    await visitor.page.goto('/our-specialists');
    await expect(visitor.page.getByRole('heading', { name: nameEn })).toBeVisible();
    await checkPage(visitor.page);
    await visitor.context.close();
    const ukrainian = await phonePage(browser, server, 'uk');
    await ukrainian.page.goto('/our-specialists');
    await expect(ukrainian.page.getByRole('heading', { name: nameUk })).toBeVisible();
    await checkPage(ukrainian.page);
    await ukrainian.context.close();
  });
  await applicant.context.close();
});
