import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** An opaque session token: 32 random bytes, URL-safe. */
export const newToken = () => randomBytes(32).toString('base64url');

/** Tokens and codes are stored only as this digest. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export const newNumericCode = (digits = 6) => String(randomInt(0, 10 ** digits)).padStart(digits, '0');

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
