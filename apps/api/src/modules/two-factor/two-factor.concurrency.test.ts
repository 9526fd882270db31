import { authPaths, twoFactorPaths } from '@rozmova/contracts';
import { describe, expect, test } from 'vitest';
import { enrolTwoFactor } from '../../test/factories.ts';
import { countStatuses, wrongCodes } from '../../test/concurrency.ts';
import { call, fileTestApp, loginAs } from '../../test/harness.ts';
import { totpCode } from '../../test/totp.ts';
import { recoveryHash } from './two-factor.crypto.ts';
import { takeStep, useRecoveryCode } from './two-factor.repository.ts';
import { twoFactorRules } from './two-factor.rules.ts';

// Every limit and single use here must hold when the requests arrive at once, not only one after another. Optional
// two-factor sign-in (the harness's default): these people enrol from the account page, then sign in with it.

const t = await fileTestApp();

/** A doctor who set up an authenticator; the clock is then moved past the step its first code used. */
async function enrolledDoctor() {
  const doctor = await loginAs(t.app, 'doctor');
  const enrolment = await enrolTwoFactor(t, doctor);
  t.clock.advance(30_000);
  return { ...doctor, ...enrolment };
}

async function challengeOf(email: string, password: string, remoteAddress = '127.0.0.1'): Promise<string> {
  const response = await call(t.app, 'POST', authPaths.login, { body: { email, password, role: 'patient' }, remoteAddress });
  expect(response.body).toMatchObject({ second_step: 'code' });
  return response.body.challenge;
}

/** 50 sign-ins at once, each from its own loopback address (one address's password checks at once are limited to 10). */
const fiftyChallenges = (email: string, password: string) =>
  Promise.all(Array.from({ length: 50 }, (_, i) => challengeOf(email, password, `127.0.3.${i + 1}`)));

/** The codes the app accepts now: this step's and its neighbours'. */
const codesAroundNow = (secret: string) => [-1, 0, 1].map((step) => totpCode(secret, t.clock.now().getTime() + step * 30_000));

const verify = (challenge: string, code: string) => call(t.app, 'POST', twoFactorPaths.verify, { body: { challenge, code } });

describe('the second step’s tries, however many arrive at once', () => {
  test('50 wrong codes at once: 5 evaluated, 45 × 429; the right code waits out the window', async () => {
    const doctor = await enrolledDoctor();
    const challenge = await challengeOf(doctor.email, doctor.password);
    const right = totpCode(doctor.secret, t.clock.now());
    const responses = await Promise.all(wrongCodes(50, codesAroundNow(doctor.secret), 200_000).map((code) => verify(challenge, code)));
    expect(countStatuses(responses)).toEqual({ 400: 5, 429: 45 });
    expect(responses.filter((r) => r.status === 400).every((r) => r.body.code === 'CODE_INVALID')).toBe(true);
    expect(responses.find((r) => r.status === 429)?.headers['retry-after']).toBeDefined();

    // The limit is the account's, not the challenge's: a new sign-in does not reset it, even with the right code.
    expect((await verify(await challengeOf(doctor.email, doctor.password), right)).status).toBe(429);
    t.clock.advance(twoFactorRules.failures.windowMs);
    const later = await verify(await challengeOf(doctor.email, doctor.password), totpCode(doctor.secret, t.clock.now()));
    expect(later.status).toBe(200);
  });

  test('50 wrong codes at once to turn it off from a session: 5 evaluated, and it stays on', async () => {
    const doctor = await enrolledDoctor();
    const responses = await Promise.all(
      wrongCodes(50, codesAroundNow(doctor.secret), 100_000).map((code) =>
        call(t.app, 'POST', twoFactorPaths.disable, { token: doctor.token, body: { code } }),
      ),
    );
    expect(countStatuses(responses)).toEqual({ 400: 5, 429: 45 });
    expect((await call(t.app, 'GET', twoFactorPaths.status, { token: doctor.token })).body.enabled).toBe(true);
  });
});

describe('single use, however many arrive at once', () => {
  test('one recovery code sent 50 times at once with 50 challenges: exactly one signs in', async () => {
    const doctor = await enrolledDoctor();
    const challenges = await fiftyChallenges(doctor.email, doctor.password);
    const code = doctor.recoveryCodes[0]!;
    const responses = await Promise.all(challenges.map((challenge) => verify(challenge, code)));
    const statuses = countStatuses(responses);
    expect(statuses[200]).toBe(1);
    expect(Object.keys(statuses).sort()).toEqual(expect.arrayContaining(['200', '429']));
    expect(responses.every((r) => [200, 400, 429].includes(r.status))).toBe(true);
    const status = await call(t.app, 'GET', twoFactorPaths.status, { token: doctor.token });
    expect(status.body.recovery_codes_left).toBe(9);
  });

  test('one code of the app sent 50 times at once with 50 challenges: exactly one signs in', async () => {
    const doctor = await enrolledDoctor();
    const challenges = await fiftyChallenges(doctor.email, doctor.password);
    const code = totpCode(doctor.secret, t.clock.now());
    const responses = await Promise.all(challenges.map((challenge) => verify(challenge, code)));
    expect(countStatuses(responses)[200]).toBe(1);
    expect(responses.filter((r) => r.status === 400).every((r) => r.body.code === 'TWO_FACTOR_CODE_USED')).toBe(true);
  });

  test('one challenge with the right code 50 times at once: one session', async () => {
    const doctor = await enrolledDoctor();
    const challenge = await challengeOf(doctor.email, doctor.password);
    const responses = await Promise.all(Array.from({ length: 50 }, () => verify(challenge, totpCode(doctor.secret, t.clock.now()))));
    expect(countStatuses(responses)[200]).toBe(1);
  });

  test('in the database: 50 uses of one recovery code and 50 takes of one step at once, one each', async () => {
    const doctor = await enrolledDoctor();
    const { db } = t.database;
    const hash = recoveryHash(doctor.recoveryCodes[1]!);
    const uses = await Promise.all(Array.from({ length: 50 }, () => useRecoveryCode(db, doctor.userId, hash, t.clock.now())));
    expect(uses.filter(Boolean)).toHaveLength(1);
    const step = Math.floor(t.clock.now().getTime() / 30_000) + 1;
    const takes = await Promise.all(Array.from({ length: 50 }, () => takeStep(db, doctor.userId, step)));
    expect(takes.filter(Boolean)).toHaveLength(1);
  });
});
