import { createCipheriv, createDecipheriv, randomBytes, randomInt } from 'node:crypto';
import { normaliseSecondFactorCode, RECOVERY_CODE_ALPHABET, RECOVERY_CODE_COUNT } from '@rozmova/contracts';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { sha256 } from '../../lib/crypto.ts';

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30-second steps. */
export const TOTP_PERIOD_SECONDS = 30;
/** Codes of one step before or after the server's clock are taken (a phone's clock drifts). */
export const TOTP_WINDOW = 1;

const VERSION = 'v1';

/**
 * A TOTP secret encrypted for the database: AES-256-GCM with the server's key, a random 96-bit nonce, and the user's
 * id as additional data, so a secret copied to another user's row does not decrypt. `v1.<nonce>.<tag>.<ciphertext>`.
 */
export function encryptSecret(key: Buffer, userId: string, secretBase32: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(Buffer.from(userId));
  const sealed = Buffer.concat([cipher.update(secretBase32, 'utf8'), cipher.final()]);
  return [VERSION, nonce.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join('.');
}

/** The secret back; throws when the key, the user or the text is not the one it was sealed with. */
export function decryptSecret(key: Buffer, userId: string, stored: string): string {
  const [version, nonce, tag, sealed] = stored.split('.');
  if (version !== VERSION || !nonce || !tag || sealed === undefined) throw new Error('Not an encrypted secret');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
  decipher.setAAD(Buffer.from(userId));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
}

/** A new secret: 20 random bytes (160 bits, RFC 4226's recommendation), base32 as apps take it typed. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

function totpOf(secretBase32: string, issuer: string, label: string): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** The 30-second step a moment falls in. */
export const stepAt = (at: Date): number => Math.floor(at.getTime() / 1000 / TOTP_PERIOD_SECONDS);

/** The step of `code` within ±{@link TOTP_WINDOW} steps of `at`, or undefined when it is no code of the secret then. */
export function matchingStep(secretBase32: string, code: string, at: Date): number | undefined {
  const delta = totpOf(secretBase32, 'Rozmova', 'check').validate({ token: code, timestamp: at.getTime(), window: TOTP_WINDOW });
  return delta === null ? undefined : stepAt(at) + delta;
}

/** What an authenticator app scans: the otpauth:// URI and that URI as a QR code (SVG, drawn here, never by a third party). */
export async function authenticatorLink(secretBase32: string, issuer: string, account: string) {
  const uri = totpOf(secretBase32, issuer, account).toString();
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { uri, svg };
}

/** {@link RECOVERY_CODE_COUNT} new recovery codes, `ABCDE-FGHJK` (about 49 bits each), as they are shown once. */
export function newRecoveryCodes(): string[] {
  const letter = () => RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)]!;
  const half = () => Array.from({ length: 5 }, letter).join('');
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => `${half()}-${half()}`);
}

/** A recovery code is kept as this digest of its normalised form (about 49 random bits: a fast hash is enough). */
export const recoveryHash = (code: string): string => sha256(`recovery:${normaliseSecondFactorCode(code)}`);
