import { createCipheriv, pbkdf2Sync, randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TFunction } from 'i18next';
import { ApiError, createApiClient } from './api-client.ts';
import { authErrorText, errorText, fieldErrors } from './api-errors.ts';
import { clearAuthToken, writeAuthToken } from './auth-token.ts';

const KEY = 'public-demo-key';

function encrypt(data: unknown, password = KEY) {
  const salt = randomBytes(16);
  const iv = randomBytes(16);
  const key = pbkdf2Sync(password, salt, 1000, 32, 'sha256');
  const cipher = createCipheriv('aes-256-cbc', key, iv);
  const encrypted = Buffer.concat([cipher.update(JSON.stringify(data), 'utf8'), cipher.final()]);
  return { salt: salt.toString('base64'), iv: iv.toString('base64'), encrypted: encrypted.toString('base64') };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn(async () => json({ ok: true }));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  clearAuthToken();
});

const sentHeaders = (): Record<string, string> => (fetchMock.mock.calls[0]![1] as RequestInit).headers as Record<string, string>;

describe('api client requests', () => {
  it('sends the SPEC.md §7 headers on every request', async () => {
    const request = createApiClient({ apiBase: '', decryptionKey: null });
    await request('/v1/auth/profile');
    const headers = sentHeaders();
    expect(headers['X-CSRF-Token']).toBe('');
    expect(headers['X-Device-Type']).toMatch(/^(mobile|tablet|desktop); [^;]+; [^;]+$/);
    expect(headers['X-User-Agent']).toMatch(/^[^;]+ [^;]+; cookies (enabled|disabled); [^;]+$/);
    expect(headers['X-Timestamp']).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z; GMT[+-]\d{2}:\d{2}; \S+$/);
    expect(headers['X-Location']).toBe(window.location.href);
  });

  it('puts the base URL from the runtime config before the path', async () => {
    const request = createApiClient({ apiBase: 'https://api.example.org/', decryptionKey: null });
    await request('/v1/admin/users', { query: { role: 'doctor', search: '', limit: 20 } });
    expect(fetchMock.mock.calls[0]![0]).toBe('https://api.example.org/v1/admin/users?role=doctor&limit=20');
  });

  it('adds the bearer token only when the auth_token cookie exists', async () => {
    const request = createApiClient({ apiBase: '', decryptionKey: null });
    await request('/v1/auth/profile');
    expect(sentHeaders().Authorization).toBeUndefined();

    writeAuthToken('token-abcdefghijklmnop');
    fetchMock.mockClear();
    await request('/v1/auth/profile');
    expect(sentHeaders().Authorization).toBe('Bearer token-abcdefghijklmnop');
  });

  it('sends JSON bodies and reads 204 as no data', async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    const request = createApiClient({ apiBase: '', decryptionKey: null });
    await expect(request('/v1/auth/logout', { method: 'POST', body: { a: 1 } })).resolves.toBeUndefined();
    const init = fetchMock.mock.calls[0]![1] as RequestInit;
    expect(init.body).toBe('{"a":1}');
    expect(sentHeaders()['Content-Type']).toBe('application/json');
  });
});

describe('encrypted responses', () => {
  it('decrypts an encrypted body with the public key', async () => {
    const card = { patient_cardId: 'c1', patient_notes: ['note'] };
    fetchMock.mockResolvedValueOnce(json({ encrypted: encrypt(card) }));
    const request = createApiClient({ apiBase: '', decryptionKey: KEY });
    await expect(request('/v1/patients-cards/c1')).resolves.toEqual(card);
  });

  it('leaves the data unchanged and logs when the key is wrong', async () => {
    const body = { encrypted: encrypt({ secret: true }, 'another-key') };
    fetchMock.mockResolvedValueOnce(json(body));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const request = createApiClient({ apiBase: '', decryptionKey: KEY });
    await expect(request('/v1/patients-cards/c1')).resolves.toEqual(body);
    expect(logged).toHaveBeenCalled();
  });

  it('leaves the data unchanged and logs when no key is configured', async () => {
    const body = { encrypted: encrypt({ secret: true }) };
    fetchMock.mockResolvedValueOnce(json(body));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const request = createApiClient({ apiBase: '', decryptionKey: null });
    await expect(request('/v1/patients-cards/c1')).resolves.toEqual(body);
    expect(logged).toHaveBeenCalled();
  });
});

describe('errors', () => {
  const t = ((key: string, options?: { defaultValue?: string }) =>
    key.startsWith('errors.code.UNKNOWN') ? (options?.defaultValue ?? key) : key) as unknown as TFunction;

  it('throws an ApiError with the status and the server body', async () => {
    const body = { code: 'EMAIL_TAKEN', message: 'A user with this e-mail is already registered' };
    fetchMock.mockResolvedValueOnce(json(body, 409));
    const request = createApiClient({ apiBase: '', decryptionKey: null });
    const error = await request('/v1/auth/register-patient', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(409);
    expect((error as ApiError).body).toEqual(body);
    expect(authErrorText(t, 'register', error)).toBe('errors.emailTaken');
  });

  it('maps login failures to the SPEC.md §8 keys', () => {
    const notVerified = new ApiError(403, { code: 'EMAIL_NOT_VERIFIED', message: 'User email is not verified' });
    expect(authErrorText(t, 'login', notVerified)).toBe('errors.emailNotVerified');
    expect(authErrorText(t, 'login', new ApiError(404, { code: 'USER_NOT_FOUND', message: 'x' }))).toBe('errors.loginUnknownEmail');
    expect(authErrorText(t, 'login', new ApiError(400, { code: 'INVALID_CREDENTIALS', message: 'x' }))).toBe('errors.invalidCredentials');
    expect(authErrorText(t, 'login', new ApiError(500, undefined))).toBe('errors.generic');
    expect(authErrorText(t, 'checkCode', new ApiError(410, { code: 'CODE_EXPIRED', message: 'x' }))).toBe('errors.codeExpired');
  });

  it('reports a network failure as an ApiError without status, shown as unknown', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const request = createApiClient({ apiBase: '', decryptionKey: null });
    const error = await request('/v1/auth/profile').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBeUndefined();
    expect(errorText(t, error)).toBe('errors.unknown');
  });

  it('puts field errors on their fields and translates codes', () => {
    const error = new ApiError(400, {
      code: 'VALIDATION_FAILED',
      message: 'This password is too common',
      errors: [
        { path: 'password', message: 'This password is too common, choose another one' },
        { path: 'body.phone', message: 'Phone must be in international format' },
      ],
    });
    expect(fieldErrors(t, error)).toEqual({ password: 'errors.field.passwordTooCommon', phone: 'Phone must be in international format' });
    expect(errorText(t, new ApiError(403, { code: 'PASSWORD_VERIFICATION_REQUIRED', message: 'x' }))).toBe(
      'errors.code.PASSWORD_VERIFICATION_REQUIRED',
    );
    expect(errorText(t, new ApiError(418, { code: 'UNKNOWN_THING', message: 'x' }))).toBe('errors.generic');
  });
});
