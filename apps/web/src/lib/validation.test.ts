import { describe, expect, it } from 'vitest';
import { isEmail, isPasswordLengthValid, isPhone, isVerificationCode } from './validation.ts';

describe('the form checks (the server’s own rules)', () => {
  it('take an e-mail address, spaces around it too', () => {
    expect(isEmail('olena@example.com')).toBe(true);
    expect(isEmail('  olena@example.com ')).toBe(true);
    expect(isEmail('olena@')).toBe(false);
    expect(isEmail('olena example.com')).toBe(false);
    expect(isEmail(`${'a'.repeat(250)}@example.com`)).toBe(false);
  });

  it('take a password of 8 to 128 characters', () => {
    expect(isPasswordLengthValid('1234567')).toBe(false);
    expect(isPasswordLengthValid('12345678')).toBe(true);
    expect(isPasswordLengthValid('x'.repeat(128))).toBe(true);
    expect(isPasswordLengthValid('x'.repeat(129))).toBe(false);
  });

  it('take a phone as people write it, and refuse letters or a short number', () => {
    expect(isPhone('067 123 45 67')).toBe(true);
    expect(isPhone('+380671234567')).toBe(true);
    expect(isPhone('+1 (415) 555-0100')).toBe(true);
    expect(isPhone('067 ABC 45 67')).toBe(false);
    expect(isPhone('067 123 45')).toBe(false);
    expect(isPhone('+380 67 123 45 678')).toBe(false);
  });

  it('take a verification code of six digits only', () => {
    expect(isVerificationCode('042917')).toBe(true);
    expect(isVerificationCode('42917')).toBe(false);
    expect(isVerificationCode('04291a')).toBe(false);
    expect(isVerificationCode(' 042917')).toBe(false);
  });
});
