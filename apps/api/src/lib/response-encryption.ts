import { createCipheriv, pbkdf2, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';

const derive = promisify(pbkdf2);

/** What the web client reads from `{ encrypted }` (apps/web/src/lib/decrypt-response.ts): base64 fields. */
export interface EncryptedResponse {
  salt: string;
  iv: string;
  encrypted: string;
}

/** docs/product.md §7: a key derived from the public DECRYPTION_KEY with PBKDF2 (SHA-256, 1000 iterations), 256-bit AES-CBC. */
const ITERATIONS = 1000;
const KEY_BYTES = 32;
const SALT_BYTES = 16;
const IV_BYTES = 16;

/**
 * Encrypts an answer's JSON text with a fresh random salt and IV. The key is public (it is in every page), so this only
 * hides the text from a casual look at the traffic; TLS and authorization are what protect it.
 */
export async function encryptResponseText(json: string, password: string): Promise<EncryptedResponse> {
  const salt = randomBytes(SALT_BYTES);
  const iv = randomBytes(IV_BYTES);
  const key = await derive(password, salt, ITERATIONS, KEY_BYTES, 'sha256');
  const cipher = createCipheriv('aes-256-cbc', key, iv);
  const encrypted = Buffer.concat([cipher.update(json, 'utf8'), cipher.final()]);
  return { salt: salt.toString('base64'), iv: iv.toString('base64'), encrypted: encrypted.toString('base64') };
}
