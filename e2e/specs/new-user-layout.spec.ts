import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, test, uniqueEmail } from '../support/fixtures.ts';
import { apiLogin, createDoctor, expectNoSidewaysScroll, signInBrowser } from '../support/booking.ts';

/** The header and the staff layout as a new patient and a new doctor see them, in Ukrainian, from 360 to 1920 px. */

const inUkrainian = (page: Page) => page.addInitScript(() => localStorage.setItem('rozmova-language', 'uk'));

async function expectInsideViewport(page: Page, element: Locator, what: string) {
  const box = await element.boundingBox();
  const width = page.viewportSize()!.width;
  expect(box, `${what} is drawn`).not.toBeNull();
  expect(box!.x, `${what} starts inside the ${width} px viewport`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${what} ends inside the ${width} px viewport`).toBeLessThanOrEqual(width);
}

test('the Ukrainian header keeps “Зареєструватися” and every control on the screen from 360 to 1920 px', async ({ page }) => {
  await inUkrainian(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const header = page.getByRole('banner');
  for (const width of [1280, 1366, 1440, 1200, 1024, 768, 360, 1600, 1920]) {
    await page.setViewportSize({ width, height: 800 });
    const signUp = header.getByRole('button', { name: 'Зареєструватися', exact: true });
    // Below 48em the sign-up button is in the menu; from there on it is in the header.
    if (width >= 768) await expectInsideViewport(page, signUp, `“Зареєструватися” at ${width} px`);
    await expectInsideViewport(page, header.getByRole('button', { name: 'Увійти', exact: true }), `“Увійти” at ${width} px`);
    const links = header.getByRole('navigation').getByRole('link');
    for (let index = 0; index < (await links.count()); index++) {
      if (await links.nth(index).isVisible()) await expectInsideViewport(page, links.nth(index), `header link ${index + 1} at ${width} px`);
    }
    const menu = header.getByRole('button', { name: 'Відкрити меню', exact: true });
    if (await menu.isVisible()) await expectInsideViewport(page, menu, `the menu button at ${width} px`);
    await expectNoSidewaysScroll(page);
  }
  // Where the links do not fit, they are in the menu.
  await page.setViewportSize({ width: 1280, height: 800 });
  const menu = header.getByRole('button', { name: 'Відкрити меню', exact: true });
  if (await menu.isVisible()) {
    await menu.click();
    await expect(page.getByRole('dialog').getByRole('link', { name: 'Наші фахівці', exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
  } else {
    await expect(header.getByRole('link', { name: 'Наші фахівці', exact: true })).toBeVisible();
  }
  await expectAccessible(page);
});

test('the staff layout lines up with the header; the doctor’s name shows whole, and a very long one has a tooltip', async ({
  page,
  context,
  request,
  server,
}) => {
  const adminToken = await apiLogin(request, server.admin.email, server.admin.password);
  const doctor = await createDoctor(request, adminToken, { email: uniqueEmail('doctor-layout'), name: 'Др. Ігор Савчук' });
  await signInBrowser(context, server, await apiLogin(request, doctor.email, doctor.password));

  for (const width of [1920, 1440, 1280, 360]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/doctor');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const account = page.getByRole('button', { name: 'Account menu', exact: true });
    // A title is not an initial: "Др. Ігор Савчук" is ІС.
    await expect(account).toContainText('ІС');
    const logo = await page.getByRole('banner').getByRole('link').first().boundingBox();
    const heading = await page.getByRole('heading', { level: 1 }).boundingBox();
    expect(Math.abs(heading!.x - logo!.x), `the page starts under the logo at ${width} px`).toBeLessThanOrEqual(2);
    await expectNoSidewaysScroll(page);
    if (width >= 1280) {
      await expect(account).toContainText('Др. Ігор Савчук');
      const cut = await account.locator('.user-menu__name').evaluate((element) => element.scrollWidth > element.clientWidth);
      expect(cut, `the name is whole at ${width} px`).toBe(false);
    }
  }
  await expectAccessible(page);

  // A name too long for any header is cut with an ellipsis, and the tooltip shows it whole.
  const longName = 'Др. Олександра-Марія Коваленко-Шевчук-Вишневецька';
  const updated = await request.put('/v1/auth/profile', {
    headers: { Authorization: `Bearer ${await apiLogin(request, doctor.email, doctor.password)}` },
    data: { user_name: longName },
  });
  expect(updated.status()).toBe(200);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/doctor');
  const name = page.getByRole('button', { name: 'Account menu', exact: true }).locator('.user-menu__name');
  await expect(name).toHaveText(longName);
  expect(await name.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
  await name.hover();
  await expect(page.getByRole('tooltip')).toHaveText(longName);
});
