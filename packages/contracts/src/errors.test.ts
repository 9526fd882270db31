import { describe, expect, test } from 'vitest';
import { authErrorKey, describeApiError, EMAIL_NOT_VERIFIED_MESSAGE } from './errors.ts';

describe('authErrorKey: the texts of docs/product.md §8', () => {
  test.each([
    ['login', 403, EMAIL_NOT_VERIFIED_MESSAGE, 'errors.emailNotVerified'],
    ['login', 404, 'No user', 'errors.loginUnknownEmail'],
    ['login', 400, 'Invalid', 'errors.invalidCredentials'],
    ['login', 403, 'This account is deactivated', 'errors.code.ACCOUNT_DISABLED'],
    ['login', 500, undefined, 'errors.generic'],
    ['login', undefined, undefined, 'errors.generic'],
    ['register', 409, undefined, 'errors.emailTaken'],
    ['register', 400, undefined, 'errors.confirmEmail'],
    ['register', 410, undefined, 'errors.codeExpired'],
    ['register', 502, undefined, 'errors.generic'],
    ['sendRegisterCode', 409, undefined, 'errors.registerEmailTaken'],
    ['sendRegisterCode', 400, undefined, 'errors.generic'],
    ['sendRecoveryCode', 404, undefined, 'errors.generic'],
    ['checkCode', 409, undefined, 'errors.emailTaken'],
    ['checkCode', 410, undefined, 'errors.codeExpired'],
    ['checkCode', 400, undefined, 'errors.codeInvalid'],
    ['checkCode', 500, undefined, 'errors.generic'],
    ['login', 429, undefined, 'errors.tooManyRequests'],
  ] as const)('%s %s %s → %s', (operation, status, message, key) => {
    expect(authErrorKey(operation, status, message)).toBe(key);
  });
});

describe('describeApiError: the data error mapping of docs/product.md §8', () => {
  test('400 keeps the server message and its field errors', () => {
    const errors = [{ path: 'body.email', message: 'Invalid email' }];
    expect(describeApiError(400, { code: 'VALIDATION_FAILED', message: 'Validation failed', errors })).toEqual({
      kind: 'validation',
      message: 'Validation failed',
      errors,
    });
    expect(describeApiError(400, 'not json')).toEqual({ kind: 'validation', message: 'Validation failed', errors: [] });
  });

  test.each([
    [401, 'Unauthorized access'],
    [403, 'Forbidden access'],
    [404, 'Resource not found: patient card'],
    [500, 'Server error: Something broke'],
    [502, 'Server error: connection error'],
    [503, 'Server error: connection error'],
    [418, 'Unexpected API error: 418'],
  ])('%s → %s', (status, message) => {
    const body = status === 500 ? { code: 'INTERNAL', message: 'Something broke' } : undefined;
    expect(describeApiError(status, body, 'patient card').message).toBe(message);
  });

  test('no status at all is an unknown error', () => {
    expect(describeApiError(undefined, undefined)).toEqual({ kind: 'unknown', message: 'Unknown error' });
  });
});
