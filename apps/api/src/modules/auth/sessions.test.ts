import { describe, expect, test } from 'vitest';
import type { Role } from '@rozmova/contracts';
import {
  call,
  DAY,
  fileTestApp,
  login,
  loginAs,
  MINUTE,
  PASSWORD,
  registerPatient,
  sessionFor,
  sessionsOf,
  uniqueEmail,
  userRowById,
} from '../../test/harness.ts';

const PROFILE = '/v1/auth/profile';

const t = await fileTestApp();

const profile = (token?: string) => call(t.app, 'GET', PROFILE, { token });

describe('sessions', () => {
  test('the token opens GET /v1/auth/profile; logout answers 204 and the token is dead', async () => {
    const { token, email } = await registerPatient(t.app, t.mail);
    expect((await profile(token)).body.email).toBe(email);

    const logout = await call(t.app, 'POST', '/v1/auth/logout', { token });
    expect(logout.status).toBe(204);
    expect(logout.text).toBe('');
    const after = await profile(token);
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('UNAUTHORIZED');
    expect((await call(t.app, 'POST', '/v1/auth/logout', { token })).status).toBe(401);
  });

  test('logout ends only that session', async () => {
    const { token, email } = await registerPatient(t.app, t.mail);
    const other = await login(t.app, email, PASSWORD);
    expect((await call(t.app, 'POST', '/v1/auth/logout', { token: other })).status).toBe(204);
    expect((await profile(token)).status).toBe(200);
  });

  test('401 without a token, with a garbage token, an unknown token or another scheme', async () => {
    const { token } = await registerPatient(t.app, t.mail);
    for (const authorization of [
      undefined,
      'Bearer',
      'Bearer garbage',
      'Bearer ' + 'x'.repeat(43),
      `Basic ${token}`,
      `Bearer ${token}x`,
      `Bearer ${token.slice(0, -1)}`,
      `Bearer ${'a'.repeat(5000)}`,
    ]) {
      const response = await call(t.app, 'GET', PROFILE, { headers: authorization === undefined ? {} : { authorization } });
      expect(response.status, String(authorization)).toBe(401);
      expect(response.body).toMatchObject({ code: 'UNAUTHORIZED', message: expect.any(String) });
    }
    expect((await profile(token)).status).toBe(200);
  });

  test('last_seen is updated at most once a minute', async () => {
    const { token, userId } = await registerPatient(t.app, t.mail);
    const [created] = await sessionsOf(t, userId);
    t.clock.advance(30_000);
    expect((await profile(token)).status).toBe(200);
    expect((await sessionsOf(t, userId))[0]!.lastSeenAt).toEqual(created!.lastSeenAt);
    t.clock.advance(31_000);
    expect((await profile(token)).status).toBe(200);
    expect((await sessionsOf(t, userId))[0]!.lastSeenAt).toEqual(t.clock.now());
  });

  test('a patient idle for 13 days stays signed in; idle for 14 days is signed out', async () => {
    const { token } = await registerPatient(t.app, t.mail);
    t.clock.advance(13 * DAY);
    expect((await profile(token)).status).toBe(200);
    t.clock.advance(14 * DAY - 1_000);
    expect((await profile(token)).status).toBe(200);
    t.clock.advance(14 * DAY);
    expect((await profile(token)).status).toBe(401);
  });

  test('a patient idle for 30 minutes is still signed in', async () => {
    const { token } = await registerPatient(t.app, t.mail);
    t.clock.advance(6 * 60 * MINUTE);
    expect((await profile(token)).status).toBe(200);
  });

  test.each<Role>(['operator', 'doctor', 'admin'])('%s: idle 29 minutes is fine, idle 30 minutes signs out', async (role) => {
    const { token } = await loginAs(t.app, role);
    t.clock.advance(29 * MINUTE);
    expect((await profile(token)).status).toBe(200);
    t.clock.advance(29 * MINUTE);
    expect((await profile(token)).status).toBe(200);
    t.clock.advance(30 * MINUTE);
    expect((await profile(token)).status).toBe(401);
  });

  test('any session ends 30 days after sign-in, however active', async () => {
    const { token } = await registerPatient(t.app, t.mail);
    for (let day = 0; day < 29; day++) {
      t.clock.advance(DAY);
      expect((await profile(token)).status).toBe(200);
    }
    t.clock.advance(DAY - 1_000);
    expect((await profile(token)).status).toBe(200);
    t.clock.advance(1_000);
    expect((await profile(token)).status).toBe(401);
  });

  test('a deactivated account is signed out at once', async () => {
    const { token, userId } = await registerPatient(t.app, t.mail);
    await t.services.accounts.setActive(userId, false);
    expect((await profile(token)).status).toBe(401);
  });
});

describe('POST /v1/auth/verify-password and the phone', () => {
  const verify = (token: string, password: string) => call(t.app, 'POST', '/v1/auth/verify-password', { token, body: { password } });
  const setPhone = (token: string, phone: string | null) => call(t.app, 'PUT', PROFILE, { token, body: { phone } });

  test('204 for the right password; 400 on the password field for a wrong one', async () => {
    const { token } = await registerPatient(t.app, t.mail);
    const ok = await verify(token, PASSWORD);
    expect(ok.status).toBe(204);
    const wrong = await verify(token, 'Not-the-password-1');
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'INVALID_CREDENTIALS', errors: [{ path: 'password', message: expect.any(String) }] });
  });

  test('401 without a session', async () => {
    expect((await call(t.app, 'POST', '/v1/auth/verify-password', { body: { password: PASSWORD } })).status).toBe(401);
  });

  /** Changing an existing phone is guarded; adding the first one is not (below). */
  const FIRST_PHONE = '+380500000001';

  test('adding a first phone needs no verify (the one given while booking); removing or changing it does', async () => {
    const { token } = await registerPatient(t.app, t.mail);
    const added = await setPhone(token, '+380 50 123 45 67');
    expect(added.status).toBe(200);
    expect(added.body.phone).toBe('+380501234567');
    expect((await setPhone(token, '+380501234567')).status).toBe(200);
    expect((await setPhone(token, '+380509999999')).body.code).toBe('PASSWORD_VERIFICATION_REQUIRED');
    expect((await setPhone(token, null)).body.code).toBe('PASSWORD_VERIFICATION_REQUIRED');
    expect((await profile(token)).body.phone).toBe('+380501234567');
  });

  test('changing the phone needs a recent verify: 403 without, 200 with, saved normalised', async () => {
    const { token } = await registerPatient(t.app, t.mail, { phone: FIRST_PHONE });
    const refused = await setPhone(token, '+380 (67) 765-43-21');
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('PASSWORD_VERIFICATION_REQUIRED');
    expect((await profile(token)).body.phone).toBe(FIRST_PHONE);

    expect((await verify(token, PASSWORD)).status).toBe(204);
    const changed = await setPhone(token, '+380 (67) 765-43-21');
    expect(changed.status).toBe(200);
    expect(changed.body.phone).toBe('+380677654321');
    expect((await profile(token)).body.phone).toBe('+380677654321');
  });

  test('a verify belongs to its session only', async () => {
    const { token, email } = await registerPatient(t.app, t.mail, { phone: FIRST_PHONE });
    const other = await login(t.app, email, PASSWORD);
    expect((await verify(other, PASSWORD)).status).toBe(204);
    expect((await setPhone(token, '+380501112233')).status).toBe(403);
  });

  test('a verify lasts 5 minutes', async () => {
    const { token } = await registerPatient(t.app, t.mail, { phone: FIRST_PHONE });
    expect((await verify(token, PASSWORD)).status).toBe(204);
    t.clock.advance(4 * MINUTE);
    expect((await setPhone(token, '+380501112233')).status).toBe(200);
    t.clock.advance(MINUTE + 1_000);
    const late = await setPhone(token, '+380504445566');
    expect(late.status).toBe(403);
    expect(late.body.code).toBe('PASSWORD_VERIFICATION_REQUIRED');
    expect((await profile(token)).body.phone).toBe('+380501112233');
  });

  test('a failed verify does not verify', async () => {
    const { token } = await registerPatient(t.app, t.mail, { phone: FIRST_PHONE });
    expect((await verify(token, 'Not-the-password-1')).status).toBe(400);
    expect((await setPhone(token, '+380501112233')).status).toBe(403);
  });

  test('a local Ukrainian number is stored in E.164; 400 for one that is no number', async () => {
    const { token } = await registerPatient(t.app, t.mail);
    expect((await setPhone(token, '067 123 45 67')).body.phone).toBe('+380671234567');
    expect((await verify(token, PASSWORD)).status).toBe(204);
    expect((await setPhone(token, '(050) 765-43-21')).body.phone).toBe('+380507654321');
    for (const phone of ['050123456', '+0501234567', '+38050', 'phone', '601234567']) {
      const refused = await setPhone(token, phone);
      expect(refused.status).toBe(400);
      expect(refused.body.errors[0]).toMatchObject({ path: 'body.phone', code: 'PHONE_FORMAT' });
    }
    expect((await profile(token)).body.phone).toBe('+380507654321');
  });
});

describe('PUT /v1/auth/profile', () => {
  const put = (token: string, body: object) => call(t.app, 'PUT', PROFILE, { token, body });

  test('name, language and notification settings change independently (partial merge)', async () => {
    const { token } = await registerPatient(t.app, t.mail, { locale: 'uk', user_name: 'Ірина' });
    const named = await put(token, { user_name: 'Ірина Коваль' });
    expect(named.status).toBe(200);
    expect(named.body).toMatchObject({ user_name: 'Ірина Коваль', locale: 'uk' });

    expect((await put(token, { locale: 'en' })).body).toMatchObject({ user_name: 'Ірина Коваль', locale: 'en' });

    expect((await put(token, { notification_settings: { email: false } })).body.notification_settings).toEqual({
      in_app: true,
      email: false,
      push: true,
    });
    expect((await put(token, { notification_settings: { push: false } })).body.notification_settings).toEqual({
      in_app: true,
      email: false,
      push: false,
    });
    expect((await profile(token)).body).toMatchObject({
      user_name: 'Ірина Коваль',
      locale: 'en',
      notification_settings: { in_app: true, email: false, push: false },
    });
  });

  test('400 for an empty body, an empty name or an unknown language', async () => {
    const { token } = await registerPatient(t.app, t.mail);
    for (const body of [{}, { user_name: '' }, { locale: 'fr' }, { notification_settings: { email: 'no' } }]) {
      const response = await put(token, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.code).toBe('VALIDATION_FAILED');
    }
  });

  test('a NUL character in a text is 400 on that field, not a server error', async () => {
    const { token } = await registerPatient(t.app, t.mail, { user_name: 'Без змін' });
    const response = await put(token, { user_name: 'Ім\u0000я' });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ path: 'body.user_name', message: expect.any(String) }] });
    expect((await profile(token)).body.user_name).toBe('Без змін');
  });

  test('a password change needs the right current password', async () => {
    const { token, email } = await registerPatient(t.app, t.mail);
    const wrong = await put(token, { current_password: 'Not-the-password-1', new_password: 'Brand-New-Secret-9' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors[0].path).toBe('current_password');
    expect(await login(t.app, email, PASSWORD)).toEqual(expect.any(String));
  });

  test('new_password without current_password, or a common new password, is 400', async () => {
    const { token } = await registerPatient(t.app, t.mail);
    expect((await put(token, { new_password: 'Brand-New-Secret-9' })).status).toBe(400);
    const common = await put(token, { current_password: PASSWORD, new_password: 'password123' });
    expect(common.status).toBe(400);
    expect(common.body.errors[0].path).toBe('new_password');
  });

  test('a password change revokes the other sessions, keeps this one, and the new password logs in', async () => {
    const { token, email } = await registerPatient(t.app, t.mail);
    const otherDevice = await login(t.app, email, PASSWORD);
    const changed = await put(token, { current_password: PASSWORD, new_password: 'Brand-New-Secret-9' });
    expect(changed.status).toBe(200);
    expect(changed.body.email).toBe(email);

    expect((await profile(otherDevice)).status).toBe(401);
    expect((await profile(token)).status).toBe(200);
    expect((await call(t.app, 'POST', '/v1/auth/login', { body: { email, password: PASSWORD } })).status).toBe(400);
    expect(await login(t.app, email, 'Brand-New-Secret-9')).toEqual(expect.any(String));
  });
});

describe('DELETE /v1/auth/profile', () => {
  test('403 without a recent password verify; the account stays', async () => {
    const { token, email } = await registerPatient(t.app, t.mail);
    const response = await call(t.app, 'DELETE', PROFILE, { token });
    expect(response.status).toBe(403);
    expect(response.body.code).toBe('PASSWORD_VERIFICATION_REQUIRED');
    expect(await login(t.app, email, PASSWORD)).toEqual(expect.any(String));
  });

  test('with a verify: 204, sessions dead, login 404, personal data gone, the e-mail can register again', async () => {
    const { token, email, userId } = await registerPatient(t.app, t.mail, { user_name: 'Видалений Пацієнт', phone: '+380501234567' });
    const otherDevice = await login(t.app, email, PASSWORD);
    expect((await call(t.app, 'POST', '/v1/auth/verify-password', { token, body: { password: PASSWORD } })).status).toBe(204);

    const deleted = await call(t.app, 'DELETE', PROFILE, { token });
    expect(deleted.status).toBe(204);
    expect((await profile(token)).status).toBe(401);
    expect((await profile(otherDevice)).status).toBe(401);
    expect((await call(t.app, 'POST', '/v1/auth/login', { body: { email, password: PASSWORD } })).status).toBe(404);

    const row = await userRowById(t, userId);
    expect(row).toMatchObject({ userName: '', phone: null, passwordHash: null, isActive: false });
    expect(row!.email).not.toBe(email);
    expect(row!.deletedAt).toBeInstanceOf(Date);
    const stored = JSON.stringify(row);
    expect(stored).not.toContain('Видалений');
    expect(stored).not.toContain('501234567');
    expect(stored).not.toContain(email);

    t.clock.advance(MINUTE); // the resend rule: one code a minute per address
    const again = await registerPatient(t.app, t.mail, { email, user_name: 'Новий' });
    expect(again.userId).not.toBe(userId);
    expect((await profile(again.token)).body).toMatchObject({ email, user_name: 'Новий' });
  });
});

describe('POST /v1/auth/setup-password', () => {
  const setup = (body: object, token?: string) => call(t.app, 'POST', '/v1/auth/setup-password', { token, body });

  async function passwordlessPatient() {
    const email = uniqueEmail('landing');
    const user = await t.services.accounts.createAccount({ email, userName: 'З лендингу', role: 'patient', emailVerified: true });
    return { email, userId: user.id, token: await sessionFor(t, user.id) };
  }

  test('a signed-in account without a password sets one: 200 token, old sessions revoked, the password logs in', async () => {
    const { email, token } = await passwordlessPatient();
    expect((await profile(token)).body.has_password).toBe(false);
    const response = await setup({ password: 'Landing-Secret-42' }, token);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ token: expect.any(String) });
    expect((await profile(token)).status).toBe(401);
    expect((await profile(response.body.token)).body.has_password).toBe(true);
    expect(await login(t.app, email, 'Landing-Secret-42')).toEqual(expect.any(String));
  });

  test('409 for an account that already has a password', async () => {
    const { token } = await registerPatient(t.app, t.mail);
    const response = await setup({ password: 'Another-Secret-42' }, token);
    expect(response.status).toBe(409);
    expect(response.body.code).toBe('PASSWORD_ALREADY_SET');
  });

  test('401 for { password } without a session', async () => {
    const response = await setup({ password: 'Another-Secret-42' });
    expect(response.status).toBe(401);
    expect(response.body.code).toBe('UNAUTHORIZED');
  });

  test('a common password is 400', async () => {
    const { token } = await passwordlessPatient();
    expect((await setup({ password: 'password123' }, token)).status).toBe(400);
    expect((await profile(token)).body.has_password).toBe(false);
  });

  describe('recovery with e-mail and code', () => {
    async function recoveryCode(email: string) {
      expect((await call(t.app, 'POST', '/v1/verification-codes/recover-pass/send-code', { body: { email } })).status).toBe(204);
      return t.mail.codeFor(email);
    }

    test('200 token; every other session revoked; the new password logs in and the old one does not', async () => {
      const { token, email } = await registerPatient(t.app, t.mail);
      const code = await recoveryCode(email);
      const response = await setup({ email, code, password: 'Recovered-Secret-42' });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ token: expect.any(String) });
      expect((await profile(token)).status).toBe(401);
      expect((await profile(response.body.token)).body.email).toBe(email);
      expect((await call(t.app, 'POST', '/v1/auth/login', { body: { email, password: PASSWORD } })).status).toBe(400);
      expect(await login(t.app, email, 'Recovered-Secret-42')).toEqual(expect.any(String));
      // The code is used up.
      expect((await setup({ email, code, password: 'Third-Secret-4242' })).status).toBe(400);
    });

    test('400 CODE_INVALID for a wrong code; the password is unchanged', async () => {
      const { email } = await registerPatient(t.app, t.mail);
      const code = await recoveryCode(email);
      const wrong = code === '999999' ? '999998' : '999999';
      const response = await setup({ email, code: wrong, password: 'Recovered-Secret-42' });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('CODE_INVALID');
      expect(await login(t.app, email, PASSWORD)).toEqual(expect.any(String));
    });

    test('a register code does not recover a password', async () => {
      const { email } = await registerPatient(t.app, t.mail);
      await recoveryCode(email);
      t.clock.advance(MINUTE);
      const response = await setup({ email, code: '000000', password: 'Recovered-Secret-42' });
      expect(response.status).toBe(400);
    });

    test('a common password is 400 and the code stays usable', async () => {
      const { email } = await registerPatient(t.app, t.mail);
      const code = await recoveryCode(email);
      const common = await setup({ email, code, password: 'password123' });
      expect(common.status).toBe(400);
      expect(common.body.errors[0].path).toBe('password');
      expect((await setup({ email, code, password: 'Recovered-Secret-42' })).status).toBe(200);
    });

    test('a code older than 10 minutes is 410', async () => {
      const { email } = await registerPatient(t.app, t.mail);
      const code = await recoveryCode(email);
      t.clock.advance(10 * MINUTE);
      expect((await setup({ email, code, password: 'Recovered-Secret-42' })).status).toBe(410);
    });

    test('works with a stale token still sent from an old cookie', async () => {
      const { token, email } = await registerPatient(t.app, t.mail);
      expect((await call(t.app, 'POST', '/v1/auth/logout', { token })).status).toBe(204);
      const code = await recoveryCode(email);
      const response = await setup({ email, code, password: 'Recovered-Secret-42' }, token);
      expect(response.status).toBe(200);
      expect((await profile(response.body.token)).body.email).toBe(email);
    });

    test('a deactivated account is refused with 403 and its password stays as it was', async () => {
      const { email, userId } = await registerPatient(t.app, t.mail);
      const code = await recoveryCode(email);
      await t.services.accounts.setActive(userId, false);
      const response = await setup({ email, code, password: 'Recovered-Secret-42' });
      expect(response.status).toBe(403);
      expect(response.body.code).toBe('ACCOUNT_DISABLED');
      await t.services.accounts.setActive(userId, true);
      expect(await login(t.app, email, PASSWORD)).toEqual(expect.any(String));
    });

    test('an account booked from the landing page (no password, e-mail not proved) recovers and is signed in', async () => {
      const email = uniqueEmail('landing');
      await t.services.accounts.createAccount({ email, userName: 'З лендингу', role: 'patient', emailVerified: false });
      const code = await recoveryCode(email);
      const response = await setup({ email, code, password: 'Recovered-Secret-42' });
      expect(response.status).toBe(200);
      expect((await profile(response.body.token)).body).toMatchObject({ has_password: true, email_verified: true });
    });
  });
});
