import { createCipheriv, pbkdf2Sync, randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { endpoint } from '@rozmova/contracts';
import { startRecordingServer } from '../test/recording-server.ts';
import { ApiError, createApiClient } from './api-client.ts';
import { authErrorText, errorText, fieldErrors } from './api-errors.ts';
import { clearAuthToken, writeAuthToken } from './auth-token.ts';
import { useRequestsInFlight } from './request-activity.ts';

const KEY = 'public-demo-key';

function encrypt(data: unknown, password = KEY) {
  const salt = randomBytes(16);
  const iv = randomBytes(16);
  const key = pbkdf2Sync(password, salt, 1000, 32, 'sha256');
  const cipher = createCipheriv('aes-256-cbc', key, iv);
  const encrypted = Buffer.concat([cipher.update(JSON.stringify(data), 'utf8'), cipher.final()]);
  return { salt: salt.toString('base64'), iv: iv.toString('base64'), encrypted: encrypted.toString('base64') };
}

let server: Awaited<ReturnType<typeof startRecordingServer>>;
let base: string;
const reply = (status: number, body?: unknown) => server.reply(status, body);
const lastRequest = () => server.lastRequest();

beforeAll(async () => {
  server = await startRecordingServer({ status: 200, body: { ok: true } });
  base = server.base;
});

afterAll(() => server.close());

afterEach(() => {
  vi.restoreAllMocks();
  clearAuthToken();
  server.reset();
});

const client = (decryptionKey: string | null = null) => createApiClient({ apiBase: base, decryptionKey });

const anything = z.looseObject({});
const profile = endpoint({ method: 'GET', path: '/v1/auth/profile', access: 'user', responses: { 200: anything } });
const users = endpoint({
  method: 'GET',
  path: '/v1/admin/users',
  access: ['admin'],
  query: z.object({ role: z.string().optional(), search: z.string().optional(), limit: z.number().optional() }),
  responses: { 200: anything },
});
const logout = endpoint({ method: 'POST', path: '/v1/auth/logout', access: 'user', body: anything, responses: { 204: null } });
const patientCard = endpoint({ method: 'GET', path: '/v1/patients-cards/:id', access: 'user', responses: { 200: anything } });
const register = endpoint({
  method: 'POST',
  path: '/v1/auth/register-patient',
  access: 'public',
  body: anything,
  responses: { 201: anything },
});

describe('api client requests', () => {
  it('sends the docs/product.md §7 headers on every request', async () => {
    await client()(profile);
    const { headers } = lastRequest();
    expect(headers['x-csrf-token']).toBe('');
    expect(headers['x-device-type']).toMatch(/^(mobile|tablet|desktop); [^;]+; [^;]+$/);
    expect(headers['x-user-agent']).toMatch(/^[^;]+ [^;]+; cookies (enabled|disabled); [^;]+$/);
    expect(headers['x-timestamp']).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z; GMT[+-]\d{2}:\d{2}; \S+$/);
    expect(headers['x-location']).toBe(window.location.href);
  });

  it('puts the base URL from the runtime config before the path and drops empty query values', async () => {
    await createApiClient({ apiBase: `${base}/`, decryptionKey: null })(users, { query: { role: 'doctor', search: '', limit: 20 } });
    expect(lastRequest().url).toBe('/v1/admin/users?role=doctor&limit=20');
  });

  it("fills the contract's path parameters, encoded", async () => {
    await client()(patientCard, { params: { id: 'c 1/2' } });
    expect(lastRequest().url).toBe('/v1/patients-cards/c%201%2F2');
  });

  it('adds the bearer token only when the auth_token cookie exists', async () => {
    await client()(profile);
    expect(lastRequest().headers.authorization).toBeUndefined();

    writeAuthToken('token-abcdefghijklmnop');
    await client()(profile);
    expect(lastRequest().headers.authorization).toBe('Bearer token-abcdefghijklmnop');
  });

  it('sends JSON bodies and reads 204 as no data', async () => {
    reply(204);
    await expect(client()(logout, { body: { a: 1 } })).resolves.toBeUndefined();
    expect(lastRequest()).toMatchObject({ method: 'POST', body: '{"a":1}' });
    expect(lastRequest().headers['content-type']).toBe('application/json');
  });
});

describe('loading flag', () => {
  it('is raised while a request is in flight and lowered on the answer, also on an error', async () => {
    const { result } = renderHook(() => useRequestsInFlight());
    expect(result.current).toBe(false);
    for (const status of [200, 500]) {
      reply(status, status === 200 ? { ok: true } : { code: 'INTERNAL', message: 'Something went wrong' });
      let pending!: Promise<unknown>;
      act(() => {
        pending = client()(profile).catch(() => undefined);
      });
      expect(result.current).toBe(true);
      await act(() => pending);
      expect(result.current).toBe(false);
    }
  });
});

describe('encrypted responses', () => {
  it('decrypts an encrypted body with the public key', async () => {
    const card = { patient_cardId: 'c1', patient_notes: ['note'] };
    reply(200, { encrypted: encrypt(card) });
    await expect(client(KEY)(patientCard, { params: { id: 'c1' } })).resolves.toEqual(card);
  });

  it('leaves the data unchanged and logs when the key is wrong', async () => {
    const body = { encrypted: encrypt({ secret: true }, 'another-key') };
    reply(200, body);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(client(KEY)(patientCard, { params: { id: 'c1' } })).resolves.toEqual(body);
    expect(logged).toHaveBeenCalled();
  });

  it('leaves the data unchanged and logs when no key is configured', async () => {
    const body = { encrypted: encrypt({ secret: true }) };
    reply(200, body);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(client()(patientCard, { params: { id: 'c1' } })).resolves.toEqual(body);
    expect(logged).toHaveBeenCalled();
  });
});

describe('errors', () => {
  const t = ((key: string, options?: { defaultValue?: string }) =>
    key.startsWith('errors.code.UNKNOWN') ? (options?.defaultValue ?? key) : key) as unknown as TFunction;

  it('throws an ApiError with the status and the server body', async () => {
    const body = { code: 'EMAIL_TAKEN', message: 'A user with this e-mail is already registered' };
    reply(409, body);
    const error = await client()(register, { body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(409);
    expect((error as ApiError).body).toEqual(body);
    expect(authErrorText(t, 'register', error)).toBe('errors.emailTaken');
  });

  it('maps login failures to the docs/product.md §8 keys', () => {
    const notVerified = new ApiError(403, { code: 'EMAIL_NOT_VERIFIED', message: 'User email is not verified' });
    expect(authErrorText(t, 'login', notVerified)).toBe('errors.emailNotVerified');
    expect(authErrorText(t, 'login', new ApiError(404, { code: 'USER_NOT_FOUND', message: 'x' }))).toBe('errors.loginUnknownEmail');
    expect(authErrorText(t, 'login', new ApiError(400, { code: 'INVALID_CREDENTIALS', message: 'x' }))).toBe('errors.invalidCredentials');
    expect(authErrorText(t, 'login', new ApiError(500, undefined))).toBe('errors.generic');
    expect(authErrorText(t, 'checkCode', new ApiError(410, { code: 'CODE_EXPIRED', message: 'x' }))).toBe('errors.codeExpired');
  });

  it('reports a network failure as an ApiError without status, shown as unknown', async () => {
    // Nothing listens on port 9 of this machine, so the connection is refused.
    const error = await createApiClient({ apiBase: 'http://127.0.0.1:9', decryptionKey: null })(profile).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBeUndefined();
    expect(errorText(t, error)).toBe('errors.unknown');
  });

  it('puts field errors on their fields and translates codes', () => {
    const error = new ApiError(400, {
      code: 'VALIDATION_FAILED',
      message: 'This password is too common',
      errors: [
        { path: 'password', code: 'PASSWORD_TOO_COMMON', message: 'This password is too common, choose another one' },
        { path: 'body.phone', code: 'INVALID', message: 'Phone must be in international format' },
      ],
    });
    expect(fieldErrors(t, error)).toEqual({ password: 'errors.field.passwordTooCommon', phone: 'Phone must be in international format' });
    expect(errorText(t, new ApiError(403, { code: 'PASSWORD_VERIFICATION_REQUIRED', message: 'x' }))).toBe(
      'errors.code.PASSWORD_VERIFICATION_REQUIRED',
    );
    expect(errorText(t, new ApiError(418, { code: 'UNKNOWN_THING', message: 'x' }))).toBe('errors.generic');
  });
});
