import type { Page } from '@playwright/test';
import { startSentryEndpoint, type SentryEndpoint } from '../../apps/api/src/test/sentry-endpoint.ts';
import { apiLogin, createUser, expectNoSidewaysScroll, signInBrowser } from '../support/booking.ts';
import { expect, expectAccessible, test as base, uniqueEmail } from '../support/fixtures.ts';

/*
 * Error monitoring (docs/monitoring.md). A local envelope endpoint stands in for Sentry. With SENTRY_DSN set, a test
 * error raised in the browser on /sentry-example-page reaches it through the app's own origin (the tunnel), and the
 * API's test error reaches it from the server, both with the build id as their release and without the patient's name,
 * e-mail, a note's text or the page's query string. Without a DSN the page says monitoring is off, the browser never
 * downloads the SDK, and the tunnel forwards nothing.
 */

const NAME = 'Олена Моніторинг';
const NOTE = 'Пацієнтка скаржиться на безсоння третій тиждень';
const BROWSER_ERROR = 'Rozmova test error: the browser raised it on purpose on /sentry-example-page';
const API_ERROR = 'Rozmova test error: the API raised it on purpose for /sentry-example-page';
/** A global only the SDK's chunk sets up: a script holding it is the SDK. */
const SDK_MARK = '__SENTRY__';

const monitored = base.extend<object, { sentry: SentryEndpoint }>({
  sentry: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      const sentry = await startSentryEndpoint();
      await use(sentry);
      await sentry.close();
    },
    { scope: 'worker' },
  ],
  // The app of this file's monitored tests reports to the local endpoint, for the API and the web app alike.
  appEnv: [async ({ sentry }, use) => use({ SENTRY_DSN: sentry.dsn }), { scope: 'worker' }],
});

/** Every script the page downloads, with its text read at once (a later page would make it unreadable). */
function watchScripts(page: Page): { url: string; text: Promise<string> }[] {
  const scripts: { url: string; text: Promise<string> }[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push({ url: response.url(), text: response.text().catch(() => '') });
  });
  return scripts;
}

const anyHolds = async (scripts: { text: Promise<string> }[], text: string) =>
  (await Promise.all(scripts.map((script) => script.text))).some((body) => body.includes(text));

monitored(
  'a browser error and an API error reach the monitor with the release, the user by id, and nothing personal',
  async ({ page, context, request, server, sentry }) => {
    const adminToken = await apiLogin(request, server.admin.email, server.admin.password);
    const email = uniqueEmail('monitored');
    const patient = await createUser(request, adminToken, { email, name: NAME, role: 'patient' });
    const token = await apiLogin(request, patient.email, patient.password);
    await signInBrowser(context, server, token);
    const buildId = ((await (await request.get('/api/version')).json()) as { build_id: string }).build_id;
    const sentryOrigin = new URL(sentry.dsn).origin;
    const browserRequests: string[] = [];
    page.on('request', (sent) => browserRequests.push(sent.url()));
    const scripts = watchScripts(page);

    // The page's address carries the e-mail and a note, as a link someone pasted might.
    await page.goto(`/sentry-example-page?email=${encodeURIComponent(email)}&note=${encodeURIComponent(NOTE)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Error monitoring check' })).toBeVisible();
    await expect(page.getByText(`Error monitoring is on. Release: ${buildId}, environment: development.`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
    expect(await anyHolds(scripts, SDK_MARK), 'the SDK was downloaded').toBe(true);

    // What a page may have done before the failure: a console line with a note's text, a request with a query and a body.
    await page.evaluate(
      async ([note, address]) => {
        console.log(`draft note: ${note}`);
        await fetch(`/v1/patients/lookup?email=${encodeURIComponent(address)}`, { method: 'POST', body: JSON.stringify({ note }) });
      },
      [NOTE, email] as const,
    );

    const tunnelled = page.waitForResponse((response) => response.url().endsWith('/api/monitoring/tunnel') && response.status() === 200);
    await page.getByRole('button', { name: 'Raise an error in the browser' }).click();
    await expect(
      page.getByText(`A test error was raised in the browser. Look for it in the monitor under release ${buildId}.`),
    ).toBeVisible();
    await tunnelled;
    const browser = await sentry.waitForEvent((event) => event.exception?.values?.[0]?.value === BROWSER_ERROR);
    expect(browser.event.release).toBe(buildId);
    expect(browser.event.environment).toBe('development');
    expect(browser.event.user).toEqual({ id: patient.id });
    expect(browser.envelope.header.dsn).toBe(sentry.dsn);
    expect(browser.event.request?.url).toMatch(/\/sentry-example-page$/);
    const crumbs = browser.event.breadcrumbs ?? [];
    expect(crumbs.some((crumb) => crumb.category === 'fetch' && /\/v1\/patients\/lookup$/.test(String(crumb.data?.url)))).toBe(true);
    expect(crumbs.filter((crumb) => crumb.category === 'console' || crumb.message)).toEqual([]);

    await page.getByRole('button', { name: 'Make the API raise an error' }).click();
    await expect(page.getByText(`The API answered 500 and reported its test error under release ${buildId}.`)).toBeVisible();
    const api = await sentry.waitForEvent((event) => event.exception?.values?.[0]?.value === API_ERROR);
    expect(api.event.release).toBe(buildId);
    expect(api.event.user).toEqual({ id: patient.id });

    for (const { text } of [browser.envelope, api.envelope]) {
      for (const secret of [NAME, email, encodeURIComponent(email), NOTE, encodeURIComponent(NOTE), token, 'note=', 'email=']) {
        expect(text, secret).not.toContain(secret);
      }
    }
    // The browser itself never spoke to the monitor: its events went through the app's own origin.
    expect(browserRequests.filter((url) => url.startsWith(sentryOrigin))).toEqual([]);
  },
);

monitored('the example page is accessible at 360 px in Ukrainian (light) and English (dark)', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  for (const [language, scheme, on] of [
    ['uk', 'light', 'Моніторинг помилок увімкнено.'],
    ['en', 'dark', 'Error monitoring is on.'],
  ] as const) {
    await page.goto('/');
    await page.evaluate(
      ([chosenLanguage, chosenScheme]) => {
        localStorage.setItem('rozmova-language', chosenLanguage);
        localStorage.setItem('rozmova-color-scheme', chosenScheme);
      },
      [language, scheme] as const,
    );
    await page.goto('/sentry-example-page');
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.getByText(on)).toBeVisible();
    await page.getByRole('button', { name: language === 'uk' ? 'Викликати помилку в API' : 'Make the API raise an error' }).click();
    await expect(page.getByText(language === 'uk' ? 'API відповів кодом 500' : 'The API answered 500')).toBeVisible();
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);
  }
});

base(
  'without a DSN: the page says monitoring is off, the SDK is never downloaded, the tunnel forwards nothing',
  async ({ page, request }) => {
    const scripts = watchScripts(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.goto('/sentry-example-page');
    await expect(page.getByRole('heading', { level: 1, name: 'Error monitoring check' })).toBeVisible();
    await expect(page.getByText('Error monitoring is off')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Raise an error in the browser' })).toHaveCount(0);
    expect(scripts.length).toBeGreaterThan(0);
    expect(await anyHolds(scripts, SDK_MARK), 'the SDK was downloaded').toBe(false);

    const tunnel = await request.post('/api/monitoring/tunnel', {
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      data: `${JSON.stringify({ dsn: 'http://key@127.0.0.1:9/1' })}\n{"type":"event"}\n{}\n`,
    });
    expect(tunnel.status()).toBe(404);

    // The build has hidden source maps beside its scripts; the server never hands them out.
    const script = scripts.find(({ url }) => url.includes('/assets/'))!;
    expect((await request.get(script.url)).status()).toBe(200);
    expect((await request.get(`${script.url}.map`)).status()).toBe(404);
  },
);
