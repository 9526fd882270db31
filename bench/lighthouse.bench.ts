/**
 * The public pages' loading as Lighthouse sees it: each public page of the production build, served by the real app,
 * in both languages, three runs each (Lighthouse's mobile preset, simulated throttling, the system Chromium), the
 * median of performance score, FCP, LCP, TBT, CLS and transferred JavaScript, with the machine's load average beside
 * it. Baseline, in the same run and browser: a tiny static HTML page from a loopback server of its own; the ratio is
 * the page's FCP over the baseline's. Exits non-zero only when a run failed, a request left loopback or a page did
 * not fetch its language, never because a target was missed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { webPages, type Locale } from '@rozmova/contracts';
import { startAppServer, type AppServer } from '../e2e/support/app-server.ts';
import { envNumber, format, markFailed, printHeader, printTable, runBench, SMOKE, verdict } from './support.ts';

const RUNS = Math.round(envNumber('BENCH_RUNS', 3, 1));
const TIME_LIMIT_MS = 90 * 60_000;
const ATTEMPTS = 3;
const TARGETS = { score: 95, lcpMs: 1_500, tbtMs: 150, cls: 0.02, fcpRatio: 1.3 } as const;
/** BENCH_REPORTS=dir keeps each run's whole Lighthouse report there, to read what held a page back. */
const REPORTS = process.env.BENCH_REPORTS;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const WEB_DIST = path.resolve(process.env.WEB_DIST ?? fileURLToPath(new URL('../apps/web/dist', import.meta.url)));

const NOT_FOUND = '/no-such-page';
const PUBLIC_PAGES = [
  webPages.home,
  webPages.prices,
  webPages.aboutUs,
  webPages.contacts,
  webPages.diagnosis,
  webPages.specialists,
  webPages.corporateClients,
  webPages.faq,
  webPages.terms,
  webPages.privacy,
  NOT_FOUND,
];
/** BENCH_PAGES=/prices,/faq measures some of them; a smoke run measures the landing page in English once. */
const PAGES = SMOKE ? [webPages.home] : (process.env.BENCH_PAGES?.split(',').filter(Boolean) ?? PUBLIC_PAGES);
const LANGUAGES: readonly Locale[] = SMOKE ? ['en'] : ['en', 'uk'];

// ---- the browser ---------------------------------------------------------------------------------

interface Chromium {
  port: number;
  close(): Promise<void>;
}

/**
 * The system Chromium with a fresh profile and a DevTools port for Lighthouse. `--accept-lang` sets what the page
 * reads as `navigator.languages` (the app's first-visit language, docs/product.md); no host name resolves, so nothing it or
 * Lighthouse asks for can leave loopback.
 */
async function launchChromium(language: Locale): Promise<Chromium> {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'rozmova-lighthouse-'));
  const child: ChildProcess = spawn(
    CHROMIUM,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--no-default-browser-check',
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
      `--accept-lang=${language}`,
      `--user-data-dir=${profile}`,
      '--remote-debugging-address=127.0.0.1',
      '--remote-debugging-port=0',
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /DevTools listening on ws:\/\/127\.0\.0\.1:(\d+)\//.exec(output);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`Chromium exited with ${code} before it listened:\n${output}`)));
  });
  return {
    port,
    async close() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      // Chromium's helper processes may still be writing to the profile for a moment after the browser exits.
      rmSync(profile, { recursive: true, force: true, maxRetries: 10 });
    },
  };
}

// ---- the baseline --------------------------------------------------------------------------------

const EMPTY_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
  '<title>Baseline</title></head><body><p>Baseline</p></body></html>';

async function startStaticPage(): Promise<{ url: string; server: Server }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
    response.end(EMPTY_PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/`, server };
}

// ---- one Lighthouse run --------------------------------------------------------------------------

interface Shift {
  element: string;
  score: number;
}

interface Sample {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** Transferred JavaScript, bytes. */
  js: number;
  /** The 1-minute load average when the run started. */
  load: number;
  shifts: Shift[];
  /** The app's translations the page fetched (`/assets/en-….js`, `/assets/uk-….js`). */
  translations: string[];
  /** What Lighthouse took as the largest contentful paint. */
  lcpElement: string;
}

const numeric = (lhr: Result, id: string) => {
  const value = lhr.audits[id]?.numericValue;
  if (typeof value !== 'number') throw new Error(`${lhr.finalDisplayedUrl}: no ${id} (${lhr.audits[id]?.errorMessage ?? 'missing'})`);
  return value;
};

interface TableItem {
  [key: string]: unknown;
}
const tableItems = (lhr: Result, id: string): TableItem[] => {
  const details = lhr.audits[id]?.details as { items?: TableItem[] } | undefined;
  return details?.items ?? [];
};

const requestedUrls = (lhr: Result) => tableItems(lhr, 'network-requests').map((item) => String(item.url));

/** Every request that went anywhere but loopback (data: and blob: stay in the page). */
const offLoopback = (urls: string[]) =>
  urls.filter((url) => /^(https?|wss?):/.test(url) && !['127.0.0.1', 'localhost', '[::1]'].includes(new URL(url).hostname));

/**
 * A Lighthouse run that recorded the page; a run whose trace came out broken (NO_NAVSTART and the like, Lighthouse's
 * own "run Lighthouse again", more frequent on a busy machine) is run again, up to {@link ATTEMPTS} times in all.
 */
async function recordedRun(url: string, flags: Flags): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, flags);
    if (!result) throw new Error(`${url}: Lighthouse gave no result`);
    const { runtimeError } = result.lhr;
    if (!runtimeError) return result.lhr;
    const failure = `${url}: ${runtimeError.code} ${runtimeError.message}`;
    if (attempt === ATTEMPTS) throw new Error(failure);
    console.log(`  ${failure}; running it again`);
  }
}

let reportCount = 0;
function saveReport(lhr: Result, url: string, language: Locale): void {
  mkdirSync(REPORTS!, { recursive: true });
  const name = `${++reportCount}-${language}${new URL(url).pathname.replaceAll('/', '-')}.json`;
  writeFileSync(path.join(REPORTS!, name), JSON.stringify(lhr));
}

/** A node of a Lighthouse table as its selector's last step and the start of its text. */
function elementOf(item: TableItem): string {
  const node = item.node as { selector?: string; nodeLabel?: string } | undefined;
  const label = node?.nodeLabel?.replace(/\s+/g, ' ').slice(0, 50) ?? '';
  return `${node?.selector?.split(' > ').at(-1) ?? '?'} "${label}"`;
}

/** The largest contentful paint's element (its audit holds a table of one node, then the phases' table). */
function lcpElementOf(lhr: Result): string {
  const details = lhr.audits['largest-contentful-paint-element']?.details as { items?: { items?: TableItem[] }[] } | undefined;
  const item = details?.items?.[0]?.items?.[0];
  return item ? elementOf(item) : '?';
}

async function measure(chromium: Chromium, url: string, language: Locale, notFound: boolean): Promise<Sample> {
  const load = os.loadavg()[0]!;
  const flags: Flags = {
    port: chromium.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    extraHeaders: { 'Accept-Language': language },
    // The 404 page answers 404 on purpose; Lighthouse would refuse to measure it.
    ignoreStatusCode: notFound,
  };
  const lhr = await recordedRun(url, flags);
  if (REPORTS) saveReport(lhr, url, language);
  const urls = requestedUrls(lhr);
  const outside = offLoopback(urls);
  if (outside.length > 0) {
    console.error(`${url}: requests left loopback: ${outside.join(', ')}`);
    markFailed();
  }
  const script = tableItems(lhr, 'resource-summary').find((item) => item.resourceType === 'script');
  return {
    score: Math.round((lhr.categories.performance?.score ?? Number.NaN) * 100),
    fcp: numeric(lhr, 'first-contentful-paint'),
    lcp: numeric(lhr, 'largest-contentful-paint'),
    tbt: numeric(lhr, 'total-blocking-time'),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    js: Number(script?.transferSize ?? 0),
    load,
    shifts: tableItems(lhr, 'layout-shifts').map((item) => ({ element: elementOf(item), score: Number(item.score) })),
    lcpElement: lcpElementOf(lhr),
    translations: urls.flatMap((url) => /\/assets\/(en|uk)-[\w-]+\.js$/.exec(url)?.[1] ?? []),
  };
}

/**
 * The page showed the visitor's language: the app fetched that translation and no other (both have the same keys, so
 * no fallback language is loaded beside it).
 */
function checkLanguage(sample: Sample, url: string, language: Locale): void {
  const { translations } = sample;
  if (!translations.includes(language) || translations.some((fetched) => fetched !== language)) {
    console.error(`${url}: expected the ${language} translation, the page fetched ${translations.join(', ') || 'none'}`);
    markFailed();
  }
}

// ---- the run ------------------------------------------------------------------------------------

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

interface Row {
  page: string;
  language: Locale;
  samples: Sample[];
}

runBench('lighthouse', { timeLimitMs: TIME_LIMIT_MS, failureMessage: 'lighthouse bench: a run failed (see above)' }, async () => {
  printHeader("Public pages in Lighthouse (mobile, simulated throttling) against an empty static page's first paint");
  if (!existsSync(path.join(WEB_DIST, 'index.html'))) {
    if (!SMOKE) throw new Error(`No web build in ${WEB_DIST}: run \`npm run build\` first (or set WEB_DIST)`);
    console.log(`lighthouse: skipped, no web build in ${WEB_DIST} (run \`npm run build\` first)`);
    return;
  }
  // The server sends the build's precompressed copies; without them every file would go uncompressed.
  if (!readdirSync(path.join(WEB_DIST, 'assets')).some((file) => file.endsWith('.js.br'))) {
    const message = `The web build in ${WEB_DIST} has no compressed copies: run \`node apps/web/scripts/compress.mjs ${WEB_DIST}\``;
    if (!SMOKE) throw new Error(message);
    console.log(`${message} (a smoke run measures it anyway)`);
  }

  const baselinePage = await startStaticPage();
  let server: AppServer | undefined;
  const rows: Row[] = [];
  const baseline: Record<Locale, Sample[]> = { en: [], uk: [] };
  try {
    // The app as `npm start` runs it (demo doctors, prices and FAQ), serving the build under test.
    server = await startAppServer('', { WEB_DIST, DEMO_DATA: 'true' });
    console.log(`app ${server.baseURL} (web build ${WEB_DIST}), baseline ${baselinePage.url}`);
    console.log(`${PAGES.length} pages × ${LANGUAGES.join(', ')} × ${RUNS} runs, each round with the baseline first\n`);
    for (const language of LANGUAGES) {
      const chromium = await launchChromium(language);
      try {
        const languageRows = PAGES.map((page): Row => ({ page, language, samples: [] }));
        rows.push(...languageRows);
        for (let round = 1; round <= RUNS; round++) {
          baseline[language].push(await measure(chromium, baselinePage.url, language, false));
          for (const row of languageRows) {
            const url = `${server.baseURL}${row.page}`;
            const sample = await measure(chromium, url, language, row.page === NOT_FOUND);
            checkLanguage(sample, url, language);
            row.samples.push(sample);
            console.log(
              `  ${language} ${row.page.padEnd(20)} run ${round}: score ${sample.score}, FCP ${ms(sample.fcp)}, LCP ${ms(sample.lcp)}, ` +
                `TBT ${ms(sample.tbt)}, CLS ${format(sample.cls, 3)}, JS ${kb(sample.js)} KB, load ${format(sample.load, 2)}, ` +
                `LCP element ${sample.lcpElement}`,
            );
          }
        }
      } finally {
        await chromium.close();
      }
    }
  } finally {
    await server?.stop();
    await new Promise((resolve) => baselinePage.server.close(resolve));
  }

  printTable(
    ['page', 'lang', 'score', 'FCP ms', 'LCP ms', 'TBT ms', 'CLS', 'JS KB', 'FCP/baseline', 'load avg'],
    [
      ...LANGUAGES.map((language) => figuresRow('(empty static page)', language, baseline[language], baseline[language])),
      ...rows.map((row) => figuresRow(row.page, row.language, row.samples, baseline[row.language])),
    ],
    [0, 1],
  );

  const judged = rows.map((row) => ({ row, misses: misses(row, baseline[row.language]) }));
  console.log(
    `targets (median of ${RUNS}): performance ≥ ${TARGETS.score}, LCP < ${TARGETS.lcpMs} ms, TBT < ${TARGETS.tbtMs} ms, ` +
      `CLS ≤ ${TARGETS.cls}, FCP/baseline ≤ ${TARGETS.fcpRatio}`,
  );
  for (const { row, misses: missed } of judged) {
    const shifts = missed.includes('CLS') ? `; shifts: ${topShifts(row)}` : '';
    console.log(
      `  ${row.language} ${row.page.padEnd(20)} ${verdict(missed.length === 0)}${missed.length ? ` (${missed.join(', ')})` : ''}${shifts}`,
    );
  }
  const passed = judged.filter((entry) => entry.misses.length === 0).length;
  console.log(`\n${passed} of ${judged.length} pages meet every target: ${verdict(passed === judged.length)}`);
});

const ms = (value: number) => format(value, 0);
const kb = (bytes: number) => format(bytes / 1024, 1);

function medians(samples: Sample[]) {
  const of = (key: 'score' | 'fcp' | 'lcp' | 'tbt' | 'cls' | 'js' | 'load') => median(samples.map((sample) => sample[key]));
  return { score: of('score'), fcp: of('fcp'), lcp: of('lcp'), tbt: of('tbt'), cls: of('cls'), js: of('js'), load: of('load') };
}

function figuresRow(page: string, language: Locale, samples: Sample[], baseline: Sample[]): string[] {
  const m = medians(samples);
  return [
    page,
    language,
    String(m.score),
    ms(m.fcp),
    ms(m.lcp),
    ms(m.tbt),
    format(m.cls, 3),
    kb(m.js),
    format(m.fcp / medians(baseline).fcp, 2),
    format(m.load, 2),
  ];
}

function misses(row: Row, baseline: Sample[]): string[] {
  const m = medians(row.samples);
  return [
    m.score < TARGETS.score && 'performance',
    m.lcp >= TARGETS.lcpMs && 'LCP',
    m.tbt >= TARGETS.tbtMs && 'TBT',
    m.cls > TARGETS.cls && 'CLS',
    m.fcp / medians(baseline).fcp > TARGETS.fcpRatio && 'FCP ratio',
  ].filter((miss): miss is string => miss !== false);
}

/** The elements that moved most in the run with the median CLS. */
function topShifts(row: Row): string {
  const sorted = [...row.samples].sort((a, b) => a.cls - b.cls);
  const shifts = sorted[Math.floor(sorted.length / 2)]!.shifts;
  return shifts
    .slice(0, 3)
    .map((shift) => `${format(shift.score, 3)} ${shift.element}`)
    .join(' | ');
}
