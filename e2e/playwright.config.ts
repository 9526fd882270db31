import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: './specs',
  fullyParallel: false,
  // Most specs wait on the network and the page far more than they compute: two at a time, each worker with its own
  // app server. The video calls measure media flowing between two browsers, so they run one at a time after the rest.
  workers: 2,
  retries: 0,
  // A CI machine under load runs a spec two to three times slower than an idle one: the limits catch a hang, not a pace.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? 'list' : [['list']],
  projects: [
    { name: 'pages', testIgnore: /meeting[^/]*\.spec\.ts$/ },
    { name: 'calls', testMatch: /meeting[^/]*\.spec\.ts$/, workers: 1, dependencies: ['pages'] },
  ],
  use: {
    trace: 'retain-on-failure',
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    },
  },
});
