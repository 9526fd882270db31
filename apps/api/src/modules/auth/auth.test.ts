import { describe, expect, test } from 'vitest';
import { call, createTestApp, fileTestApp, login, MINUTE, PASSWORD, registerPatient, sessionsOf, uniqueEmail } from '../../test/harness.ts';

const SEND_REGISTER = '/v1/verification-codes/register/send-code';
const SEND_RECOVERY = '/v1/verification-codes/recover-pass/send-code';
const SETUP_PASSWORD = '/v1/auth/setup-password';
const REGISTER = '/v1/auth/register-patient';
const LOGIN = '/v1/auth/login';
const PROFILE = '/v1/auth/profile';

const t = await fileTestApp();

async function codeFor(email: string): Promise<string> {
  expect((await call(t.app, 'POST', SEND_REGISTER, { body: { email } })).status).toBe(204);
  return t.mail.codeFor(email);
}

const register = (body: object, headers?: Record<string, string>) => call(t.app, 'POST', REGISTER, { body, headers });
// Client addresses the app sees (app.inject's remote address): failed logins count per account and address.
const HERE = '127.0.2.1';
const ELSEWHERE = '127.0.2.2';
const tryLogin = (email: string, password: string, remoteAddress = HERE) =>
  call(t.app, 'POST', LOGIN, { body: { email, password, role: 'patient' }, remoteAddress });

describe('POST /v1/auth/register-patient', () => {
  test('201 with a token that signs the new patient in, with a patient card', async () => {
    const email = uniqueEmail();
    const code = await codeFor(email);
    const response = await register({
      email,
      code,
      password: PASSWORD,
      user_name: '  Олена Петрівна ',
      phone: '+380 50 123 45 67',
      locale: 'en',
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ token: expect.any(String) });

    const profile = await call(t.app, 'GET', PROFILE, { token: response.body.token });
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({
      email,
      user_name: 'Олена Петрівна',
      user_role: 'patient',
      phone: '+380501234567',
      locale: 'en',
      has_password: true,
      email_verified: true,
      notification_settings: { in_app: true, email: true, push: true },
    });
    expect(profile.body.role_specific_data.patient.patient_cardId).toMatch(/^[0-9a-f-]{36}$/);
    expect(profile.body.role_specific_data.patient.patientId).toMatch(/^[0-9a-f-]{36}$/);
    expect(profile.body).not.toHaveProperty('password_hash');
    expect(JSON.stringify(profile.body)).not.toContain('argon2');
  });

  test('the code is used up by registering', async () => {
    const email = uniqueEmail();
    const code = await codeFor(email);
    expect((await register({ email, code, password: PASSWORD, user_name: 'A' })).status).toBe(201);
    // The address is now registered, so a second registration with the same code is refused.
    expect((await register({ email, code, password: PASSWORD, user_name: 'A' })).status).toBe(409);
  });

  test('409 for an e-mail that is already registered', async () => {
    const { email } = await registerPatient(t.app, t.mail);
    const response = await register({ email, code: '123456', password: PASSWORD, user_name: 'Someone' });
    expect(response.status).toBe(409);
    expect(response.body.code).toBe('EMAIL_TAKEN');
  });

  test('400 CODE_INVALID for a wrong code, and no account is made', async () => {
    const email = uniqueEmail();
    const code = await codeFor(email);
    const wrong = code === '000000' ? '000001' : '000000';
    const response = await register({ email, code: wrong, password: PASSWORD, user_name: 'A' });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('CODE_INVALID');
    expect(await t.services.accounts.findByEmail(email)).toBeUndefined();
  });

  test('410 for a code older than 10 minutes', async () => {
    const email = uniqueEmail();
    const code = await codeFor(email);
    t.clock.advance(10 * MINUTE);
    const response = await register({ email, code, password: PASSWORD, user_name: 'A' });
    expect(response.status).toBe(410);
    expect(response.body.code).toBe('CODE_EXPIRED');
    expect(await t.services.accounts.findByEmail(email)).toBeUndefined();
  });

  test('a common password is refused on the password field and does not cost the code', async () => {
    const email = uniqueEmail();
    const code = await codeFor(email);
    for (const password of ['password123', 'PASSWORD123']) {
      const refused = await register({ email, code, password, user_name: 'A' });
      expect(refused.status).toBe(400);
      expect(refused.body.errors[0].path).toBe('password');
    }
    expect((await register({ email, code, password: PASSWORD, user_name: 'A' })).status).toBe(201);
  });

  test('passwords of 7 and 129 characters are refused; 8 and 128 are accepted', async () => {
    const email = uniqueEmail();
    const code = await codeFor(email);
    for (const password of ['Kx9#mQ2', `${'Kx9#mQ2z'.repeat(16)}X`]) {
      const refused = await register({ email, code, password, user_name: 'A' });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ code: 'VALIDATION_FAILED', errors: [expect.objectContaining({ path: 'body.password' })] });
    }
    expect((await register({ email, code, password: 'Kx9#mQ2z', user_name: 'A' })).status).toBe(201);
    expect(await login(t.app, email, 'Kx9#mQ2z')).toEqual(expect.any(String));

    const other = uniqueEmail();
    const long = 'Kx9#mQ2z'.repeat(16);
    expect((await register({ email: other, code: await codeFor(other), password: long, user_name: 'A' })).status).toBe(201);
    expect(await login(t.app, other, long)).toEqual(expect.any(String));
  });

  test('400 for a missing name, a bad phone or a bad locale', async () => {
    const email = uniqueEmail();
    const code = await codeFor(email);
    for (const body of [
      { email, code, password: PASSWORD },
      { email, code, password: PASSWORD, user_name: '   ' },
      { email, code, password: PASSWORD, user_name: 'A', phone: '050123456' },
      { email, code, password: PASSWORD, user_name: 'A', locale: 'ru' },
    ]) {
      expect((await register(body)).status).toBe(400);
    }
    expect((await register({ email, code, password: PASSWORD, user_name: 'A' })).status).toBe(201);
  });

  test('the session keeps the device from the X-Device-Type, X-User-Agent and X-Timestamp headers', async () => {
    const headers = {
      'x-device-type': 'desktop; Linux; x86_64',
      'x-user-agent': 'Chrome 131; cookies: true; uk-UA',
      'x-timestamp': '2025-03-01T10:00:00.000Z; GMT+0200; Europe/Kyiv',
    };
    const { userId } = await registerPatient(t.app, t.mail, { headers });
    const [session, ...others] = await sessionsOf(t, userId);
    expect(others).toEqual([]);
    expect(session).toMatchObject({
      deviceType: 'desktop; Linux; x86_64',
      userAgent: 'Chrome 131; cookies: true; uk-UA',
      timeZone: 'Europe/Kyiv',
      ipAddress: '127.0.0.1',
      revokedAt: null,
    });
    // The token itself is never stored, only its digest.
    expect(session!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('POST /v1/auth/login', () => {
  test('200 with a token for the right password; the e-mail is case-insensitive', async () => {
    const { email } = await registerPatient(t.app, t.mail);
    const response = await tryLogin(email.toUpperCase(), PASSWORD);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ token: expect.any(String) });
    const profile = await call(t.app, 'GET', PROFILE, { token: response.body.token });
    expect(profile.body.email).toBe(email);
  });

  test('404 for an unknown e-mail', async () => {
    const response = await tryLogin(uniqueEmail('unknown'), PASSWORD);
    expect(response.status).toBe(404);
    expect(response.body.code).toBe('USER_NOT_FOUND');
  });

  test('400 for a wrong password', async () => {
    const { email } = await registerPatient(t.app, t.mail);
    const response = await tryLogin(email, `${PASSWORD}x`);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('INVALID_CREDENTIALS');
  });

  test('403 "User email is not verified" for an account whose e-mail is not verified', async () => {
    const email = uniqueEmail();
    await t.services.accounts.createAccount({ email, password: PASSWORD, userName: 'A', role: 'patient', emailVerified: false });
    const response = await tryLogin(email, PASSWORD);
    expect(response.status).toBe(403);
    expect(response.body.message).toBe('User email is not verified');
    expect(response.body.code).toBe('EMAIL_NOT_VERIFIED');
  });

  test('403 for a deactivated account, 200 again once reactivated', async () => {
    const { email, userId } = await registerPatient(t.app, t.mail);
    await t.services.accounts.setActive(userId, false);
    const response = await tryLogin(email, PASSWORD);
    expect(response.status).toBe(403);
    expect(response.body.code).toBe('ACCOUNT_DISABLED');
    await t.services.accounts.setActive(userId, true);
    expect((await tryLogin(email, PASSWORD)).status).toBe(200);
  });

  test('10 failed logins from one address: 429 there, even with the right password, until the window passes; another address signs in', async () => {
    const { email } = await registerPatient(t.app, t.mail);
    const bystander = await registerPatient(t.app, t.mail);
    for (let i = 0; i < 10; i++) expect((await tryLogin(email, 'Wrong-password-1', HERE)).status).toBe(400);

    const blocked = await tryLogin(email, PASSWORD, HERE);
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe('TOO_MANY_REQUESTS');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    // The owner elsewhere is not locked out, nor another e-mail from the same address.
    expect((await tryLogin(email, PASSWORD, ELSEWHERE)).status).toBe(200);
    expect((await tryLogin(bystander.email, PASSWORD, HERE)).status).toBe(200);

    t.clock.advance(15 * MINUTE);
    expect((await tryLogin(email, PASSWORD, HERE)).status).toBe(200);
  });

  test('100 failed logins an hour from many addresses: then 429 from anywhere for the rest of the hour', async () => {
    const { email } = await registerPatient(t.app, t.mail);
    for (let i = 0; i < 100; i++) expect((await tryLogin(email, 'Wrong-password-1', `127.0.3.${1 + Math.floor(i / 10)}`)).status).toBe(400);
    const ceiling = await tryLogin(email, PASSWORD, ELSEWHERE);
    expect(ceiling.status).toBe(429);
    expect(Number(ceiling.headers['retry-after'])).toBeLessThanOrEqual(60 * 60);
    t.clock.advance(60 * MINUTE);
    expect((await tryLogin(email, PASSWORD, ELSEWHERE)).status).toBe(200);
  });

  test('a recovery by e-mail code lets the owner in and forgets the failures, from the address that was refused too', async () => {
    const { email } = await registerPatient(t.app, t.mail);
    for (let i = 0; i < 100; i++) expect((await tryLogin(email, 'Wrong-password-1', `127.0.4.${1 + Math.floor(i / 10)}`)).status).toBe(400);
    expect((await tryLogin(email, PASSWORD, '127.0.4.1')).status).toBe(429);

    expect((await call(t.app, 'POST', SEND_RECOVERY, { body: { email }, remoteAddress: '127.0.4.1' })).status).toBe(204);
    const code = await t.mail.codeFor(email);
    const recovered = await call(t.app, 'POST', SETUP_PASSWORD, {
      body: { email, code, password: 'Recovered-Secret-42' },
      remoteAddress: '127.0.4.1',
    });
    expect(recovered.status).toBe(200);
    expect((await tryLogin(email, 'Recovered-Secret-42', '127.0.4.1')).status).toBe(200);
    // The counts start again from nothing: 9 more failures there still leave the owner in.
    for (let i = 0; i < 9; i++) expect((await tryLogin(email, 'Wrong-password-1', '127.0.4.1')).status).toBe(400);
    expect((await tryLogin(email, 'Recovered-Secret-42', '127.0.4.1')).status).toBe(200);
  });

  test('9 failed logins do not block the account', async () => {
    const { email } = await registerPatient(t.app, t.mail);
    for (let i = 0; i < 9; i++) expect((await tryLogin(email, 'Wrong-password-1')).status).toBe(400);
    expect((await tryLogin(email, PASSWORD)).status).toBe(200);
  });

  test('successful logins do not count against the 10 failures', async () => {
    const { email } = await registerPatient(t.app, t.mail);
    for (let i = 0; i < 9; i++) expect((await tryLogin(email, 'Wrong-password-1')).status).toBe(400);
    for (let i = 0; i < 3; i++) expect((await tryLogin(email, PASSWORD)).status).toBe(200);
    expect((await tryLogin(email, 'Wrong-password-1')).status).toBe(400);
    expect((await tryLogin(email, PASSWORD)).status).toBe(429);
  });

  test('400 for a malformed body', async () => {
    for (const body of [
      {},
      { email: 'x', password: 'y' },
      { email: uniqueEmail(), password: '' },
      { email: uniqueEmail(), password: 'x', role: 'root' },
    ]) {
      const response = await call(t.app, 'POST', LOGIN, { body });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('VALIDATION_FAILED');
    }
  });
});

describe('auth requests per address', () => {
  test('more than AUTH_RATE_LIMIT_PER_MINUTE auth requests a minute from one address are refused with 429', async () => {
    const limited = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '5' } });
    try {
      // Start of a minute, so the whole burst falls into one window.
      limited.clock.set(Math.ceil(limited.clock.now().getTime() / MINUTE) * MINUTE);
      const attempt = (remoteAddress = '127.0.5.7') =>
        call(limited.app, 'POST', LOGIN, { body: { email: 'nobody@example.com', password: 'whatever-1' }, remoteAddress });
      for (let i = 0; i < 5; i++) expect((await attempt()).status).toBe(404);
      const refused = await attempt();
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('TOO_MANY_REQUESTS');
      expect(Number(refused.headers['retry-after'])).toBe(60);
      // Other auth calls from that address count too; other addresses and other routes do not.
      expect((await call(limited.app, 'POST', SEND_REGISTER, { body: { email: uniqueEmail() }, remoteAddress: '127.0.5.7' })).status).toBe(
        429,
      );
      expect((await attempt('127.0.5.8')).status).toBe(404);
      expect((await call(limited.app, 'GET', '/api/health', { remoteAddress: '127.0.5.7' })).status).toBe(200);

      limited.clock.advance(MINUTE);
      expect((await attempt()).status).toBe(404);
    } finally {
      await limited.close();
    }
  });
});
