import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Role } from '@rozmova/contracts';
import { cspDirectives, inlineScriptHashes } from '../test/csp.ts';
import { call, createTestApp, loginAs, sessionFor, uniqueEmail, PASSWORD, type TestContext } from '../test/harness.ts';
import { createTestAppWithWebDist } from '../test/web-dist.ts';

/** A built web app as Vite makes it: index.html with the first-paint inline script, and a hashed asset. */
const webDist = {
  'index.html': `<!doctype html>
<html lang="en">
  <head>
    <title>Rozmova</title>
    <script>
      try { document.documentElement.setAttribute('data-mantine-color-scheme', 'dark'); } catch (e) {}
    </script>
    <script type="module" crossorigin src="/assets/index-AbC123xy.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`,
  'assets/index-AbC123xy.js': 'console.log("app");\n',
  'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>\n',
};

describe('the web app', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestAppWithWebDist(webDist);
  });
  afterAll(async () => {
    await t?.close();
  });

  test.each(['/', '/user/quizz'])('GET %s: the hardening headers, scripts from self and the inline scripts by hash', async (url) => {
    const page = await call(t.app, 'GET', url, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const hashes = inlineScriptHashes(page.text);
    // The first-paint script and the runtime settings.
    expect(hashes).toHaveLength(2);
    const csp = cspDirectives(page.headers['content-security-policy']);
    expect(csp['script-src']!.sort()).toEqual(["'self'", ...hashes].sort());
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'none'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['connect-src']).toEqual(["'self'"]);
    expect(csp['form-action']).toEqual(["'self'"]);
    expect(csp['frame-src']).toEqual(["'self'", 'blob:']);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:']);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(page.headers['x-frame-options']).toBe('DENY');
    // The rest of what helmet sent before the headers were written out.
    expect(page.headers).toMatchObject({
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    });
    const permissions = String(page.headers['permissions-policy']).split(/,\s*/);
    expect(permissions).toEqual(expect.arrayContaining(['camera=(self)', 'microphone=(self)', 'geolocation=()', 'payment=()']));
    expect(page.headers['strict-transport-security']).toBeUndefined();
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  test('a hashed asset is cached for a year, immutable', async () => {
    const asset = await call(t.app, 'GET', '/assets/index-AbC123xy.js');
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
  });

  test('a file without a content hash in its name is revalidated', async () => {
    const icon = await call(t.app, 'GET', '/favicon.svg');
    expect(icon.status).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });
});

test('with LiqPay configured, pages may post the checkout form to LiqPay', async () => {
  const t = await createTestApp({ env: { LIQPAY_PUBLIC_KEY: 'sandbox_i0000', LIQPAY_PRIVATE_KEY: 'sandbox_secret' } });
  try {
    const response = await call(t.app, 'GET', '/api/health');
    expect(cspDirectives(response.headers['content-security-policy'])['form-action']).toEqual(["'self'", 'https://www.liqpay.ua']);
  } finally {
    await t.close();
  }
});

describe('the API', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  test('a public answer carries the hardening headers and may be cached', async () => {
    const response = await call(t.app, 'GET', '/v1/doctors');
    expect(response.status).toBe(200);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(cspDirectives(response.headers['content-security-policy'])['frame-ancestors']).toEqual(["'none'"]);
    expect(response.headers['cache-control']).toBeUndefined();
  });

  test('an authenticated answer is never stored, nor its 401, nor a public answer to a request with a token', async () => {
    const patient = await loginAs(t.app, 'patient');
    const profile = await call(t.app, 'GET', '/v1/auth/profile', { token: patient.token });
    expect(profile.status).toBe(200);
    expect(profile.headers['cache-control']).toBe('no-store');
    expect(profile.headers['x-content-type-options']).toBe('nosniff');
    const anonymous = await call(t.app, 'GET', '/v1/auth/profile');
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers['cache-control']).toBe('no-store');
    const doctors = await call(t.app, 'GET', '/v1/doctors', { token: patient.token });
    expect(doctors.status).toBe(200);
    expect(doctors.headers['cache-control']).toBe('no-store');
  });

  test('the answer to a login, which holds a new session token, is never stored', async () => {
    const patient = await loginAs(t.app, 'patient');
    const response = await call(t.app, 'POST', '/v1/auth/login', {
      body: { email: patient.email, password: patient.password, role: 'patient' },
    });
    expect(response.status).toBe(200);
    expect(response.body.token).toEqual(expect.any(String));
    expect(response.headers['cache-control']).toBe('no-store');
  });

  test('no HSTS over plain http, nor for a forwarded https the app does not trust', async () => {
    const response = await call(t.app, 'GET', '/api/health', { headers: { 'x-forwarded-proto': 'https' } });
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  test('headers over the limit answer 431 in the error shape, over a real socket', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1');
      let received = '';
      socket.on('data', (chunk) => (received += chunk.toString()));
      socket.on('close', () => resolve(received));
      socket.on('error', reject);
      socket.write(`GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Filler: ${'x'.repeat(20_000)}\r\n\r\n`);
    });
    const [head, body] = raw.split('\r\n\r\n') as [string, string];
    expect(head).toMatch(/^HTTP\/1\.1 431 /);
    expect(head.toLowerCase()).toContain('content-type: application/json');
    expect(JSON.parse(body)).toEqual({ code: 'REQUEST_HEADERS_TOO_LARGE', message: expect.any(String) });
  });
});

test('HSTS is sent when the request came over https through a trusted proxy', async () => {
  const t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
  try {
    const https = await call(t.app, 'GET', '/api/health', { headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const http = await call(t.app, 'GET', '/api/health', { headers: { 'x-forwarded-proto': 'http' } });
    expect(http.headers['strict-transport-security']).toBeUndefined();
  } finally {
    await t.close();
  }
});

describe('the route walk: every answer to a signed-in request or of a signed-in route is Cache-Control: no-store', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A fresh account of the role for each call, so a route that signs out or deletes the caller spoils no other. */
  async function tokenOf(role: Role): Promise<string> {
    if (role === 'admin') return (await loginAs(t.app, 'admin')).token;
    const user = await t.services.accounts.createAccount({
      email: uniqueEmail(role),
      password: PASSWORD,
      userName: `Test ${role}`,
      role,
      emailVerified: true,
    });
    return sessionFor(t, user.id);
  }

  test('with a valid token of the route’s role and without one, whatever the status', async () => {
    const authenticated = t.app.routeTable.filter((route) => route.access !== 'public');
    expect(authenticated.length).toBeGreaterThan(30);
    const missing: string[] = [];
    for (const route of authenticated) {
      const role: Role = Array.isArray(route.access) ? (route.access[0] ?? 'admin') : 'patient';
      const url = route.url.replace(':id', randomUUID());
      // Without a token a route with optional access answers what any visitor sees, which a cache may keep.
      const tokens = route.access === 'optional' ? [await tokenOf(role)] : [await tokenOf(role), undefined];
      for (const token of tokens) {
        const response = await t.app.inject({
          method: route.method as 'GET',
          url,
          headers: token ? { authorization: `Bearer ${token}` } : {},
          ...(route.hasBody ? { payload: {} } : {}),
        });
        if (response.headers['cache-control'] !== 'no-store') {
          missing.push(
            `${route.method} ${route.url} as ${token ? role : 'anonymous'}: ${response.statusCode} ${response.headers['cache-control']}`,
          );
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
