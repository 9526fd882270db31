import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type BrowserContext, type Page } from '@playwright/test';
import { startAppServer, type AppServer } from './app-server.ts';
// The API suite's SMTP catcher: one mail parser for both suites.
import { startMailCatcher, type MailCatcher } from '../../apps/api/src/test/mail.ts';

interface WorkerFixtures {
  server: AppServer;
  mail: MailCatcher;
  /** Extra settings of the app's process; a spec overrides it (the meeting specs give it their coturn's). */
  appEnv: Record<string, string>;
  /** Two instances behind nginx on PostgreSQL and Redis instead of one process on PGlite: a project's choice
   * (playwright.config.ts), or every spec's with `E2E_CLUSTER=1`. */
  cluster: boolean;
}

/** The app and a real SMTP server, started once per worker. */
export const test = base.extend<{ baseURL: string }, WorkerFixtures>({
  mail: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      const mail = await startMailCatcher();
      await use(mail);
      await mail.close();
    },
    { scope: 'worker' },
  ],
  // eslint-disable-next-line no-empty-pattern -- as above
  appEnv: [async ({}, use) => use({}), { scope: 'worker' }],
  cluster: [process.env.E2E_CLUSTER === '1', { scope: 'worker', option: true }],
  server: [
    async ({ mail, appEnv, cluster }, use) => {
      const server = await startAppServer(mail.url, appEnv, cluster);
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ server }, use) => use(server.baseURL),
  context: async ({ context }, use) => {
    const check = watchContentSecurityPolicy(context);
    await use(context);
    check();
  },
});

/**
 * Chromium reports every blocked script, style, connection or form post on the console: a test fails on any. The
 * default context is watched by the fixture; a spec watches the contexts it makes itself and calls the check at the end.
 */
export function watchContentSecurityPolicy(context: BrowserContext): () => void {
  const violations: string[] = [];
  context.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(`${message.location().url}: ${message.text()}`);
  });
  return () => expect(violations, 'Content-Security-Policy violations').toEqual([]);
}

export { expect };

/** axe-core on the current page: no serious or critical violations. */
export async function expectAccessible(page: Page): Promise<void> {
  // A toast or dialog fading in or out has a partly transparent text, which axe measures as low contrast, and a toast
  // may start fading out in the middle of the scan: the page is checked as a person reads it, with every transition and
  // animation at its end for the length of the scan.
  const settled = await page.addStyleTag({
    content: '*, *::before, *::after { transition: none !important; animation: none !important; }',
  });
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    // Only violations are read, so the details of passing checks are not collected.
    .options({ resultTypes: ['violations'] })
    // axe runs in the page itself instead of finishing in a new blank page: half the time, and the app has no iframes.
    .setLegacyMode()
    .analyze()
    .finally(() => settled.evaluate((node) => (node as Element).remove()).catch(() => undefined));
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    blocking.map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    ),
    `accessibility violations on ${page.url()}`,
  ).toEqual([]);
}

let counter = 0;
export const uniqueEmail = (label: string) => `${label}-${Date.now().toString(36)}-${counter++}@e2e.rozmova.test`;
