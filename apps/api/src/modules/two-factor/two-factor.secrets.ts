import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { decryptSecret, encryptSecret } from './two-factor.crypto.ts';
import { findKeySetting, insertKeySettingOnce } from './two-factor.repository.ts';

const keySchema = z.object({ key: z.string().refine((value) => Buffer.from(value, 'base64').length === 32) });

/** Seals and opens authenticator secrets with the server key, loaded once. */
export function createSecretBox(deps: { db: Db; key?: string }) {
  const { db } = deps;
  let key: Promise<Buffer> | undefined;

  /** TWO_FACTOR_KEY, or outside production the key kept in `settings` (made by whichever instance came first). */
  async function loadKey(): Promise<Buffer> {
    if (deps.key) return Buffer.from(deps.key, 'base64');
    const kept = keySchema.safeParse(await findKeySetting(db));
    if (kept.success) return Buffer.from(kept.data.key, 'base64');
    await insertKeySettingOnce(db, randomBytes(32).toString('base64'));
    return Buffer.from(keySchema.parse(await findKeySetting(db)).key, 'base64');
  }
  const serverKey = (): Promise<Buffer> =>
    (key ??= loadKey().catch((error: unknown) => {
      key = undefined;
      throw error;
    }));

  return {
    async open(userId: string, stored: string): Promise<string> {
      try {
        return decryptSecret(await serverKey(), userId, stored);
      } catch {
        // Never the secret or the key in the message: an admin resets the person's two-factor sign-in.
        throw new Error('A two-factor secret does not decrypt with the server key (was TWO_FACTOR_KEY changed?)');
      }
    },

    seal: async (userId: string, secret: string): Promise<string> => encryptSecret(await serverKey(), userId, secret),
  };
}

export type SecretBox = ReturnType<typeof createSecretBox>;
