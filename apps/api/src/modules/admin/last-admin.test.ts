import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { users } from '../../db/schema.ts';
import { prepareData } from '../../startup.ts';
import { call, createTestApp, sessionFor, type CallResult, type TestContext } from '../../test/harness.ts';
import { quickAccount } from '../../test/factories.ts';

/** docs/product.md: at least one active admin exists at all times; a change that would leave none is 409, also when concurrent. */
const FIRST_ADMIN = { ADMIN_EMAIL: 'first-admin@rozmova.test', ADMIN_PASSWORD: 'First-Admin-Passw0rd' };

let t: TestContext;
let firstAdminId: string;
beforeAll(async () => {
  t = await createTestApp({ env: { ...FIRST_ADMIN, DEMO_DATA: 'false' } });
  await prepareData(t.config, t.database, t.services);
  firstAdminId = (await t.services.accounts.findByEmail(FIRST_ADMIN.ADMIN_EMAIL))!.id;
});
afterAll(() => t?.close());

const activeAdmins = async () =>
  (
    await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.isActive, true), isNull(users.deletedAt)))
  ).map((row) => row.id);

type Change = 'demote' | 'deactivate' | 'remove';
/** A fresh session of the admin, ready for a removal (which asks for the password first; the quick accounts have none). */
async function signIn(adminId: string): Promise<string> {
  const token = await sessionFor(t, adminId);
  if (adminId === firstAdminId) {
    const verified = await call(t.app, 'POST', '/v1/auth/verify-password', { token, body: { password: FIRST_ADMIN.ADMIN_PASSWORD } });
    expect(verified.status).toBe(204);
  }
  return token;
}

/** The admin signed in with `token` changes `targetId` (removal: its own account). */
function change(kind: Change, token: string, targetId: string): Promise<CallResult> {
  if (kind === 'remove') return call(t.app, 'DELETE', '/v1/auth/profile', { token });
  const body = kind === 'demote' ? { user_role: 'operator' } : { is_active: false };
  return call(t.app, 'PATCH', `/v1/admin/users/${targetId}`, { token, body });
}

const expectLastAdmin = (answer: CallResult) => expect([answer.status, answer.body?.code]).toEqual([409, 'LAST_ADMIN']);
/**
 * A refusal: 409 LAST_ADMIN, or 401 when the other change came first and ended the caller's sessions (a role change,
 * deactivation and removal do) before its request was signed in.
 */
const isRefusal = (answer: CallResult) => (answer.status === 409 && answer.body.code === 'LAST_ADMIN') || answer.status === 401;

describe('the first admin', () => {
  test('is made at start from ADMIN_EMAIL as the one active admin, and may not change its own role', async () => {
    expect(await activeAdmins()).toEqual([firstAdminId]);
    const token = await signIn(firstAdminId);
    const own = await change('demote', token, firstAdminId);
    expect([own.status, own.body.code]).toEqual([409, 'ROLE_CHANGE_REFUSED']);
    expectLastAdmin(await change('remove', token, firstAdminId));
    // The refused removal ended nothing: the admin is still signed in.
    expect((await call(t.app, 'GET', '/v1/auth/profile', { token })).status).toBe(200);
    expect(await activeAdmins()).toEqual([firstAdminId]);
  });
});

describe('two admins change each other at once', () => {
  test('20 runs (role, deactivation, one of each): one change wins, the other is refused, one admin remains', async () => {
    const pairs: [Change, Change][] = [
      ['demote', 'demote'],
      ['deactivate', 'deactivate'],
      ['demote', 'deactivate'],
      ['deactivate', 'demote'],
    ];
    let keeper = (await activeAdmins())[0]!;
    const tally = { keeperWon: 0, newcomerWon: 0, refused409: 0, refused401: 0 };
    for (let run = 0; run < 20; run++) {
      const newcomer = (await quickAccount(t, 'admin', `Адмін ${run}`)).userId;
      const [mine, theirs] = pairs[run % pairs.length]!;
      const [keeperToken, newcomerToken] = [await signIn(keeper), await signIn(newcomer)];
      const answers = await Promise.all([change(mine, keeperToken, newcomer), change(theirs, newcomerToken, keeper)]);
      const won = answers.filter((a) => a.status === 200);
      const refused = answers.filter(isRefusal);
      expect([won.length, refused.length], answers.map((a) => a.text).join(' | ')).toEqual([1, 1]);
      tally[refused[0]!.status === 409 ? 'refused409' : 'refused401']++;
      const winner = answers[0]!.status === 200 ? keeper : newcomer;
      tally[winner === keeper ? 'keeperWon' : 'newcomerWon']++;
      expect(await activeAdmins()).toEqual([winner]);
      keeper = winner;
    }
    console.info(`two admins at once, 20 runs: ${JSON.stringify(tally)}`);
  });
});

describe('a restart', () => {
  test('after those changes leaves the admins as they are: ADMIN_EMAIL names an account that exists, so nothing is made', async () => {
    const before = await activeAdmins();
    const first = await t.services.accounts.findByEmail(FIRST_ADMIN.ADMIN_EMAIL);
    await prepareData(t.config, t.database, t.services);
    expect(await activeAdmins()).toEqual(before);
    expect(await t.services.accounts.findByEmail(FIRST_ADMIN.ADMIN_EMAIL)).toEqual(first);
  });
});

describe('50 admins change each other at once', () => {
  test.each<Change>(['deactivate', 'demote', 'remove'])(
    '%s: each success takes one admin; the change that would take the last is 409 LAST_ADMIN',
    async (kind) => {
      const admins = [...(await activeAdmins())];
      for (let i = admins.length; i < 50; i++) admins.push((await quickAccount(t, 'admin', `Адмін ${kind} ${i}`)).userId);
      expect(admins).toHaveLength(50);
      // Each admin changes the next one (removal: its own account), so together they would leave none.
      const tokens = await Promise.all(admins.map(signIn));
      const answers = await Promise.all(
        admins.map((actor, i) => change(kind, tokens[i]!, kind === 'remove' ? actor : admins[(i + 1) % 50]!)),
      );
      const ok = answers.filter((a) => a.status < 300);
      const lastAdmin = answers.filter((a) => a.status === 409);
      const signedOut = answers.filter((a) => a.status === 401);
      expect(ok.length + lastAdmin.length + signedOut.length, answers.map((a) => a.status).join()).toBe(50);
      lastAdmin.forEach(expectLastAdmin);
      const remaining = await activeAdmins();
      // Each success took one admin away; an admin whose request found its session already ended left its target alone.
      expect(remaining).toHaveLength(50 - ok.length);
      expect(remaining.length).toBeGreaterThanOrEqual(1);
      if (signedOut.length === 0) expect([ok.length, lastAdmin.length, remaining.length]).toEqual([49, 1, 1]);
      console.info(`50 × ${kind} at once: ${ok.length} succeeded, ${lastAdmin.length} × 409 LAST_ADMIN, ${signedOut.length} × 401`);
      const users = await call(t.app, 'GET', '/v1/admin/users', { token: await sessionFor(t, remaining[0]!) });
      expect(users.status).toBe(200);
    },
  );
});
