import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type Page } from '@playwright/test';
import { startAppServer, type AppServer } from './app-server.ts';
import { startMailCapture, type MailCapture } from './mail-capture.ts';

interface WorkerFixtures {
  server: AppServer;
  mail: MailCapture;
}

/** The app and a real SMTP server, started once per worker. */
export const test = base.extend<{ baseURL: string }, WorkerFixtures>({
  mail: [
    async ({}, use) => {
      const mail = await startMailCapture();
      await use(mail);
      await mail.close();
    },
    { scope: 'worker' },
  ],
  server: [
    async ({ mail }, use) => {
      const server = await startAppServer(mail.url);
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ server }, use) => use(server.baseURL),
});

export { expect };

/** axe-core on the current page: no serious or critical violations. */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    blocking.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`),
    `accessibility violations on ${page.url()}`,
  ).toEqual([]);
}

let counter = 0;
export const uniqueEmail = (label: string) => `${label}-${Date.now().toString(36)}-${counter++}@e2e.rozmova.test`;
