import type { APIRequestContext, Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, expectAccessible, test as base } from '../support/fixtures.ts';

/*
 * A deployment while a tab is open (docs/product.md §7, §9): the server reads the build on disk, so replacing index.html is a
 * new build (B) behind the same server. The tab notices it when it comes back into focus, says so, and loads B at the
 * next change of page, but never over unsent input, and asks before that input is left behind. A lazy page whose file
 * is gone reloads the page once; a second failure within 10 seconds shows the error page with a reload button.
 */

const builtApp = process.env.WEB_DIST ?? fileURLToPath(new URL('../../apps/web/dist', import.meta.url));
// The app of this file serves a copy of the build, which the tests deploy new builds into.
const dist = mkdtempSync(path.join(tmpdir(), 'rozmova-updates-'));
cpSync(builtApp, dist, { recursive: true });
const originalIndex = readFileSync(path.join(dist, 'index.html'), 'utf8');

const test = base.extend({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  appEnv: [async ({}, use) => use({ WEB_DIST: dist }), { scope: 'worker' }],
});
test.afterAll(() => rmSync(dist, { recursive: true, force: true }));

let deployments = 0;
/** A deployment: a new index.html (another build id), written as a deployment should, by renaming over the old one. */
function deploy(): void {
  deployments++;
  const html = originalIndex.replace('</head>', `<meta name="rozmova-deployment" content="${deployments}"></head>`);
  writeFileSync(path.join(dist, 'index.html.next'), html);
  renameSync(path.join(dist, 'index.html.next'), path.join(dist, 'index.html'));
}

const buildOnServer = async (request: APIRequestContext) =>
  ((await (await request.get('/api/version')).json()) as { build_id: string }).build_id;
const buildOfPage = (page: Page) =>
  page.evaluate(() => (window as unknown as { __ROZMOVA__?: { build_id?: string } }).__ROZMOVA__?.build_id);

/** Deploys a new build, waits until the server serves it, and brings the tab back into focus. */
async function deployAndFocus(page: Page, request: APIRequestContext): Promise<string> {
  const before = await buildOnServer(request);
  deploy();
  await expect.poll(() => buildOnServer(request)).not.toBe(before);
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  return buildOnServer(request);
}

/** Marks the loaded document: a full page load starts a new one without the mark. */
const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { loadedBefore: boolean }).loadedBefore = true));
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { loadedBefore?: boolean }).loadedBefore === true);

const notice = (page: Page) => page.getByRole('status').filter({ hasText: 'A new version of Rozmova is ready' });
const footerLink = (page: Page, name: string) =>
  page.getByRole('contentinfo').getByRole('navigation').getByRole('link', { name, exact: true });

/** A page of the app once the update agent has asked for the build (about a second after the start). */
async function open(page: Page, url: string) {
  const firstCheck = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/version');
  await page.goto(url);
  const response = await firstCheck;
  expect(response.headers()['cache-control']).toBe('no-store');
  expect(((await response.json()) as { build_id: string }).build_id).toBe(await buildOfPage(page));
}

test('a new build: the tab says so when focused, and the next page is loaded from it', async ({ page, request }) => {
  await open(page, '/about-us');
  await expect(notice(page)).toHaveCount(0);

  const next = await deployAndFocus(page, request);
  await expect(notice(page)).toBeVisible();
  await expect(notice(page).getByRole('button', { name: 'Reload', exact: true })).toBeVisible();
  await expectAccessible(page);

  // Still the page as it was until the person moves on; then the next page comes from the new build.
  await markDocument(page);
  await Promise.all([page.waitForEvent('load'), footerLink(page, 'Prices').click()]);
  await expect(page).toHaveURL('/prices');
  await expect(page.getByRole('heading', { level: 1, name: 'Prices', exact: true })).toBeVisible();
  expect(await sameDocument(page)).toBe(false);
  expect(await buildOfPage(page)).toBe(next);
  await expect(notice(page)).toHaveCount(0);
});

test('the notice in Ukrainian reloads the page with its button', async ({ page, request }) => {
  await page.addInitScript(() => localStorage.setItem('rozmova-language', 'uk'));
  await open(page, '/contacts');
  const next = await deployAndFocus(page, request);
  const ukNotice = page.getByRole('status').filter({ hasText: 'Доступна нова версія Rozmova' });
  await expect(ukNotice).toBeVisible();
  await expectAccessible(page);
  await Promise.all([page.waitForEvent('load'), ukNotice.getByRole('button', { name: 'Перезавантажити', exact: true }).click()]);
  expect(await buildOfPage(page)).toBe(next);
  await expect(page).toHaveURL('/contacts');
});

test('unsent input: no reload at the next page; leaving asks first, and the browser asks too', async ({ page, request }) => {
  await open(page, '/contacts');
  const message = page.getByRole('textbox', { name: 'Message' });
  await message.fill('Доброго дня! Хочу дізнатися про консультації для команди.');
  await deployAndFocus(page, request);
  await expect(notice(page)).toBeVisible();
  await markDocument(page);

  await footerLink(page, 'Prices').click();
  const leave = page.getByRole('dialog', { name: 'Leave this page?', exact: true });
  await expect(leave).toBeVisible();
  await expect(leave).toContainText('What you have written here is not sent yet.');
  await expectAccessible(page);
  await leave.getByRole('button', { name: 'Stay on the page', exact: true }).click();
  await expect(leave).toHaveCount(0);
  await expect(page).toHaveURL('/contacts');
  await expect(message).toHaveValue('Доброго дня! Хочу дізнатися про консультації для команди.');
  expect(await sameDocument(page)).toBe(true);

  // Closing the tab or reloading it: the browser's own question.
  const question = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const asked = await question;
  expect(asked.type()).toBe('beforeunload');
  await asked.dismiss();
  expect(page.isClosed()).toBe(false);

  // Leaving on purpose: the page changes without a reload (the input is the person's to drop), the next change reloads.
  await footerLink(page, 'Prices').click();
  await leave.getByRole('button', { name: 'Leave', exact: true }).click();
  await expect(page).toHaveURL('/prices');
  expect(await sameDocument(page)).toBe(true);
  await Promise.all([page.waitForEvent('load'), footerLink(page, 'About us').click()]);
  await expect(page).toHaveURL('/about-us');
  expect(await sameDocument(page)).toBe(false);
});

test('a call page is never reloaded for a new build: leaving it is an ordinary change of page, the next one loads it', async ({
  page,
  request,
}) => {
  // The room of a consultation as a visitor opens it: the call's page, asking to sign in.
  await open(page, `/meet/${randomUUID()}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to join your consultation', exact: true })).toBeVisible();
  const next = await deployAndFocus(page, request);
  await expect(notice(page)).toBeVisible();
  await markDocument(page);
  // Closing the sign-in dialog the call's page opened, and leaving the page, keep the document.
  const login = page.getByRole('dialog', { name: 'Log in', exact: true });
  await expect(login).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(login).toHaveCount(0);
  await page.getByRole('link', { name: 'Rozmova', exact: true }).click();
  await expect(page).toHaveURL('/');
  expect(await sameDocument(page)).toBe(true);
  await Promise.all([page.waitForEvent('load'), footerLink(page, 'Prices').click()]);
  expect(await buildOfPage(page)).toBe(next);
});

test("a link's page is fetched before it is opened: pointing at the link is enough", async ({ page }) => {
  const fetched: string[] = [];
  page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
  await open(page, '/about-us');
  const faqPage = /^\/assets\/faq-pages-[\w-]+\.js$/;
  expect(fetched.some((path) => faqPage.test(path))).toBe(false);
  await footerLink(page, 'FAQ').hover();
  await expect.poll(() => fetched.some((path) => faqPage.test(path))).toBe(true);
  await footerLink(page, 'FAQ').click();
  await expect(page).toHaveURL('/faq');
});

test('a lazy page whose file is gone reloads once; failing again within 10 s it shows the error page', async ({ page }) => {
  const documents: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documents.push(new URL(request.url()).pathname);
  });
  // The about page's file, as after a deployment that removed it.
  await page.route(/\/assets\/about-page-[\w-]+\.js$/, (route) => route.fulfill({ status: 404, body: 'Not found' }));

  await page.goto('/about-us');
  await expect(page.getByRole('heading', { level: 1, name: 'Internal Server Error', exact: true })).toBeVisible();
  await expect(page.getByText('Part of this page could not be loaded')).toBeVisible();
  const reload = page.getByRole('button', { name: 'Reload', exact: true });
  await expect(reload).toBeVisible();
  // The first load and the one automatic reload, no more.
  expect(documents).toEqual(['/about-us', '/about-us']);
  expect(Number(await page.evaluate(() => sessionStorage.getItem('rozmova-reloaded-at')))).toBeGreaterThan(Date.now() - 10_000);
  await expectAccessible(page);

  // Once the file is there again, the button brings the page.
  await page.unroute(/\/assets\/about-page-[\w-]+\.js$/);
  await reload.click();
  await expect(page.getByRole('heading', { level: 1, name: 'About us', exact: true })).toBeVisible();
  expect(documents).toHaveLength(3);
});

test('offline the page stays as it is: nothing reloads it, and back online a link opens its page', async ({ page, context }) => {
  const documents: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documents.push(new URL(request.url()).pathname);
  });
  // The app's timers (the links in view are fetched once the page has settled) run when the test moves the clock.
  await page.clock.install();
  await page.goto('/about-us');
  await expect(page.getByRole('heading', { level: 1, name: 'About us', exact: true })).toBeVisible();
  // The page's own files, before its timers run.
  await page.waitForLoadState('networkidle');
  await markDocument(page);

  await context.setOffline(true);
  await page.clock.runFor(5_000);
  await expect(page.getByRole('heading', { level: 1, name: 'About us', exact: true })).toBeVisible();
  expect(await sameDocument(page)).toBe(true);
  expect(documents).toEqual(['/about-us']);

  await context.setOffline(false);
  await page.clock.runFor(5_000);
  await footerLink(page, 'Prices').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Prices', exact: true })).toBeVisible();
  expect(await sameDocument(page)).toBe(true);
});
