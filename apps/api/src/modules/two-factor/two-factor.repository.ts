import { and, count, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { SecondStepKind } from '@rozmova/contracts';
import type { Db } from '../../db/client.ts';
import { insertSettingOnce, readSetting } from '../../db/settings.ts';
import { twoFactorAuthenticators, twoFactorChallenges, twoFactorRecoveryCodes } from '../../db/schema-staff.ts';

export type AuthenticatorRow = typeof twoFactorAuthenticators.$inferSelect;
export type ChallengeRow = typeof twoFactorChallenges.$inferSelect;

const KEY_SETTING = 'two-factor-key';

// ---- the key outside production --------------------------------------------------------------------

export const findKeySetting = (db: Db): Promise<unknown> => readSetting(db, KEY_SETTING);

/** Keeps the key unless one is kept already: of two instances starting at once, the first insert wins. */
export const insertKeySettingOnce = (db: Db, key: string): Promise<void> => insertSettingOnce(db, KEY_SETTING, { key });

// ---- authenticators --------------------------------------------------------------------------------

export async function findAuthenticator(db: Db, userId: string): Promise<AuthenticatorRow | undefined> {
  const [row] = await db.select().from(twoFactorAuthenticators).where(eq(twoFactorAuthenticators.userId, userId));
  return row;
}

/** A new authenticator waiting for its first code; one that is on stays on until then. */
export async function savePendingSecret(db: Db, userId: string, pendingSecret: string, at: Date): Promise<void> {
  await db
    .insert(twoFactorAuthenticators)
    .values({ userId, pendingSecret, pendingAt: at, updatedAt: at })
    .onConflictDoUpdate({ target: twoFactorAuthenticators.userId, set: { pendingSecret, pendingAt: at, updatedAt: at } });
}

/**
 * Takes the code of `step` once: the newest step used moves to it only when it is newer, in one statement, so a code
 * replayed (or sent twice at once) passes once. Whether this call took it.
 */
export async function takeStep(db: Db, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(twoFactorAuthenticators)
    .set({ lastStep: step })
    .where(
      and(
        eq(twoFactorAuthenticators.userId, userId),
        or(isNull(twoFactorAuthenticators.lastStep), lt(twoFactorAuthenticators.lastStep, step)),
      ),
    )
    .returning({ userId: twoFactorAuthenticators.userId });
  return rows.length === 1;
}

/**
 * The pending secret becomes the authenticator (its confirming code's step taken) and the recovery codes are
 * replaced, in one transaction; only when the pending secret is still `pendingSecret` (no newer setup came between).
 */
export async function enablePending(
  db: Db,
  input: { userId: string; pendingSecret: string; step: number; codeHashes: string[]; at: Date },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(twoFactorAuthenticators)
      .set({
        secret: input.pendingSecret,
        enabledAt: input.at,
        pendingSecret: null,
        pendingAt: null,
        lastStep: input.step,
        updatedAt: input.at,
      })
      .where(and(eq(twoFactorAuthenticators.userId, input.userId), eq(twoFactorAuthenticators.pendingSecret, input.pendingSecret)))
      .returning({ userId: twoFactorAuthenticators.userId });
    if (rows.length === 0) return false;
    await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, input.userId));
    await tx
      .insert(twoFactorRecoveryCodes)
      .values(input.codeHashes.map((codeHash) => ({ userId: input.userId, codeHash, createdAt: input.at })));
    return true;
  });
}

/**
 * Removes the authenticator, its recovery codes and open challenges (in the caller's transaction). Whether there was
 * an authenticator that was on.
 */
export async function deleteTwoFactor(tx: Db, userId: string): Promise<boolean> {
  const removed = await tx
    .delete(twoFactorAuthenticators)
    .where(eq(twoFactorAuthenticators.userId, userId))
    .returning({ enabledAt: twoFactorAuthenticators.enabledAt });
  await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await tx.delete(twoFactorChallenges).where(eq(twoFactorChallenges.userId, userId));
  return removed.some((row) => row.enabledAt !== null);
}

// ---- recovery codes --------------------------------------------------------------------------------

/** Uses a recovery code: marked used in one statement, so of uses at once exactly one gets it. */
export async function useRecoveryCode(db: Db, userId: string, codeHash: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: at })
    .where(
      and(eq(twoFactorRecoveryCodes.userId, userId), eq(twoFactorRecoveryCodes.codeHash, codeHash), isNull(twoFactorRecoveryCodes.usedAt)),
    )
    .returning({ id: twoFactorRecoveryCodes.id });
  return rows.length === 1;
}

export async function countUnusedRecoveryCodes(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}

// ---- challenges ------------------------------------------------------------------------------------

/** A new challenge; the user's expired ones go at the same time. */
export async function insertChallenge(
  db: Db,
  values: { userId: string; tokenHash: string; kind: SecondStepKind; expiresAt: Date; createdAt: Date },
): Promise<void> {
  await db
    .delete(twoFactorChallenges)
    .where(and(eq(twoFactorChallenges.userId, values.userId), lt(twoFactorChallenges.expiresAt, values.createdAt)));
  await db.insert(twoFactorChallenges).values(values);
}

/** A challenge not used and not expired at `at`. */
export async function findLiveChallenge(db: Db, tokenHash: string, at: Date): Promise<ChallengeRow | undefined> {
  const [row] = await db
    .select()
    .from(twoFactorChallenges)
    .where(and(eq(twoFactorChallenges.tokenHash, tokenHash), isNull(twoFactorChallenges.usedAt), gt(twoFactorChallenges.expiresAt, at)));
  return row;
}

/** Uses the challenge up, in one statement: of requests at once one gets it. */
export async function useChallenge(db: Db, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(twoFactorChallenges)
    .set({ usedAt: at })
    .where(and(eq(twoFactorChallenges.id, id), isNull(twoFactorChallenges.usedAt), gt(twoFactorChallenges.expiresAt, at)))
    .returning({ id: twoFactorChallenges.id });
  return rows.length === 1;
}
