import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { deliver } from '../../test/factories.ts';
import { call, createTestApp, uniqueEmail, type TestContext } from '../../test/harness.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ env: { BUILD_ID: 'build-2025-03-01' } });
});
afterAll(async () => {
  await t?.close();
});

describe('system routes', () => {
  test('GET /api/health is 200 { status: ok, database: ok }', async () => {
    const response = await call(t.app, 'GET', '/api/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok', database: 'ok' });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('GET /api/version has the build id and is not cached', async () => {
    const response = await call(t.app, 'GET', '/api/version');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ build_id: 'build-2025-03-01' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  test.each([
    'GET /v1/nothing-here',
    'POST /v1/auth/nothing',
    'GET /api/nothing',
    'DELETE /v1/admin/users',
    'GET /socket.io/x',
    'GET /dev/mail',
  ])('%s is a JSON 404', async (route) => {
    const [method, url] = route.split(' ') as [string, string];
    const response = await call(t.app, method, url, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.body).toEqual({ code: 'NOT_FOUND', message: expect.any(String) });
  });

  test('a page path answers 404 JSON while the web app is not built', async () => {
    const response = await call(t.app, 'GET', '/user/quizz', { headers: { accept: 'text/html' } });
    expect(response.status).toBe(404);
    expect(response.body.code).toBe('NOT_FOUND');
  });
});

describe('GET /api/health when the database is gone', () => {
  test('503 { status: unavailable, database: unreachable }', async () => {
    const t = await createTestApp();
    try {
      await t.database.close();
      const response = await call(t.app, 'GET', '/api/health');
      expect(response.status).toBe(503);
      expect(response.body).toEqual({ status: 'unavailable', database: 'unreachable' });
    } finally {
      await t.close();
    }
  });
});

describe('pages of the built web app', () => {
  let web: TestContext;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'rozmova-web-'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><title>Rozmova</title></head><body><div id="root"></div></body></html>',
    );
    web = await createTestApp({ env: { WEB_DIST: dist } });
  });
  afterAll(async () => {
    await web?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  test.each(['/', '/about-us', '/user/quizz', '/user/appointment-step1', '/user/payment-success?appointment=1', '/admin/quiz', '/doctor'])(
    'GET %s: the app, 200',
    async (url) => {
      const response = await call(web.app, 'GET', url, { headers: { accept: 'text/html' } });
      expect(response.status).toBe(200);
      expect(response.text).toContain('<div id="root">');
    },
  );

  test.each(['/no-such-page', '/user/appointment-step6', '/admin/users', '/about-us/more', '/favicon-missing.png'])(
    'GET %s: the app (which shows its 404 page) with status 404',
    async (url) => {
      const response = await call(web.app, 'GET', url, { headers: { accept: 'text/html' } });
      expect(response.status).toBe(404);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.text).toContain('<div id="root">');
    },
  );
});

describe('/dev/mail, the development outbox', () => {
  describe('outside production without SMTP_URL', () => {
    let t: TestContext;
    beforeAll(async () => {
      t = await createTestApp({ mailer: 'default', env: { NODE_ENV: 'development' } });
    });
    afterAll(async () => {
      await t?.close();
    });

    test('exists and shows the mail the app sent', async () => {
      expect(t.services.mailer.outbox).toBeDefined();
      const email = uniqueEmail('outbox');
      expect((await call(t.app, 'POST', '/v1/verification-codes/register/send-code', { body: { email, locale: 'en' } })).status).toBe(204);
      await deliver(t);
      const page = await call(t.app, 'GET', '/dev/mail');
      expect(page.status).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.text).toContain('Your Rozmova confirmation code');
      expect(page.text).toContain(email);
      expect(page.text).toMatch(/\b\d{6}\b/);
      expect(t.mail.all()).toEqual([]);
    });

    test('escapes what it shows', async () => {
      const body = { name: '<script>alert(1)</script>', email: 'x@example.com', message: '<b>hi</b>' };
      expect((await call(t.app, 'POST', '/v1/contact', { body })).status).toBe(204);
      const page = await call(t.app, 'GET', '/dev/mail');
      expect(page.text).not.toContain('<script>alert(1)</script>');
      expect(page.text).toContain('&lt;script&gt;');
    });

    test('GET /api/version has a build id without BUILD_ID', async () => {
      expect((await call(t.app, 'GET', '/api/version')).body).toEqual({ build_id: expect.stringMatching(/.+/) });
    });
  });

  test('does not exist in production (which requires SMTP_URL)', async () => {
    const env = {
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://127.0.0.1:9',
      PAYMENT_PROVIDER: 'sandbox',
      TWO_FACTOR_KEY: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=',
    };
    const t = await createTestApp({ mailer: 'default', env });
    try {
      expect(t.services.mailer.outbox).toBeUndefined();
      const response = await call(t.app, 'GET', '/dev/mail');
      expect(response.status).toBe(404);
      expect(response.body.code).toBe('NOT_FOUND');
    } finally {
      await t.close();
    }
  });

  test('does not exist when mail goes through SMTP (the test app)', async () => {
    expect(t.services.mailer.outbox).toBeUndefined();
    expect((await call(t.app, 'GET', '/dev/mail')).status).toBe(404);
  });
});
