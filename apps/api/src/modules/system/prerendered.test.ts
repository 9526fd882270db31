import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, type TestContext } from '../../test/harness.ts';
import { createTestAppWithWebDist } from '../../test/web-dist.ts';
import { contentEncodingOf, negotiateLocale } from './prerendered.ts';

/** A build's page as the prerender writes it: the language in `lang`, the content in the root. */
const pageHtml = (locale: string, heading: string) =>
  `<!doctype html><html lang="${locale}"><head><title>${heading}</title></head><body><div id="root" data-prerendered="${locale}"><h1>${heading}</h1></div></body></html>`;

const files = {
  'index.html': '<!doctype html><html lang="en"><head><title>Rozmova</title></head><body><div id="root"></div></body></html>',
  'pages/en/prices.html': pageHtml('en', 'Prices'),
  'pages/uk/prices.html': pageHtml('uk', 'Ціни'),
  'pages/en/notFound.html': pageHtml('en', 'Page Not Found'),
  'pages/uk/notFound.html': pageHtml('uk', 'Сторінку не знайдено'),
  // Not a page the app has: never read, never served.
  'pages/uk/secret.html': pageHtml('uk', 'secret'),
};

const html = { accept: 'text/html' };
const get = (t: TestContext, url: string, headers: Record<string, string> = {}) =>
  call(t.app, 'GET', url, { headers: { ...html, ...headers } });

describe('prerendered public pages', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestAppWithWebDist(files, { env: { PUBLIC_URL: 'https://rozmova.example' } });
  });
  afterAll(() => t?.close());

  test('the language follows the header choice (cookie), then ?lang=, then the browser, then English', async () => {
    expect((await get(t, '/prices')).text).toContain('<h1>Prices</h1>');
    expect((await get(t, '/prices', { 'accept-language': 'uk-UA,uk;q=0.9' })).text).toContain('<h1>Ціни</h1>');
    expect((await get(t, '/prices', { 'accept-language': 'de-DE,uk;q=0.4,en;q=0.8' })).text).toContain('<h1>Prices</h1>');
    expect((await get(t, '/prices?lang=uk', { 'accept-language': 'en' })).text).toContain('<h1>Ціни</h1>');
    const chosen = await get(t, '/prices?lang=en', { 'accept-language': 'en', cookie: 'theme=x; rozmova-language=uk' });
    expect(chosen.text).toContain('<h1>Ціни</h1>');
    expect(chosen.headers['content-language']).toBe('uk');
    expect(String(chosen.headers.vary)).toContain('Cookie');
  });

  test('canonical and hreflang links name each language by its address under PUBLIC_URL', async () => {
    const { text } = await get(t, '/prices', { 'accept-language': 'uk' });
    expect(text).toContain('<link rel="canonical" href="https://rozmova.example/prices?lang=uk">');
    expect(text).toContain('<link rel="alternate" hreflang="en" href="https://rozmova.example/prices?lang=en">');
    expect(text).toContain('<link rel="alternate" hreflang="x-default" href="https://rozmova.example/prices">');
  });

  test('the 404 page: status 404, its HTML in the language, no canonical', async () => {
    const missing = await get(t, '/no-such-page', { 'accept-language': 'uk' });
    expect(missing.status).toBe(404);
    expect(missing.text).toContain('<h1>Сторінку не знайдено</h1>');
    expect(missing.text).not.toContain('canonical');
    for (const file of ['/pages/uk/secret.html', '/pages/uk/prices.html']) {
      const direct = await get(t, file);
      expect(direct.status).toBe(404);
      expect(direct.text).toContain('<h1>Page Not Found</h1>');
    }
  });

  test('a page whose address asks the browser for more (a search, a filter) gets the app, not the HTML', async () => {
    expect((await get(t, '/prices?specialization=psychologist')).text).toContain('<div id="root"></div>');
    expect((await get(t, '/prices?utm_source=mail&lang=uk')).text).toContain('<h1>Ціни</h1>');
    expect((await get(t, '/about-us')).text).toContain('<div id="root"></div>');
  });

  test('compressed as the browser takes it, brotli first', async () => {
    const br = await t.app.inject({ method: 'GET', url: '/prices', headers: { ...html, 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('<h1>Prices</h1>');
    const gzip = await t.app.inject({ method: 'GET', url: '/prices', headers: { ...html, 'accept-encoding': 'gzip;q=1, br;q=0' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toContain('<h1>Prices</h1>');
  });

  test('50 requests at once in mixed languages each get their own; odd headers get English, never an error', async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) => get(t, '/prices', { 'accept-language': index % 2 ? 'uk' : 'en' })),
    );
    answers.forEach((answer, index) => expect(answer.text).toContain(index % 2 ? '<h1>Ціни</h1>' : '<h1>Prices</h1>'));
    for (const headers of <Record<string, string>[]>[
      { 'accept-language': 'x'.repeat(8000) },
      { 'accept-language': 'uk;q=abc, en;q=' },
      { cookie: 'rozmova-language=\u0001uk' },
      { cookie: 'rozmova-language=de' },
    ]) {
      const answer = await get(t, '/prices', headers);
      expect(answer.status).toBe(200);
      expect(answer.text).toContain('<h1>Prices</h1>');
    }
  });
});

test('in another mode than landing every page is the browser app (its start page and calls differ)', async () => {
  const t = await createTestAppWithWebDist(files, { env: { APP_MODE: 'quizz' } });
  try {
    expect((await get(t, '/prices', { 'accept-language': 'uk' })).text).toContain('<div id="root"></div>');
  } finally {
    await t.close();
  }
});

test('negotiation and encoding rules', () => {
  const request = (headers: Record<string, string>, query: unknown = {}) => ({ headers, query });
  expect(negotiateLocale(request({ 'accept-language': 'uk;q=0, en;q=0.1' }))).toBe('en');
  expect(negotiateLocale(request({ 'accept-language': 'UK-ua' }))).toBe('uk');
  expect(negotiateLocale(request({}, { lang: ['uk', 'en'] }))).toBe('en');
  expect(contentEncodingOf(undefined)).toBeUndefined();
  expect(contentEncodingOf('identity')).toBeUndefined();
  expect(contentEncodingOf('br;q=0, gzip')).toBe('gzip');
});
