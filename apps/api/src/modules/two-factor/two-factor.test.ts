import { authPaths, twoFactorPaths, type Role } from '@rozmova/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { twoFactorAuthenticators, twoFactorRecoveryCodes } from '../../db/schema-staff.ts';
import { submittedApplicant } from '../../test/factories.ts';
import {
  call,
  createTestApp,
  LogCapture,
  PASSWORD,
  registerPatient,
  sessionFor,
  sessionsOf,
  uniqueEmail,
  type TestContext,
} from '../../test/harness.ts';
import { totpCode, totpCodeOfStep, totpStep, wrongCode } from '../../test/totp.ts';

// Every member of staff must sign in with two factors here (the harness's default is optional).
const log = new LogCapture();
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ env: { STAFF_2FA: 'required' }, logStream: log });
});
afterAll(async () => {
  await t?.close();
});

/** What the tests saw that must never reach a log line. */
const secrets: string[] = [];
const keep = <T extends string>(value: T): T => (secrets.push(value), value);

async function staffAccount(role: Role = 'operator') {
  const email = uniqueEmail(role);
  const user = await t.services.accounts.createAccount({ email, password: PASSWORD, userName: `Staff ${role}`, role, emailVerified: true });
  return { email, userId: user.id };
}

const passwordStep = (email: string, password = PASSWORD) =>
  call(t.app, 'POST', authPaths.login, { body: { email, password, role: 'patient' } });

async function challengeOf(email: string, kind: 'code' | 'enrol'): Promise<string> {
  const response = await passwordStep(email);
  expect(response.status, response.text).toBe(200);
  expect(response.body).toMatchObject({ second_step: kind });
  expect(response.body.token).toBeUndefined();
  return keep(response.body.challenge);
}

/** Enrols through the sign-in, as a person obliged to does: the secret, a session and the recovery codes. */
async function enrolled(role: Role = 'operator') {
  const account = await staffAccount(role);
  const challenge = await challengeOf(account.email, 'enrol');
  const setup = await call(t.app, 'POST', twoFactorPaths.enrolment, { body: { challenge } });
  expect(setup.status, setup.text).toBe(200);
  const secret = keep(setup.body.secret as string);
  const confirmed = await call(t.app, 'POST', twoFactorPaths.enrolmentConfirm, {
    body: { challenge, code: keep(totpCode(secret, t.clock.now())) },
  });
  expect(confirmed.status, confirmed.text).toBe(200);
  (confirmed.body.recovery_codes as string[]).forEach(keep);
  return { ...account, secret, token: keep(confirmed.body.token as string), recoveryCodes: confirmed.body.recovery_codes as string[] };
}

const verify = (challenge: string, code: string) => call(t.app, 'POST', twoFactorPaths.verify, { body: { challenge, code } });
const profile = (token: string) => call(t.app, 'GET', authPaths.profile, { token });

describe('enrolment between the password and the session', () => {
  test('an admin without an authenticator is taken to set one up: the password alone gives no session', async () => {
    const admin = await staffAccount('admin');
    const challenge = await challengeOf(admin.email, 'enrol');
    expect(await sessionsOf(t, admin.userId)).toEqual([]);
    // The challenge is no session: refused wherever a session is.
    expect((await profile(challenge)).status).toBe(401);

    const setup = await call(t.app, 'POST', twoFactorPaths.enrolment, { body: { challenge } });
    expect(setup.status).toBe(200);
    const secret = keep(setup.body.secret as string);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.otpauth_uri).toMatch(new RegExp(`^otpauth://totp/Rozmova:.*secret=${secret}.*`));
    expect(setup.body.otpauth_uri).toContain(encodeURIComponent(admin.email));
    expect(setup.body.qr_svg).toMatch(/^<svg[^>]*>.*<\/svg>\s*$/s);
    // A reload of the page shows the same authenticator (the one the app may have scanned already).
    expect((await call(t.app, 'POST', twoFactorPaths.enrolment, { body: { challenge } })).body.secret).toBe(secret);

    const wrong = wrongCode(secret, t.clock.now());
    const refused = await call(t.app, 'POST', twoFactorPaths.enrolmentConfirm, { body: { challenge, code: wrong } });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('CODE_INVALID');
    expect(await sessionsOf(t, admin.userId)).toEqual([]);

    const code = keep(totpCode(secret, t.clock.now()));
    const confirmed = await call(t.app, 'POST', twoFactorPaths.enrolmentConfirm, { body: { challenge, code } });
    expect(confirmed.status).toBe(200);
    const codes = confirmed.body.recovery_codes as string[];
    codes.forEach(keep);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const recovery of codes) expect(recovery).toMatch(/^[A-HJKMNP-Z2-9]{5}-[A-HJKMNP-Z2-9]{5}$/);
    expect((await profile(keep(confirmed.body.token))).body.email).toBe(admin.email);
    // The challenge signed in once.
    const again = await call(t.app, 'POST', twoFactorPaths.enrolmentConfirm, { body: { challenge, code } });
    expect(again.status).toBe(401);
    expect(again.body.code).toBe('TWO_FACTOR_CHALLENGE_INVALID');

    // Stored: the secret encrypted (never its text), the recovery codes as digests.
    const [row] = await t.database.db.select().from(twoFactorAuthenticators).where(eq(twoFactorAuthenticators.userId, admin.userId));
    expect(row!.secret).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(row!.secret).not.toContain(secret);
    expect(row!.pendingSecret).toBeNull();
    const stored = await t.database.db.select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, admin.userId));
    expect(stored).toHaveLength(10);
    for (const { codeHash } of stored) expect(codes.some((recovery) => codeHash.includes(recovery.replace('-', '')))).toBe(false);

    // The account page tells the state, never the secret.
    const status = await call(t.app, 'GET', twoFactorPaths.status, { token: confirmed.body.token });
    expect(status.body).toEqual({ enabled: true, required: true, enabled_at: t.clock.now().toISOString(), recovery_codes_left: 10 });
    expect(status.text).not.toContain(secret);
  });

  test('a doctor and an operator must enrol too; patients and applicants are never asked', async () => {
    for (const role of ['doctor', 'operator'] as const) await challengeOf((await staffAccount(role)).email, 'enrol');
    const patient = await registerPatient(t.app, t.mail);
    const signedIn = await passwordStep(patient.email);
    expect(signedIn.status).toBe(200);
    expect(Object.keys(signedIn.body)).toEqual(['token']);
    expect((await profile(signedIn.body.token)).status).toBe(200);
    const applicant = await submittedApplicant(t);
    expect(Object.keys((await passwordStep(applicant.email)).body)).toEqual(['token']);
    // Nothing to set up for them either.
    expect((await call(t.app, 'GET', twoFactorPaths.status, { token: signedIn.body.token })).status).toBe(403);
  });
});

describe('no session of a role that must use two factors without them', () => {
  test('an applicant’s session ends with its approval as a doctor; a session from before STAFF_2FA=required is refused', async () => {
    const applicant = await submittedApplicant(t);
    expect((await profile(applicant.token)).status).toBe(200);
    const admin = await enrolled('admin');
    const application = await t.services.specialists.mine(applicant.userId);
    const approved = await call(t.app, 'POST', `/v1/admin/specialist-applications/${application.id}/approve`, { token: admin.token });
    expect(approved.status, approved.text).toBe(200);
    expect((await profile(applicant.token)).status).toBe(401);
    await challengeOf(applicant.email, 'enrol');

    // A session written the way the auth service wrote them before: no second factor.
    const operator = await staffAccount('operator');
    expect((await profile(await sessionFor(t, operator.userId))).status).toBe(401);
  });
});

describe('the second step', () => {
  test('a code of the app signs in; the same code again is refused, even within its 30 seconds', async () => {
    const person = await enrolled();
    // The enrolment used this step's code: the next step's is taken (one step of drift ahead).
    t.clock.advance(30_000);
    const code = keep(totpCode(person.secret, t.clock.now()));
    const first = await verify(await challengeOf(person.email, 'code'), code);
    expect(first.status).toBe(200);
    expect((await profile(keep(first.body.token))).status).toBe(200);

    const replay = await verify(await challengeOf(person.email, 'code'), code);
    expect(replay.status).toBe(400);
    expect(replay.body.code).toBe('TWO_FACTOR_CODE_USED');
    t.clock.advance(30_000);
    expect((await verify(await challengeOf(person.email, 'code'), keep(totpCode(person.secret, t.clock.now())))).status).toBe(200);
  });

  test('one step of clock drift either way is taken, two are not; a step older than the last one used never', async () => {
    const person = await enrolled();
    t.clock.advance(5 * 30_000);
    const step = totpStep(t.clock.now());
    const at = (offset: number) => keep(totpCodeOfStep(person.secret, step + offset));
    expect((await verify(await challengeOf(person.email, 'code'), at(-2))).body.code).toBe('CODE_INVALID');
    expect((await verify(await challengeOf(person.email, 'code'), at(2))).body.code).toBe('CODE_INVALID');
    expect((await verify(await challengeOf(person.email, 'code'), at(-1))).status).toBe(200);
    expect((await verify(await challengeOf(person.email, 'code'), at(1))).status).toBe(200);
    expect((await verify(await challengeOf(person.email, 'code'), at(0))).body.code).toBe('TWO_FACTOR_CODE_USED');
  });

  test('the challenge lasts 5 minutes, works once, and only on the route of its kind', async () => {
    const person = await enrolled();
    const late = await challengeOf(person.email, 'code');
    t.clock.advance(5 * 60_000 + 1000);
    const expired = await verify(late, keep(totpCode(person.secret, t.clock.now())));
    expect(expired.status).toBe(401);
    expect(expired.body.code).toBe('TWO_FACTOR_CHALLENGE_INVALID');

    const challenge = await challengeOf(person.email, 'code');
    // A code challenge does not set up a new authenticator (that takes a code of the one that is on).
    expect((await call(t.app, 'POST', twoFactorPaths.enrolment, { body: { challenge } })).status).toBe(401);
    expect((await verify(challenge, keep(totpCode(person.secret, t.clock.now())))).status).toBe(200);
    t.clock.advance(30_000);
    expect((await verify(challenge, keep(totpCode(person.secret, t.clock.now())))).status).toBe(401);
  });

  test('a recovery code signs in once, typed any way a person may; the count goes down', async () => {
    const person = await enrolled();
    const [first] = person.recoveryCodes;
    const typed = ` ${first!.toLowerCase().replace('-', ' - ')} `.trim();
    const signedIn = await verify(await challengeOf(person.email, 'code'), typed);
    expect(signedIn.status, signedIn.text).toBe(200);
    const again = await verify(await challengeOf(person.email, 'code'), first!);
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('CODE_INVALID');
    const status = await call(t.app, 'GET', twoFactorPaths.status, { token: keep(signedIn.body.token) });
    expect(status.body.recovery_codes_left).toBe(9);
  });

  test('control characters, other scripts and oversized codes or challenges are refused with 400, never more', async () => {
    const person = await enrolled();
    const challenge = await challengeOf(person.email, 'code');
    t.clock.advance(30_000);
    const code = totpCode(person.secret, t.clock.now());
    const badCodes: unknown[] = [
      `${code}\u0000`,
      `${code}\n`,
      `\t${code}`,
      `\u202e${code}`,
      '１２３４５６',
      '1'.repeat(100_000),
      'ABCDE-FGHJK-LMNPQ',
      '',
      Number(code),
      [code],
      null,
    ];
    for (const bad of badCodes) {
      const response = await call(t.app, 'POST', twoFactorPaths.verify, { body: { challenge, code: bad } });
      expect(response.status, JSON.stringify(bad).slice(0, 40)).toBe(400);
      expect(response.body.code).toBe('VALIDATION_FAILED');
    }
    for (const bad of [`${challenge}\u0000`, 'x'.repeat(100_000), challenge.slice(0, 10), `${challenge}\r\n`]) {
      expect((await verify(bad, code)).status).toBe(400);
    }
    // None of it counted as a try: the right code still signs in.
    expect((await verify(challenge, keep(code))).status).toBe(200);
  });

  test('a deactivated account’s challenge is refused', async () => {
    const person = await enrolled();
    const challenge = await challengeOf(person.email, 'code');
    await t.services.accounts.setActive(person.userId, false);
    t.clock.advance(30_000);
    expect((await verify(challenge, keep(totpCode(person.secret, t.clock.now())))).status).toBe(401);
  });

  test('recovering the password by e-mail does not skip the second step', async () => {
    const person = await enrolled('doctor');
    expect((await call(t.app, 'POST', authPaths.sendRecoveryCode, { body: { email: person.email } })).status).toBe(204);
    const code = await t.mail.codeFor(person.email);
    const recovered = await call(t.app, 'POST', authPaths.setupPassword, {
      body: { email: person.email, code, password: 'Recovered-Secret-42' },
    });
    expect(recovered.status).toBe(200);
    expect(recovered.body).toMatchObject({ second_step: 'code' });
    expect(recovered.body.token).toBeUndefined();
    // The claim ended the sessions from before; the second step makes the new one.
    expect((await profile(person.token)).status).toBe(401);
    t.clock.advance(30_000);
    expect((await verify(keep(recovered.body.challenge), keep(totpCode(person.secret, t.clock.now())))).status).toBe(200);
  });
});

describe('the account page where two factors are required', () => {
  test('the authenticator is replaced with a code of the current one, never turned off; other sessions end', async () => {
    const person = await enrolled('doctor');
    t.clock.advance(30_000);
    const other = await verify(await challengeOf(person.email, 'code'), keep(totpCode(person.secret, t.clock.now())));
    expect(other.status).toBe(200);

    const withoutCode = await call(t.app, 'POST', twoFactorPaths.setup, { token: person.token, body: { code: null } });
    expect(withoutCode.status).toBe(400);
    expect(withoutCode.body.errors[0].path).toBe('code');
    t.clock.advance(30_000);
    const setup = await call(t.app, 'POST', twoFactorPaths.setup, {
      token: person.token,
      body: { code: keep(totpCode(person.secret, t.clock.now())) },
    });
    expect(setup.status).toBe(200);
    const newSecret = keep(setup.body.secret as string);
    expect(newSecret).not.toBe(person.secret);
    const enabled = await call(t.app, 'POST', twoFactorPaths.enable, {
      token: person.token,
      body: { code: keep(totpCode(newSecret, t.clock.now())) },
    });
    expect(enabled.status).toBe(200);
    (enabled.body.recovery_codes as string[]).forEach(keep);
    expect(enabled.body.recovery_codes).toHaveLength(10);
    expect((await profile(person.token)).status).toBe(200);
    expect((await profile(keep(other.body.token))).status).toBe(401);

    // The old authenticator and the old recovery codes are gone.
    t.clock.advance(30_000);
    expect((await verify(await challengeOf(person.email, 'code'), keep(totpCode(person.secret, t.clock.now())))).status).toBe(400);
    expect((await verify(await challengeOf(person.email, 'code'), person.recoveryCodes[0]!)).status).toBe(400);

    const off = await call(t.app, 'POST', twoFactorPaths.disable, {
      token: person.token,
      body: { code: keep(totpCode(newSecret, t.clock.now())) },
    });
    expect(off.status).toBe(409);
    expect(off.body.code).toBe('TWO_FACTOR_REQUIRED');
  });
});

describe('an admin resets a member of staff’s two-factor sign-in', () => {
  test('audited; their sessions end; their next sign-in sets up a new authenticator', async () => {
    const admin = await enrolled('admin');
    const operator = await enrolled('operator');
    const reset = await call(t.app, 'DELETE', twoFactorPaths.adminReset.replace(':id', operator.userId), { token: admin.token });
    expect(reset.status, reset.text).toBe(204);
    expect((await profile(operator.token)).status).toBe(401);
    const audit = await call(t.app, 'GET', `/v1/admin/audit-log?actorId=${admin.userId}`, { token: admin.token });
    expect(audit.body.entries).toEqual([
      expect.objectContaining({
        actor_id: admin.userId,
        action: 'reset',
        resource: 'two_factor',
        resource_id: operator.userId,
        patient_id: null,
      }),
    ]);
    await challengeOf(operator.email, 'enrol');

    const twice = await call(t.app, 'DELETE', twoFactorPaths.adminReset.replace(':id', operator.userId), { token: admin.token });
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('TWO_FACTOR_NOT_ENABLED');
    const self = await call(t.app, 'DELETE', twoFactorPaths.adminReset.replace(':id', admin.userId), { token: admin.token });
    expect(self.status).toBe(403);
    const unknown = await call(t.app, 'DELETE', twoFactorPaths.adminReset.replace(':id', crypto.randomUUID()), { token: admin.token });
    expect(unknown.status).toBe(404);
    expect((await profile(admin.token)).status).toBe(200);
  });
});

test('no code, secret, challenge or session token reaches a log line', () => {
  expect(secrets.length).toBeGreaterThan(50);
  expect(log.text.length).toBeGreaterThan(1000);
  // A 6-digit code is looked for as a JSON value: any longer number in a line (a duration) may hold its digits.
  const leaked = secrets.filter((secret) =>
    /^\d{6}$/.test(secret) ? log.text.includes(`"${secret}"`) : log.text.includes(secret) || log.text.includes(secret.replace('-', '')),
  );
  expect(leaked).toEqual([]);
});
