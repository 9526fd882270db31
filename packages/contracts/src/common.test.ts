import { describe, expect, test } from 'vitest';
import { emailSchema, passwordSchema, phoneSchema, verificationCodeSchema } from './common.ts';
import { updateProfileBodySchema } from './auth.ts';

describe('shared field rules', () => {
  test('e-mail is trimmed and lower-cased; a malformed one is refused', () => {
    expect(emailSchema.parse('  Olena@Example.COM ')).toBe('olena@example.com');
    expect(emailSchema.safeParse('olena@').success).toBe(false);
  });

  test('password is 8 to 128 characters', () => {
    expect(passwordSchema.safeParse('1234567').success).toBe(false);
    expect(passwordSchema.safeParse('12345678').success).toBe(true);
    expect(passwordSchema.safeParse('x'.repeat(129)).success).toBe(false);
  });

  test('phone: what a Ukrainian types is stored in E.164; other countries need their + prefix', () => {
    expect(phoneSchema.parse('+380 (50) 123-45-67')).toBe('+380501234567');
    for (const typed of [
      '0671234567',
      '067 123 45 67',
      '(067) 123-45-67',
      '067.123.45.67',
      '380671234567',
      '+380 67 123 45 67',
      '00380671234567',
    ]) {
      expect(phoneSchema.parse(typed), typed).toBe('+380671234567');
    }
    expect(phoneSchema.parse('+48 601 234 567')).toBe('+48601234567');
    expect(phoneSchema.parse('0048601234567')).toBe('+48601234567');
    for (const typed of [
      '067123456',
      '06712345678',
      '+38067123456',
      '+3806712345678',
      '601234567',
      'phone',
      '+0123456789',
      '067\u00001234567',
    ]) {
      const parsed = phoneSchema.safeParse(typed);
      expect(parsed.success, typed).toBe(false);
      expect(parsed.error?.issues[0]?.message).toContain('067 123 45 67');
    }
    expect(phoneSchema.safeParse('+38050').success).toBe(false);
  });

  test('a code is exactly 6 digits', () => {
    expect(verificationCodeSchema.safeParse('012345').success).toBe(true);
    expect(verificationCodeSchema.safeParse('12345').success).toBe(false);
    expect(verificationCodeSchema.safeParse('12345a').success).toBe(false);
  });

  test('a profile update needs something to change, and both passwords together', () => {
    expect(updateProfileBodySchema.safeParse({}).success).toBe(false);
    expect(updateProfileBodySchema.safeParse({ new_password: 'Fresh-Secret-42' }).success).toBe(false);
    expect(updateProfileBodySchema.safeParse({ current_password: 'a', new_password: 'Fresh-Secret-42' }).success).toBe(true);
    expect(updateProfileBodySchema.safeParse({ locale: 'uk' }).success).toBe(true);
  });
});
