import { defineConfig } from '@playwright/test';

const calls = /meeting[^/]*\.spec\.ts$/;
// What `npm start` runs, one process on the embedded database: how it starts and serves its pages in each mode, takes a
// new build, and every page of every role in the 360 px sweep.
const onOneProcess = /\/(first-run|app-modes|updates|prerendered-pages|pages|axe-sweep|consent-analytics|new-user-layout)\.spec\.ts$/;

export default defineConfig<object, { cluster: boolean }>({
  testDir: './specs',
  fullyParallel: false,
  // Most specs wait on the network and the page far more than they compute: two at a time, each worker with its own
  // app server. The video calls measure media flowing between two browsers, so they run one at a time after the rest.
  workers: 2,
  // In CI a spec that failed runs once more, and the report lists it as flaky: a machine two to four times slower than a
  // developer's (the same suite took 10.5 min here and 36.7 min in CI) must not lose a run to one slow moment, and the
  // flaky list is what gets fixed next. Locally a failure is a failure.
  retries: process.env.CI ? 1 : 0,
  // A CI machine under load runs a spec two to three times slower than an idle one: the limits catch a hang, not a pace.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? 'list' : [['list']],
  // Every other spec runs against two instances behind nginx on PostgreSQL and Redis (what a deployment runs), with an
  // instance killed and started again in the middle of some of them (support/failover.ts); the specs above against one
  // process on the embedded database, as `npm start` runs the app. `E2E_CLUSTER=1` puts those on two instances too.
  projects: [
    { name: 'pages', testMatch: onOneProcess },
    { name: 'pages on two instances', testIgnore: [calls, onOneProcess], use: { cluster: true } },
    {
      name: 'calls',
      testMatch: calls,
      workers: 1,
      dependencies: ['pages', 'pages on two instances'],
      use: { cluster: true },
    },
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
