import { authPaths, twoFactorPaths } from '@rozmova/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { twoFactorAuthenticators, twoFactorRecoveryCodes } from '../../db/schema-staff.ts';
import { enrolTwoFactor } from '../../test/factories.ts';
import { call, fileTestApp, login, loginAs, PASSWORD, registerPatient, sessionFor } from '../../test/harness.ts';
import { totpCode, wrongCode } from '../../test/totp.ts';
import { twoFactorRules } from './two-factor.rules.ts';

// Two-factor sign-in optional for every role (the harness's default, STAFF_2FA=optional): set up and turned off from
// the account page.

const t = await fileTestApp();

const signIn = (email: string) => call(t.app, 'POST', authPaths.login, { body: { email, password: PASSWORD, role: 'patient' } });
const status = (token: string) => call(t.app, 'GET', twoFactorPaths.status, { token });
const profile = (token: string) => call(t.app, 'GET', authPaths.profile, { token });

describe('the account page where two factors are optional', () => {
  test('a doctor sets up an authenticator: its first code turns it on, other sessions end, sign-in asks for a code', async () => {
    const doctor = await loginAs(t.app, 'doctor');
    const elsewhere = await login(t.app, doctor.email, PASSWORD);
    expect((await status(doctor.token)).body).toEqual({ enabled: false, required: false, enabled_at: null, recovery_codes_left: 0 });

    const setup = await call(t.app, 'POST', twoFactorPaths.setup, { token: doctor.token, body: { code: null } });
    expect(setup.status).toBe(200);
    // Not on until confirmed: signing in still needs only the password.
    expect(Object.keys((await signIn(doctor.email)).body)).toEqual(['token']);
    const wrong = await call(t.app, 'POST', twoFactorPaths.enable, {
      token: doctor.token,
      body: { code: wrongCode(setup.body.secret, t.clock.now()) },
    });
    expect(wrong.status).toBe(400);
    const enabled = await call(t.app, 'POST', twoFactorPaths.enable, {
      token: doctor.token,
      body: { code: totpCode(setup.body.secret, t.clock.now()) },
    });
    expect(enabled.status).toBe(200);
    expect(enabled.body.recovery_codes).toHaveLength(10);
    expect((await profile(doctor.token)).status).toBe(200);
    expect((await profile(elsewhere)).status).toBe(401);
    expect((await status(doctor.token)).body).toMatchObject({ enabled: true, required: false, recovery_codes_left: 10 });
    expect((await signIn(doctor.email)).body).toMatchObject({ second_step: 'code' });
  });

  test('a setup is confirmed within 30 minutes; asked for again meanwhile it is the same authenticator', async () => {
    const operator = await loginAs(t.app, 'operator');
    const first = await call(t.app, 'POST', twoFactorPaths.setup, { token: operator.token, body: { code: null } });
    const again = await call(t.app, 'POST', twoFactorPaths.setup, { token: operator.token, body: { code: null } });
    expect(again.body.secret).toBe(first.body.secret);
    t.clock.advance(twoFactorRules.pendingMs);
    const token = await sessionFor(t, operator.userId);
    const late = await call(t.app, 'POST', twoFactorPaths.enable, { token, body: { code: totpCode(first.body.secret, t.clock.now()) } });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('TWO_FACTOR_SETUP_EXPIRED');
    const fresh = await call(t.app, 'POST', twoFactorPaths.setup, { token, body: { code: null } });
    expect(fresh.body.secret).not.toBe(first.body.secret);
  });

  test('turned off with a recovery code: other sessions end and sign-in needs the password alone again', async () => {
    const operator = await loginAs(t.app, 'operator');
    const { recoveryCodes } = await enrolTwoFactor(t, operator);
    const challenge = (await signIn(operator.email)).body.challenge;
    const other = await call(t.app, 'POST', twoFactorPaths.verify, { body: { challenge, code: recoveryCodes[0] } });
    expect(other.status).toBe(200);

    const off = await call(t.app, 'POST', twoFactorPaths.disable, { token: operator.token, body: { code: recoveryCodes[1] } });
    expect(off.status).toBe(204);
    expect((await profile(other.body.token)).status).toBe(401);
    expect((await status(operator.token)).body.enabled).toBe(false);
    expect(Object.keys((await signIn(operator.email)).body)).toEqual(['token']);
    const twice = await call(t.app, 'POST', twoFactorPaths.disable, { token: operator.token, body: { code: recoveryCodes[2] } });
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('TWO_FACTOR_NOT_ENABLED');
  });

  test('patients and visitors have no two-factor routes of their own', async () => {
    const patient = await registerPatient(t.app, t.mail);
    for (const [method, path, body] of [
      ['GET', twoFactorPaths.status, undefined],
      ['POST', twoFactorPaths.setup, { code: null }],
      ['POST', twoFactorPaths.enable, { code: '123456' }],
      ['POST', twoFactorPaths.disable, { code: '123456' }],
    ] as const) {
      expect((await call(t.app, method, path, { token: patient.token, body })).status).toBe(403);
      expect((await call(t.app, method, path, { body })).status).toBe(401);
    }
  });

  test('a removed account’s authenticator and recovery codes are deleted with its personal data', async () => {
    const doctor = await loginAs(t.app, 'doctor');
    await enrolTwoFactor(t, doctor);
    expect((await call(t.app, 'POST', authPaths.verifyPassword, { token: doctor.token, body: { password: PASSWORD } })).status).toBe(204);
    expect((await call(t.app, 'DELETE', authPaths.profile, { token: doctor.token })).status).toBe(204);
    const { db } = t.database;
    expect(await db.select().from(twoFactorAuthenticators).where(eq(twoFactorAuthenticators.userId, doctor.userId))).toEqual([]);
    expect(await db.select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, doctor.userId))).toEqual([]);
  });
});
