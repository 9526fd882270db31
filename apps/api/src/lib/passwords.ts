import { readFileSync } from 'node:fs';
import { hash, verify } from '@node-rs/argon2';
import { AppError } from './app-error.ts';

const common = new Set(
  readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
    .split('\n')
    .map((line) => line.trim().toLowerCase())
    .filter(Boolean),
);

/** argon2id with the library's defaults (19 MiB, 2 passes), the current OWASP minimum. */
export const hashPassword = (password: string) => hash(password);

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Refuses a password found in the bundled list of common passwords (length is checked by the request schema). */
export function assertAcceptablePassword(password: string, field = 'password'): void {
  if (common.has(password.toLowerCase())) {
    throw new AppError('VALIDATION_FAILED', 'This password is too common', [
      { path: field, code: 'PASSWORD_TOO_COMMON', message: 'This password is too common, choose another one' },
    ]);
  }
}
