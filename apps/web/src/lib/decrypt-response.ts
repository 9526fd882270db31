export interface EncryptedPayload {
  salt: string;
  iv: string;
  encrypted: string;
}

const PBKDF2_ITERATIONS = 1000;

export function isEncryptedPayload(value: unknown): value is EncryptedPayload {
  if (typeof value !== 'object' || value === null) return false;
  const { salt, iv, encrypted } = value as Record<string, unknown>;
  return typeof salt === 'string' && typeof iv === 'string' && typeof encrypted === 'string';
}

const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));

/** PBKDF2 (SHA-256, 1000 iterations) from the public key, then AES-256-CBC; the plain text is JSON (docs/product.md §7). */
export async function decryptPayload(payload: EncryptedPayload, password: string): Promise<unknown> {
  const subtle = globalThis.crypto.subtle;
  const material = await subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, ['deriveKey']);
  const key = await subtle.deriveKey(
    { name: 'PBKDF2', hash: 'SHA-256', salt: fromBase64(payload.salt), iterations: PBKDF2_ITERATIONS },
    material,
    { name: 'AES-CBC', length: 256 },
    false,
    ['decrypt'],
  );
  const plain = await subtle.decrypt({ name: 'AES-CBC', iv: fromBase64(payload.iv) }, key, fromBase64(payload.encrypted));
  return JSON.parse(new TextDecoder().decode(plain));
}
