import type { Browser, Locator, Page } from '@playwright/test';
import { apiLogin, expectNoSidewaysScroll, signInBrowser } from '../support/booking.ts';
import { expect, expectAccessible, test, uniqueEmail } from '../support/fixtures.ts';
import { dialog, logIn } from '../support/ui.ts';
import type { AppServer } from '../support/app-server.ts';

/*
 * Specialist sign-up: a specialist applies through the four steps at 360 px (the code comes from the test SMTP
 * server), sees the status page in both languages, and an admin approves the application in /admin/applications. The
 * applicant's open page learns of it and opens the doctor console without a new sign-in ("You are approved"), whose
 * checklist says the profile is hidden until hours and a price are set; the doctor follows its links, sets both, and is
 * listed on /our-specialists under its name in each language. /for-specialists leads a doctor to the console. axe
 * checks every page on the way.
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

/** Switches the interface language from the header's menu (at 360 px the switch is there); a signed-in account keeps it. */
async function chooseLanguage(page: Page, language: 'en' | 'uk') {
  const ukrainian = (await page.locator('html').getAttribute('lang')) === 'uk';
  await page.getByRole('button', { name: ukrainian ? 'Відкрити меню' : 'Open menu', exact: true }).click();
  const menu = page.getByRole('dialog', { name: ukrainian ? 'Меню' : 'Menu', exact: true });
  await menu.getByRole('combobox', { name: ukrainian ? 'Мова' : 'Language', exact: true }).selectOption(language);
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
}

/** One item of a checklist (a list item naming it). */
const itemOf = (list: Locator, name: string) => list.getByRole('listitem').filter({ hasText: name });

test('a specialist applies in four steps, an admin approves, and the new doctor, still signed in, completes the profile and is listed', async ({
  browser,
  request,
  server,
  mail,
}) => {
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
    // The same ten languages as the doctor's profile.
    await expect(page.getByRole('checkbox', { name: 'Slovak', exact: true })).toBeVisible();
    await page.getByRole('checkbox', { name: 'English', exact: true }).check();
    await page.getByRole('textbox', { name: 'Years of experience' }).fill('7');
    await page.getByRole('button', { name: 'Save and continue' }).click();
  });

  await test.step('step 3: the diploma; Continue without one says to add it; a file of no accepted type is refused', async () => {
    await expect(page.getByRole('heading', { name: 'Step 3: diploma or licence' })).toBeVisible();
    const field = page.getByRole('button', { name: 'Diploma or licence Choose file', exact: true });
    await expect(field).toBeVisible();
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page.getByText('Add your diploma or licence', { exact: true })).toBeVisible();
    await expect(field).toBeFocused();
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
    // Until approved an applicant has only this page: no cabinet, no doctor console.
    for (const path of ['/user', '/doctor']) {
      await page.goto(path);
      await expect(page).toHaveURL('/for-specialists');
    }
    // The account's language wins over the browser's, so the applicant switches it; it waits in Ukrainian.
    await chooseLanguage(page, 'uk');
    await expect(page.getByRole('heading', { level: 1, name: 'Фахівцям' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Вашу заявку перевіряють' })).toBeVisible();
    await checkPage(page);
  });

  const adminToken = await apiLogin(request, server.admin.email, server.admin.password);
  await test.step("an admin opens the application and approves it (in the admin account's language, English)", async () => {
    const admin = await phonePage(browser, server, 'en');
    await signInBrowser(admin.context, server, adminToken);
    await admin.page.goto('/admin/applications');
    await expect(admin.page.getByRole('heading', { name: 'Specialist applications' })).toBeVisible();
    await checkPage(admin.page);
    await admin.page.getByRole('button', { name: `Open the application of ${nameUk}` }).click();
    await expect(admin.page.getByRole('heading', { name: `${nameUk} · ${nameEn}` })).toBeVisible();
    await checkPage(admin.page);
    const popup = admin.page.waitForEvent('popup');
    await admin.page.getByRole('button', { name: 'Open the diploma' }).click();
    await (await popup).close();
    await admin.page.getByRole('button', { name: 'Approve', exact: true }).click();
    const confirm = dialog(admin.page, `Approve ${nameUk}?`);
    await expect(confirm).toBeVisible();
    await expectAccessible(admin.page);
    await confirm.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(admin.page.getByText(`${nameUk} is now a doctor`)).toBeVisible();
    await admin.context.close();
  });

  await test.step("the applicant's open page learns of the approval and opens the console, still signed in", async () => {
    // The status page asks again every 15 seconds while it waits.
    await expect(page).toHaveURL('/doctor', { timeout: 30_000 });
    await expect(page.getByRole('status').filter({ hasText: 'Вашу заявку схвалено' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Меню облікового запису', exact: true })).toBeVisible();
    const checklist = page.getByRole('region', { name: 'Підготуйте профіль для пацієнтів', exact: true });
    await expect(checklist.getByRole('status')).toHaveText(
      'Пацієнти поки не бачать вашого профілю. Він з’явиться в розділі «Наші фахівці», щойно все з переліку «Обов’язково» буде готово.',
    );
    await expect(itemOf(checklist, 'Робочі години')).toContainText('Ще не зроблено');
    await expect(itemOf(checklist, 'Вартість консультації')).toContainText('Ще не зроблено');
    await expect(itemOf(checklist, 'Спеціалізація')).toContainText('Готово');
    await checkPage(page);
  });

  await test.step("the applicant is told by e-mail in the account's language", async () => {
    const approved = await mail.waitFor(email, (m) => m.subject.includes('схвалено'));
    expect(approved.subject).toBe('Вашу заявку в Rozmova схвалено');
    expect(approved.text).toContain('/doctor');
  });

  const checklist = page.getByRole('region', { name: 'Get your profile ready for patients', exact: true });
  const notShown = 'Patients do not see your profile yet. It appears on “Our specialists” once everything under “Required” is done.';
  await test.step('in English: /for-specialists leads to the console, whose checklist says what is missing', async () => {
    await chooseLanguage(page, 'en');
    await page.goto('/for-specialists');
    await expect(page).toHaveURL('/doctor');
    await expect(checklist.getByRole('status')).toHaveText(notShown);
    const required = checklist.getByRole('list', { name: 'Required', exact: true });
    await expect(itemOf(required, 'Specialisation')).toContainText('Specialisation: Done');
    await expect(itemOf(required, 'Working hours')).toContainText('Working hours: To do');
    await expect(itemOf(required, 'Consultation price')).toContainText('Consultation price: To do');
    await expect(itemOf(required, 'Publishing')).toContainText('Publishing: Done');
    const recommended = checklist.getByRole('list', { name: 'Recommended', exact: true });
    await expect(itemOf(recommended, 'Photo')).toContainText('Photo: To do');
    await expect(itemOf(recommended, 'About you')).toContainText('About you, in Ukrainian and English: Done');
    await checkPage(page);
  });

  await test.step('the doctor follows the checklist: hours, then the price; the profile is shown then', async () => {
    await checklist.getByRole('link', { name: 'Set your working hours', exact: true }).click();
    await expect(page).toHaveURL('/doctor?tab=schedule#doctor-weekly-hours');
    await expect(page.getByRole('button', { name: 'Add hours on Monday', exact: true })).toBeFocused();
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']) {
      await page
        .getByRole('group', { name: day, exact: true })
        .getByRole('button', { name: `Add hours on ${day}`, exact: true })
        .click();
    }
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(itemOf(checklist, 'Working hours')).toContainText('Working hours: Done');
    await expect(checklist.getByRole('status')).toHaveText(notShown);

    await checklist.getByRole('link', { name: 'Set your price', exact: true }).click();
    await expect(page).toHaveURL('/doctor?tab=schedule#doctor-price');
    const price = page.getByRole('textbox', { name: 'Price, UAH', exact: true });
    await expect(price).toBeFocused();
    await price.fill('800');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(itemOf(checklist, 'Consultation price')).toContainText('Consultation price: Done');
    await expect(checklist.getByRole('status')).toHaveText('Patients see your profile on “Our specialists” and can book you.');
    await checkPage(page);
    // Once the profile is shown, the rest (a photo) is up to the doctor, who may put the list away.
    await checklist.getByRole('button', { name: 'Hide this list', exact: true }).click();
    await expect(checklist).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Doctor console' })).toBeVisible();
    await expect(checklist).toHaveCount(0);
  });

  await test.step('signed in afresh elsewhere, the doctor lands in the console, and /for-specialists leads there too', async () => {
    const other = await phonePage(browser, server, 'en');
    await logIn(other.page, email, PASSWORD, '/doctor');
    await expect(other.page.getByRole('status').filter({ hasText: 'You are approved' })).toHaveCount(0);
    await other.page.goto('/for-specialists');
    await expect(other.page).toHaveURL('/doctor');
    await expect(other.page.getByRole('region', { name: 'Get your profile ready for patients' }).getByRole('status')).toHaveText(
      'Patients see your profile on “Our specialists” and can book you.',
    );
    await other.context.close();
  });

  await test.step('the new doctor is listed under its name in each language', async () => {
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
