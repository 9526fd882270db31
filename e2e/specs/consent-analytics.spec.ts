import type { BrowserContext, Page } from '@playwright/test';
import { startAppServer } from '../support/app-server.ts';
import { apiLogin, createUser, expectNoSidewaysScroll, signInBrowser } from '../support/booking.ts';
import { expect, expectAccessible, test, uniqueEmail, watchContentSecurityPolicy } from '../support/fixtures.ts';
import { openAccountMenu } from '../support/ui.ts';

/*
 * Consent-first analytics (docs/analytics.md): the tag manager and the pixel load only after the visitor agrees, send
 * page views without ids or query strings, stop at once when the choice is withdrawn, and are absent when not set up.
 * Their hosts never see a request: page.route answers for them with small stand-ins that record what the app asks of
 * them, as the real scripts would (they set the same cookies).
 */

const GTM_ID = 'GTM-E2E1234';
const PIXEL_ID = '1234567890123';
test.use({ appEnv: { GTM_ID, PIXEL_ID } });

const room = '7d0f6d3e-3c1a-4f7e-9a51-2b8c1e0d4f60';

const fakeTagManager = `
  document.cookie = '_ga=GA1.1.111.222; Path=/; Max-Age=3600';
  document.cookie = '_gid=GA1.1.333.444; Path=/; Max-Age=3600';
  window.__tagManagerLoads = (window.__tagManagerLoads || 0) + 1;
`;
const fakePixel = `(function () {
  var fbq = window.fbq;
  window.__pixelCalls = window.__pixelCalls || [];
  fbq.callMethod = function () {
    window.__pixelCalls.push({ args: Array.prototype.slice.call(arguments), address: location.pathname + location.search + location.hash });
  };
  var queued = fbq.queue;
  fbq.queue = [];
  queued.forEach(function (args) { fbq.callMethod.apply(fbq, args); });
  document.cookie = '_fbp=fb.1.111.222; Path=/; Max-Age=3600';
})();`;

interface TrackerTraffic {
  /** Every request the browser made off the loopback address (the trackers' hosts or any other). */
  requests: { url: string; referer: string }[];
}

/** Answers every request that leaves 127.0.0.1: the two scripts with their stand-ins, anything else with an empty 204. */
async function interceptTrackers(context: BrowserContext): Promise<TrackerTraffic> {
  const traffic: TrackerTraffic = { requests: [] };
  await context.route(
    (url) => url.hostname !== '127.0.0.1',
    async (route) => {
      const url = new URL(route.request().url());
      traffic.requests.push({ url: url.href, referer: (await route.request().headerValue('referer')) ?? '' });
      if (url.hostname === 'www.googletagmanager.com' && url.pathname === '/gtm.js') {
        await route.fulfill({ contentType: 'text/javascript', body: fakeTagManager });
      } else if (url.hostname === 'connect.facebook.net' && url.pathname.endsWith('/fbevents.js')) {
        await route.fulfill({ contentType: 'text/javascript', body: fakePixel });
      } else await route.fulfill({ status: 204 });
    },
  );
  return traffic;
}

const banner = (page: Page, name = 'Cookies') => page.getByRole('region', { name, exact: true });
const cookieSettings = (page: Page) => page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings', exact: true });
const footerLink = (page: Page, name: string) => page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name, exact: true });

/** The paths of the tag manager's page_view events in the data layer. */
const tagManagerViews = (page: Page) =>
  page.evaluate(() =>
    ((window as { dataLayer?: Record<string, unknown>[] }).dataLayer ?? [])
      .filter((entry) => entry.event === 'page_view')
      .map((entry) => entry.page_path as string),
  );

/** The addresses the pixel's page views were sent from. */
const pixelViews = (page: Page) =>
  page.evaluate(() =>
    ((window as { __pixelCalls?: { args: unknown[]; address: string }[] }).__pixelCalls ?? [])
      .filter((call) => call.args[0] === 'track' && call.args[1] === 'PageView')
      .map((call) => call.address),
  );

const trackerScripts = (page: Page) => page.locator('script[src*="googletagmanager"], script[src*="facebook"]');

async function expectOpened(page: Page, heading: string | RegExp) {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

test('nothing before consent; after "Accept all" page views per route, without ids or query strings', async ({ page, context }) => {
  const traffic = await interceptTrackers(context);
  await page.goto('/');
  await expect(banner(page)).toBeVisible();
  // Both choices the same button, side by side.
  const accept = banner(page).getByRole('button', { name: 'Accept all' });
  const reject = banner(page).getByRole('button', { name: 'Reject all' });
  expect(await reject.getAttribute('class')).toBe(await accept.getAttribute('class'));
  const [acceptBox, rejectBox] = [await accept.boundingBox(), await reject.boundingBox()];
  expect(rejectBox!.width).toBeCloseTo(acceptBox!.width, 0);
  expect(rejectBox!.height).toBe(acceptBox!.height);
  expect(rejectBox!.y).toBe(acceptBox!.y);

  // The banner does not block the page: the visitor reads on without answering.
  await footerLink(page, 'About us').click();
  await expectOpened(page, 'About us');
  await expect(banner(page)).toBeVisible();
  expect(traffic.requests).toEqual([]);
  await expect(trackerScripts(page)).toHaveCount(0);

  await accept.click();
  await expect(banner(page)).toBeHidden();
  await expect
    .poll(() => traffic.requests.map((request) => request.url))
    .toEqual(
      expect.arrayContaining([`https://www.googletagmanager.com/gtm.js?id=${GTM_ID}`, 'https://connect.facebook.net/en_US/fbevents.js']),
    );
  await expect.poll(() => tagManagerViews(page)).toEqual(['/about-us']);
  await expect.poll(() => pixelViews(page)).toEqual(['/about-us']);

  await footerLink(page, 'Prices').click();
  await expect.poll(() => tagManagerViews(page)).toEqual(['/about-us', '/prices']);
  await expect.poll(() => pixelViews(page)).toEqual(['/about-us', '/prices']);

  // The choice is kept: a new page load asks nothing and loads the scripts again.
  await page.goto(`/meet/${room}`);
  await expect.poll(() => tagManagerViews(page)).toEqual(['/meet/:roomId']);
  await expect(banner(page)).toHaveCount(0);
  // The pixel reads the address itself, so a page whose address holds an id sends it nothing.
  await expect.poll(() => page.evaluate(() => (window as { __pixelCalls?: unknown[] }).__pixelCalls?.length ?? 0)).toBeGreaterThan(0);
  expect(await pixelViews(page)).toEqual([]);

  await page.goto('/prices?auth=login');
  await expect.poll(() => tagManagerViews(page)).toEqual(['/prices']);
  expect(await pixelViews(page)).toEqual([]);

  // Nothing of the room id or the query string reached the data layer or any tracker request (URL or referrer).
  const dataLayer = await page.evaluate(() => JSON.stringify((window as { dataLayer?: unknown[] }).dataLayer));
  expect(dataLayer).not.toContain(room);
  expect(dataLayer).not.toContain('auth=');
  for (const request of traffic.requests) {
    expect(`${request.url} ${request.referer}`).not.toMatch(new RegExp(`${room}|auth=|/meet/|/prices`));
  }
  // The tag manager is told the page by a fixed name, never by the document's title.
  expect(dataLayer).toContain('"page_title":"prices"');
});

test('"Cookie settings" in the footer withdraws: sending stops at once and the cookies go', async ({ page, context, baseURL }) => {
  const traffic = await interceptTrackers(context);
  await page.goto('/contacts');
  await banner(page).getByRole('button', { name: 'Accept all' }).click();
  await expect.poll(() => pixelViews(page)).toEqual(['/contacts']);
  await context.addCookies(['_gcl_au', '_fbc', 'unrelated'].map((name) => ({ name, value: '1', url: baseURL! })));
  // Behind nginx (deploy/nginx.conf) the route cookie keeps the visit on one instance: needed, so it stays.
  const cookieNames = async () =>
    (await context.cookies())
      .map((cookie) => cookie.name)
      .filter((name) => name !== 'rozmova_route')
      .sort();
  await expect.poll(cookieNames).toEqual(['_fbc', '_fbp', '_ga', '_gcl_au', '_gid', 'unrelated']);

  const settings = cookieSettings(page);
  await settings.click();
  await expect(banner(page)).toBeFocused();
  await banner(page).getByRole('button', { name: 'Reject all' }).click();
  await expect(banner(page)).toBeHidden();
  await expect(settings).toBeFocused();
  await expect.poll(cookieNames).toEqual(['unrelated']);

  // Google consent mode is set to denied and the pixel's consent revoked, and no page view follows.
  const consentUpdates = await page.evaluate(() =>
    ((window as { dataLayer?: ArrayLike<unknown>[] }).dataLayer ?? [])
      .filter((entry) => entry[0] === 'consent')
      .map((entry) => Array.from(entry)),
  );
  expect(consentUpdates.at(-1)).toEqual([
    'consent',
    'update',
    { analytics_storage: 'denied', ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' },
  ]);
  const lastPixelCall = await page.evaluate(() => (window as { __pixelCalls?: { args: unknown[] }[] }).__pixelCalls!.at(-1)!.args);
  expect(lastPixelCall).toEqual(['consent', 'revoke']);
  const sentBefore = traffic.requests.length;
  await footerLink(page, 'About us').click();
  await expectOpened(page, 'About us');
  await footerLink(page, 'Prices').click();
  await expectOpened(page, 'Prices');
  expect(await tagManagerViews(page)).toEqual(['/contacts']);
  expect(await pixelViews(page)).toEqual(['/contacts']);
  expect(await cookieNames()).toEqual(['unrelated']);

  // A new visit remembers the refusal: no banner, no script, no request.
  await page.reload();
  await expectOpened(page, 'Prices');
  await expect(banner(page)).toHaveCount(0);
  await expect(trackerScripts(page)).toHaveCount(0);
  expect(traffic.requests.length).toBe(sentBefore);
});

test('"Reject all" on the first visit: nothing loads, then or later', async ({ page, context }) => {
  const traffic = await interceptTrackers(context);
  await page.goto('/');
  await banner(page).getByRole('button', { name: 'Reject all' }).click();
  await expect(banner(page)).toBeHidden();
  await footerLink(page, 'FAQ').click();
  await expect(page).toHaveURL('/faq');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
  await expect(trackerScripts(page)).toHaveCount(0);
  expect(traffic.requests).toEqual([]);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('rozmova-cookie-consent')!) as Record<string, unknown>);
  expect(stored).toEqual({ version: 1, decidedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), analytics: false, advertising: false });

  // A choice made under another version of the cookie policy asks again.
  await page.evaluate(() =>
    localStorage.setItem(
      'rozmova-cookie-consent',
      JSON.stringify({ version: 0, decidedAt: new Date().toISOString(), analytics: true, advertising: true }),
    ),
  );
  await page.reload();
  await expect(banner(page)).toBeVisible();
  expect(traffic.requests).toEqual([]);
});

test('"Choose": nothing ticked beforehand; analytics alone loads only the tag manager', async ({ page, context }) => {
  const traffic = await interceptTrackers(context);
  await page.goto('/');
  await banner(page).getByRole('button', { name: 'Choose' }).click();
  const analytics = banner(page).getByRole('checkbox', { name: /Analytics/ });
  const advertising = banner(page).getByRole('checkbox', { name: /Advertising/ });
  await expect(analytics).toBeFocused();
  await expect(analytics).not.toBeChecked();
  await expect(advertising).not.toBeChecked();
  await analytics.check();
  await banner(page).getByRole('button', { name: 'Save my choice' }).click();
  await expect(banner(page)).toBeHidden();
  await expect.poll(() => tagManagerViews(page)).toEqual(['/']);
  await footerLink(page, 'Contacts').click();
  await expect.poll(() => tagManagerViews(page)).toEqual(['/', '/contacts']);
  expect(traffic.requests.map((request) => new URL(request.url).hostname)).toEqual(['www.googletagmanager.com']);
  expect(await page.evaluate(() => 'fbq' in window)).toBe(false);

  // Opened again, the banner shows the choice kept.
  await cookieSettings(page).click();
  await banner(page).getByRole('button', { name: 'Choose' }).click();
  await expect(analytics).toBeChecked();
  await expect(advertising).not.toBeChecked();
});

test.describe('the banner on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });
  for (const { language, scheme, name, choose } of [
    { language: 'uk', scheme: 'light', name: 'Файли cookie', choose: 'Вибрати' },
    { language: 'en', scheme: 'dark', name: 'Cookies', choose: 'Choose' },
  ] as const) {
    test(`is accessible (${language}, ${scheme})`, async ({ page, context }) => {
      await interceptTrackers(context);
      await page.addInitScript(
        ([language, scheme]) => {
          localStorage.setItem('rozmova-language', language);
          localStorage.setItem('rozmova-color-scheme', scheme);
        },
        [language, scheme] as const,
      );
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
      await expect(banner(page, name)).toBeVisible();
      // Accepting and refusing take the same effort here too: the same button, the same size, side by side.
      const buttons = banner(page, name).getByRole('button');
      const [accept, reject] = [await buttons.nth(0).boundingBox(), await buttons.nth(1).boundingBox()];
      expect(reject!.width).toBeCloseTo(accept!.width, 0);
      expect(reject!.y).toBe(accept!.y);
      await expectAccessible(page);
      await expectNoSidewaysScroll(page);
      await banner(page, name).getByRole('button', { name: choose }).click();
      await expect(banner(page, name).getByRole('checkbox')).toHaveCount(2);
      await expectAccessible(page);
      await expectNoSidewaysScroll(page);
      // The page's last lines are never under the banner: scrolled to the end, the footer sits above it.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const footer = await page.getByRole('contentinfo').boundingBox();
      const band = await banner(page, name).boundingBox();
      expect(footer!.y + footer!.height).toBeLessThanOrEqual(band!.y + 1);
    });
  }
});

test('PIXEL_PATH_PATTERN leaves the signed-in areas out of the pixel; the tag manager still counts them', async ({
  browser,
  mail,
  cluster,
}) => {
  const server = await startAppServer(mail.url, { GTM_ID, PIXEL_ID, PIXEL_PATH_PATTERN: '^/(?!user|meet|doctor|operator|admin)' }, cluster);
  const context = await browser.newContext({ baseURL: server.baseURL });
  const checkPolicy = watchContentSecurityPolicy(context);
  try {
    const request = context.request;
    const adminToken = await apiLogin(request, server.admin.email, server.admin.password);
    const patient = await createUser(request, adminToken, { email: uniqueEmail('consent'), name: 'Olena Consent', role: 'patient' });
    await signInBrowser(context, server, await apiLogin(request, patient.email, patient.password));
    await interceptTrackers(context);
    const page = await context.newPage();
    await page.goto('/about-us');
    await banner(page).getByRole('button', { name: 'Accept all' }).click();
    await expect.poll(() => pixelViews(page)).toEqual(['/about-us']);
    await openAccountMenu(page);
    await page.getByRole('menuitem', { name: 'My cabinet' }).click();
    await expect(page).toHaveURL('/user');
    await expect.poll(() => tagManagerViews(page)).toEqual(['/about-us', '/user']);
    await footerLink(page, 'Self-check').click();
    await expect.poll(() => tagManagerViews(page)).toEqual(['/about-us', '/user', '/diagnosis']);
    await expect.poll(() => pixelViews(page)).toEqual(['/about-us', '/diagnosis']);
    // Nothing of the patient (name, e-mail) went to either.
    const sent = await page.evaluate(() =>
      JSON.stringify([(window as { dataLayer?: unknown }).dataLayer, (window as { __pixelCalls?: unknown }).__pixelCalls]),
    );
    expect(sent).not.toMatch(/Olena|consent-|@e2e/);
    checkPolicy();
  } finally {
    await context.close();
    await server.stop();
  }
});

test('with neither GTM_ID nor PIXEL_ID: no banner, no link, no consent code, no request', async ({ browser, mail, cluster }) => {
  const server = await startAppServer(mail.url, {}, cluster);
  const context = await browser.newContext({ baseURL: server.baseURL });
  try {
    const traffic = await interceptTrackers(context);
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await footerLink(page, 'About us').click();
    await expectOpened(page, 'About us');
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expect(cookieSettings(page)).toHaveCount(0);
    await expect(banner(page)).toHaveCount(0);
    expect(scripts.filter((path) => path.includes('/consent-root'))).toEqual([]);
    expect(scripts.length).toBeGreaterThan(0);
    expect(traffic.requests).toEqual([]);
    expect(await page.evaluate(() => ['dataLayer', 'fbq'].filter((name) => name in window))).toEqual([]);
  } finally {
    await context.close();
    await server.stop();
  }
});
