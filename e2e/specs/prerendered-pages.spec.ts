import type { ConsoleMessage, Page } from '@playwright/test';
import { prerenderedPages } from '@rozmova/contracts';
import { seedPatient, signInBrowser } from '../support/booking.ts';
import { expect, expectAccessible, test, uniqueEmail } from '../support/fixtures.ts';

type Language = 'en' | 'uk';
const languages: Language[] = ['en', 'uk'];
const acceptLanguage: Record<Language, string> = { en: 'en-GB,en;q=0.9', uk: 'uk-UA,uk;q=0.9,en;q=0.5' };

/** Every public page, and a path no page has (the 404 page). */
const paths = Object.entries(prerenderedPages).map(([name, path]) => (name === 'notFound' ? '/no-such-page' : path));

/** React gives a hydrated element its fiber: the heading is hydrated once it has one. */
const hydrated = (page: Page) =>
  page.waitForFunction(() => {
    const heading = document.querySelector('h1');
    return heading !== null && Object.keys(heading).some((key) => key.startsWith('__reactFiber$'));
  });

/** Errors and warnings on the console, hydration mismatches among them (React reports those as errors). */
function consoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    // The 404 page's own status is the one resource error expected.
    if (message.location().url.endsWith('/no-such-page')) return;
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

for (const language of languages) {
  test.describe(`prerendered pages (${language})`, () => {
    test.use({ locale: language === 'uk' ? 'uk-UA' : 'en-GB', extraHTTPHeaders: { 'accept-language': acceptLanguage[language] } });

    // A test per page, so that each page has a whole test's time on a loaded machine.
    for (const path of paths) {
      test(`${path} comes as HTML with its heading and text, the same as after hydration, without a warning`, async ({
        browser,
        baseURL,
      }) => {
        const withoutScripts = await browser.newContext({
          javaScriptEnabled: false,
          extraHTTPHeaders: { 'accept-language': acceptLanguage[language] },
        });
        const bare = await withoutScripts.newPage();
        const withScripts = await browser.newContext({ extraHTTPHeaders: { 'accept-language': acceptLanguage[language] } });
        const page = await withScripts.newPage();
        const problems = consoleProblems(page);
        const response = await bare.goto(`${baseURL}${path}`);
        expect(response!.status(), path).toBe(path === '/no-such-page' ? 404 : 200);
        expect(response!.headers()['content-language'], path).toBe(language);
        await expect(bare.locator('html'), path).toHaveAttribute('lang', language);
        const heading = (await bare.locator('h1').innerText()).trim();
        expect(heading.length, path).toBeGreaterThan(0);
        const title = await bare.title();
        // Absolute under PUBLIC_URL (here its default, localhost on the app's port).
        const links = await bare
          .locator('link[rel="canonical"], link[hreflang]')
          .evaluateAll((elements) =>
            elements.map(
              (element) =>
                `${element.getAttribute('hreflang') ?? 'canonical'} ${new URL(element.getAttribute('href')!).pathname}${new URL(element.getAttribute('href')!).search}`,
            ),
          );
        // The 404 page names no address for itself.
        const expectedLinks =
          path === '/no-such-page'
            ? []
            : [`canonical ${path}?lang=${language}`, `en ${path}?lang=en`, `uk ${path}?lang=uk`, `x-default ${path}`];
        expect(links, path).toEqual(expectedLinks);
        await expect(bare.locator('main'), path).not.toBeEmpty();
        // Nothing for the first paint to wait for: the rules it needs are inlined; without scripts the whole stylesheet
        // still applies (a <noscript> link), so the page is styled.
        await expect(bare.locator('head script[src], head link[rel="stylesheet"], link[rel="modulepreload"]'), path).toHaveCount(0);
        expect(await bare.locator('head style:not([data-mantine-styles])').count(), path).toBe(1);
        expect(await bare.locator('h1').evaluate((element) => getComputedStyle(element).fontWeight), path).not.toBe('400');

        await page.goto(`${baseURL}${path}`);
        await hydrated(page);
        await expect(page.locator('h1'), path).toHaveText(heading);
        await expect(page.locator('head link[rel="stylesheet"][href^="/assets/index-"]'), path).toHaveCount(1);
        await expect(page, path).toHaveTitle(title);
        expect(problems).toEqual([]);
        await withoutScripts.close();
        await withScripts.close();
      });
    }

    test('the other language by its address (what the hreflang links give a crawler)', async ({ request }) => {
      const other: Language = language === 'uk' ? 'en' : 'uk';
      const html = await (await request.get(`/prices?lang=${other}`, { headers: { accept: 'text/html' } })).text();
      expect(html).toContain(`<html lang="${other}"`);
      // A choice made in the header (its cookie) wins over the address and the browser.
      const chosen = await request.get('/prices?lang=en', { headers: { accept: 'text/html', cookie: `rozmova-language=${language}` } });
      expect(await chosen.text()).toContain(`<html lang="${language}"`);
      expect(chosen.headers()['vary']).toContain('Accept-Language');
    });

    for (const scheme of ['light', 'dark'] as const) {
      test(`axe finds nothing serious on the hydrated pages at 360 px, ${scheme}`, async ({ page, baseURL }) => {
        await page.setViewportSize({ width: 360, height: 780 });
        await page.emulateMedia({ colorScheme: scheme });
        for (const path of ['/', '/prices', '/our-specialists', '/no-such-page']) {
          await page.goto(`${baseURL}${path}`);
          await hydrated(page);
          await expectAccessible(page);
        }
      });
    }
  });
}

test('a signed-in person who opens the home page gets their own header after hydration', async ({
  page,
  request,
  server,
  baseURL,
  context,
}) => {
  const { patient } = await seedPatient(request, server, { email: uniqueEmail('prerendered'), name: 'Олена Петренко' });
  await signInBrowser(context, server, patient.token);
  const problems = consoleProblems(page);
  await page.goto(`${baseURL}/`);
  await hydrated(page);
  await expect(page.getByRole('button', { name: /^(Account menu|Меню облікового запису)$/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /^(Sign in|Увійти)$/ })).toHaveCount(0);
  expect(problems).toEqual([]);
});

test('a language kept only in this browser takes over after hydration, in the same page, and the next page comes in it', async ({
  browser,
  baseURL,
}) => {
  // A choice made before the language cookie existed: the server sends English, the browser then switches.
  const context = await browser.newContext({ locale: 'en-GB', extraHTTPHeaders: { 'accept-language': acceptLanguage.en } });
  await context.addInitScript(() => localStorage.setItem('rozmova-language', 'uk'));
  const page = await context.newPage();
  const problems = consoleProblems(page);
  const response = await page.goto(`${baseURL}/`);
  expect(response!.headers()['content-language']).toBe('en');
  await hydrated(page);
  const footer = await page.locator('footer').elementHandle();
  await expect(page.locator('html')).toHaveAttribute('lang', 'uk');
  await expect(page.getByRole('link', { name: 'Ціни', exact: true }).first()).toBeVisible();
  // The page's elements were changed in place, not rendered afresh (as a hydration mismatch would).
  expect(await footer!.evaluate((element) => element.isConnected)).toBe(true);
  const next = await page.goto(`${baseURL}/prices`);
  expect(next!.headers()['content-language']).toBe('uk');
  expect(problems).toEqual([]);
  await context.close();
});
