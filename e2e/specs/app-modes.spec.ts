import type { Page } from '@playwright/test';
import { apiLogin, createDoctor, expectNoSidewaysScroll, signInBrowser } from '../support/booking.ts';
import { expect, expectAccessible, test as base, uniqueEmail } from '../support/fixtures.ts';
import { dialog, submitLogin } from '../support/ui.ts';

/*
 * APP_MODE (docs/product.md §1): one build, started three times with another mode each. What a person sees at `/`, that the
 * other pages stay reachable, and `/` with axe at 360 px in Ukrainian light and English dark.
 */

// Each mode is an app of its own (a worker each); the staff sign in with a password only, as the test admin does.
const inMode = (mode: 'landing' | 'quizz' | 'doctor') =>
  base.extend({
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    appEnv: [async ({}, use) => use({ APP_MODE: mode, STAFF_2FA: 'optional' }), { scope: 'worker' }],
  });

const looks = [
  { language: 'uk', scheme: 'light' },
  { language: 'en', scheme: 'dark' },
] as const;

/** `/` on a 360 px phone in both languages: its heading, no axe violation, no sideways scroll. */
async function startPageIsAccessible(page: Page, headings: { uk: string; en: string }) {
  await page.setViewportSize({ width: 360, height: 740 });
  for (const { language, scheme } of looks) {
    await page.evaluate(
      ([language, scheme]) => {
        localStorage.setItem('rozmova-language', language);
        localStorage.setItem('rozmova-color-scheme', scheme);
      },
      [language, scheme] as const,
    );
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
    await expect(page.getByRole('heading', { level: 1, name: headings[language], exact: true })).toBeVisible();
    await expect(page.locator('main .mantine-Loader-root')).toHaveCount(0);
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);
  }
}

/** The header's menu on a phone: its links and, for a visitor, the sign-up button. */
async function openMenu(page: Page) {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.getByRole('button', { name: 'Open menu', exact: true }).click();
  const menu = page.getByRole('dialog', { name: 'Menu', exact: true });
  await expect(menu).toBeVisible();
  return { menu, links: menu.getByRole('navigation', { name: 'Main', exact: true }) };
}

base.describe('APP_MODE=landing', () => {
  const test = inMode('landing');

  test('/ is the landing page with its calls to action', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Talk to a psychologist or a doctor online', exact: true })).toBeVisible();
    await expect(page).toHaveTitle('Rozmova: online consultations with specialists');
    await expect(page.getByRole('button', { name: 'Sign up', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign up for a consultation', exact: true }).first()).toBeVisible();
    const { menu, links } = await openMenu(page);
    await expect(links.getByRole('link', { name: 'Home', exact: true })).toHaveAttribute('href', '/');
    await expect(links.getByRole('link', { name: 'Self-check', exact: true })).toHaveAttribute('href', '/diagnosis');
    await expect(menu.getByRole('button', { name: 'Sign up', exact: true })).toBeVisible();
  });

  test('/ is accessible at 360 px in both languages', async ({ page }) => {
    await page.goto('/');
    await startPageIsAccessible(page, {
      uk: 'Поговоріть із психологом або лікарем онлайн',
      en: 'Talk to a psychologist or a doctor online',
    });
  });
});

base.describe('APP_MODE=quizz', () => {
  const test = inMode('quizz');

  test('/ is the self-check; the rest of the site is there', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Wellbeing self-check', exact: true })).toBeVisible();
    await expect(page).toHaveTitle('Wellbeing self-check · Rozmova');
    await expect(page.getByRole('button', { name: 'Sign up', exact: true })).toBeVisible();
    // The start page is the self-check: the menu names it so, with no second link to it.
    const { menu, links } = await openMenu(page);
    await expect(links.getByRole('link', { name: 'Self-check', exact: true })).toHaveAttribute('href', '/');
    await expect(links.getByRole('link', { name: 'Home', exact: true })).toHaveCount(0);
    await expect(menu.getByRole('button', { name: 'Sign up', exact: true })).toBeVisible();

    await links.getByRole('link', { name: 'About us', exact: true }).click();
    await expect(page).toHaveURL('/about-us');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    for (const [path, heading] of [
      ['/prices', 'Prices'],
      ['/diagnosis', 'Wellbeing self-check'],
      ['/contacts', 'Contacts'],
    ] as const) {
      expect((await page.goto(path))?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
    }
  });

  test('/ is accessible at 360 px in both languages', async ({ page }) => {
    await page.goto('/');
    await startPageIsAccessible(page, { uk: 'Самоперевірка самопочуття', en: 'Wellbeing self-check' });
  });
});

base.describe('APP_MODE=doctor', () => {
  const test = inMode('doctor');

  test('/ is the staff sign-in; the patient pages stay, without their calls to action', async ({ page, request, server }) => {
    const adminToken = await apiLogin(request, server.admin.email, server.admin.password);
    const doctor = await createDoctor(request, adminToken, { email: uniqueEmail('mode-doctor'), name: 'Olena Kovalenko' });

    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Staff sign-in', exact: true })).toBeVisible();
    await expect(page).toHaveTitle('Staff sign-in · Rozmova');
    await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign up', exact: true })).toHaveCount(0);
    const { menu, links } = await openMenu(page);
    await expect(links.getByRole('link', { name: 'Home', exact: true })).toHaveAttribute('href', '/');
    await expect(links.getByRole('link', { name: 'Our specialists', exact: true })).toBeVisible();
    await expect(links.getByRole('link', { name: 'Self-check', exact: true })).toHaveCount(0);
    await expect(menu.getByRole('button', { name: 'Sign up', exact: true })).toHaveCount(0);
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.goto('/our-specialists');
    await expect(page.getByRole('heading', { level: 1, name: 'Our specialists', exact: true })).toBeVisible();
    await expect(page.getByText('Olena Kovalenko', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Book Olena Kovalenko', exact: true })).toHaveCount(0);
    await page.goto('/prices');
    await expect(page.getByRole('heading', { level: 1, name: 'Prices', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'See our specialists', exact: true })).toHaveCount(0);
    await page.goto('/about-us');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    // Signing in from the start page opens the console.
    await page.goto('/');
    await page.getByRole('link', { name: 'Sign in to your console', exact: true }).click();
    await submitLogin(page, doctor.email, doctor.password);
    await expect(page).toHaveURL('/doctor');
    await expect(dialog(page, 'Log in')).toHaveCount(0);
  });

  test('a signed-in member of staff at / goes to their console', async ({ page, context, request, server }) => {
    const adminToken = await apiLogin(request, server.admin.email, server.admin.password);
    await signInBrowser(context, server, adminToken);
    await page.goto('/');
    await expect(page).toHaveURL('/admin');
  });

  test('/ is accessible at 360 px in both languages', async ({ page }) => {
    await page.goto('/');
    await startPageIsAccessible(page, { uk: 'Вхід для персоналу', en: 'Staff sign-in' });
  });
});
