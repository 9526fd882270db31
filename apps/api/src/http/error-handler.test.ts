import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { endpoint } from '@rozmova/contracts';
import { AppError } from '../lib/app-error.ts';
import { call, createTestApp, LogCapture, login, PASSWORD, registerPatient, uniqueEmail, type TestContext } from '../test/harness.ts';
import { route } from './route.ts';

const failing = (path: string) => endpoint({ method: 'GET', path, access: 'public', responses: { 200: z.null() } });

const SECRET_EMAIL = 'leaky-secret@example.com';

describe('a 500 never shows internals', () => {
  let t: TestContext;
  const logs = new LogCapture();
  beforeAll(async () => {
    t = await createTestApp({
      logStream: logs,
      beforeReady: (app) => {
        route(app, failing('/v1/test/explode'), async () => {
          const error = new Error(`Failed query: select * from users where email = $1\\nparams: ${SECRET_EMAIL}`);
          throw Object.assign(error, { code: '23505' });
        });
        route(app, failing('/v1/test/app-error'), async () => {
          throw new AppError('EMAIL_TAKEN', 'Taken');
        });
      },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  test('an unexpected error is { code: INTERNAL, message } with a request id, logged without the query parameters', async () => {
    const response = await call(t.app, 'GET', '/v1/test/explode');
    expect(response.status).toBe(500);
    expect(response.body).toEqual({ code: 'INTERNAL', message: 'Something went wrong on our side' });
    expect(response.text).not.toMatch(/select|users|stack|at |23505/i);
    const requestId = response.headers['x-request-id'];
    const failure = logs.lines().find((line) => line.msg === 'request failed');
    expect(failure).toMatchObject({ reqId: requestId, level: 50 });
    expect(JSON.stringify(failure)).toContain('Failed query');
    expect(logs.text).not.toContain(SECRET_EMAIL);
  });

  test('an AppError keeps its code and status', async () => {
    const response = await call(t.app, 'GET', '/v1/test/app-error');
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ code: 'EMAIL_TAKEN', message: 'Taken' });
  });

  test('with the database gone, an auth call is a plain 500 without SQL, and the log holds no e-mail or password', async () => {
    const { email } = await registerPatient(t.app, t.mail);
    await t.database.close();
    const response = await call(t.app, 'POST', '/v1/auth/login', { body: { email, password: PASSWORD } });
    expect(response.status).toBe(500);
    expect(response.body).toEqual({ code: 'INTERNAL', message: 'Something went wrong on our side' });
    expect(response.text).not.toMatch(/select|from|where|users|pglite|pool|stack/i);
    expect(logs.lines().filter((line) => line.msg === 'request failed')).toHaveLength(2);
    expect(logs.text).not.toContain(email);
    expect(logs.text).not.toContain(PASSWORD);
  });
});

describe('no log line carries a password, token or code', () => {
  test('across sign-up, login, verify, password change, recovery and failures', async () => {
    const logs = new LogCapture();
    const t = await createTestApp({ logStream: logs });
    try {
      const secrets: string[] = [];
      const codes: string[] = [];
      const email = uniqueEmail('logged');
      const headers = { 'x-location': `https://rozmova.example/user?email=${email}`, cookie: 'auth_token=cookie-secret-value' };

      await call(t.app, 'POST', '/v1/verification-codes/register/send-code', { body: { email }, headers });
      const code = await t.mail.codeFor(email);
      codes.push(code);
      // A refused body still must not be logged.
      await call(t.app, 'POST', '/v1/auth/register-patient', { body: { email, code, password: 'short', user_name: 'A' } });
      const registered = await call(t.app, 'POST', '/v1/auth/register-patient', {
        body: { email, code, password: PASSWORD, user_name: 'Логований' },
        headers,
      });
      expect(registered.status).toBe(201);
      secrets.push(PASSWORD, registered.body.token);

      const token = await login(t.app, email, PASSWORD);
      secrets.push(token);
      await call(t.app, 'POST', '/v1/auth/login', { body: { email, password: 'Wrong-Password-123' } });
      secrets.push('Wrong-Password-123');
      expect((await call(t.app, 'POST', '/v1/auth/verify-password', { token, body: { password: PASSWORD }, headers })).status).toBe(204);
      await call(t.app, 'GET', '/v1/auth/profile', { token, headers });
      await call(t.app, 'GET', '/v1/auth/profile', { headers: { authorization: 'Bearer forged-token-value-0123456789' } });
      secrets.push('forged-token-value-0123456789', 'cookie-secret-value');

      const changed = await call(t.app, 'PUT', '/v1/auth/profile', {
        token,
        body: { current_password: PASSWORD, new_password: 'Second-Secret-77' },
      });
      expect(changed.status).toBe(200);
      secrets.push('Second-Secret-77');

      await call(t.app, 'POST', '/v1/verification-codes/recover-pass/send-code', { body: { email } });
      const recovery = await t.mail.codeFor(email);
      codes.push(recovery);
      const recovered = await call(t.app, 'POST', '/v1/auth/setup-password', {
        body: { email, code: recovery, password: 'Third-Secret-777' },
      });
      expect(recovered.status).toBe(200);
      secrets.push('Third-Secret-777', recovered.body.token);

      const lines = logs.lines();
      expect(lines.some((line) => line.msg === 'request completed')).toBe(true);
      expect(lines.some((line) => line.msg === 'incoming request')).toBe(true);
      for (const secret of secrets) expect(logs.text, secret).not.toContain(secret);
      for (const value of codes) expect(logs.text, value).not.toMatch(new RegExp(`(?<![\\d.])${value}(?!\\d)`));
      expect(logs.text).not.toContain(email.split('@')[0]);
    } finally {
      await t.close();
    }
  });
});
