import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig } from '../config.ts';
import { analyticsSources } from './analytics-csp.ts';
import { cspDirectives } from '../test/csp.ts';
import { call, createTestApp, type TestContext } from '../test/harness.ts';

const trackerHost = /googletagmanager|google-analytics|analytics\.google|facebook/;

async function policyOf(env: Record<string, string>, url = '/api/health'): Promise<Record<string, string[]>> {
  const t = await createTestApp({ env });
  try {
    const response = await call(t.app, 'GET', url);
    return cspDirectives(response.headers['content-security-policy']);
  } finally {
    await t.close();
  }
}

describe('Content-Security-Policy for the tag manager and the pixel', () => {
  let withBoth: TestContext;
  beforeAll(async () => {
    withBoth = await createTestApp({ env: { GTM_ID: 'GTM-TEST123', PIXEL_ID: '1234567890' } });
  });
  afterAll(async () => {
    await withBoth?.close();
  });

  test('without GTM_ID and PIXEL_ID no tracker host is allowed anywhere', async () => {
    const csp = await policyOf({});
    expect(
      Object.values(csp)
        .flat()
        .filter((source) => trackerHost.test(source)),
    ).toEqual([]);
    expect(csp['script-src']!.filter((source) => !source.startsWith("'sha256-"))).toEqual(["'self'"]);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:']);
    expect(csp['connect-src']).toEqual(["'self'"]);
  });

  test.each(['/api/health', '/v1/no-such-route'])('with both ids, %s allows their hosts to load, draw and send', async (url) => {
    const response = await call(withBoth.app, 'GET', url);
    const csp = cspDirectives(response.headers['content-security-policy']);
    expect(csp['script-src']).toEqual(expect.arrayContaining(["'self'", 'https://*.googletagmanager.com', 'https://connect.facebook.net']));
    expect(csp['img-src']).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://*.google-analytics.com',
      'https://*.googletagmanager.com',
      'https://www.facebook.com',
    ]);
    expect(csp['connect-src']).toEqual([
      "'self'",
      'https://*.google-analytics.com',
      'https://*.analytics.google.com',
      'https://*.googletagmanager.com',
      'https://www.facebook.com',
    ]);
    // Nothing else is opened up: no inline scripts, no eval, no frames of theirs.
    expect(csp['script-src']!.join(' ')).not.toMatch(/unsafe/);
    expect(csp['frame-src']).toEqual(["'self'", 'blob:']);
    expect(csp['default-src']).toEqual(["'self'"]);
  });

  test('the tag manager alone allows only Google hosts, the pixel alone only its own', () => {
    const gtm = Object.values(analyticsSources({ gtmId: 'GTM-TEST123' })).flat();
    expect(gtm).toContain('https://*.googletagmanager.com');
    expect(gtm.filter((source) => /facebook/.test(source))).toEqual([]);
    const pixel = analyticsSources({ pixelId: '1234567890' });
    expect(pixel).toEqual({
      scriptSrc: ['https://connect.facebook.net'],
      imgSrc: ['https://www.facebook.com'],
      connectSrc: ['https://www.facebook.com'],
    });
    expect(analyticsSources({ pixelPathPattern: '^/' })).toEqual({ scriptSrc: [], imgSrc: [], connectSrc: [] });
  });

  test.each([
    ['GTM_ID', 'UA-12345'],
    ['GTM_ID', "GTM-ABC123 'unsafe-inline'"],
    ['PIXEL_ID', '12345; script-src *'],
    ['PIXEL_PATH_PATTERN', '(unclosed'],
  ])('%s=%j is refused at start, so it never reaches the header', (name, value) => {
    expect(() => loadConfig({ NODE_ENV: 'test', [name]: value })).toThrow(name);
  });
});
