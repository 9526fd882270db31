import { authPaths } from '@rozmova/contracts';
import { describe, expect, test } from 'vitest';
import { call, createTestApp, fileTestApp, MINUTE, PASSWORD, registerPatient, uniqueEmail } from '../../test/harness.ts';
import { countStatuses, wrongCodes } from '../../test/concurrency.ts';

// Every limit here must hold when the requests arrive at once, not only one after another.

const SEND_REGISTER = '/v1/verification-codes/register/send-code';
const SEND_RECOVERY = '/v1/verification-codes/recover-pass/send-code';
const ATTACKER_PASSWORD = 'Stolen-Lantern-Orbit-93';
/** `n` client addresses (app.inject's remote address), all on loopback. */
const addresses = (n: number, block = 1) => Array.from({ length: n }, (_, i) => `127.0.${block}.${i + 1}`);

const t = await fileTestApp();

/** `n` six-digit codes, all different from `right`; `right` itself at `rightAt` when given. */
function guesses(right: string, n: number, rightAt?: number): string[] {
  const wrong = wrongCodes(n, [right]);
  if (rightAt !== undefined) wrong[rightAt] = right;
  return wrong;
}

describe('a code takes at most 5 wrong tries, however many arrive at once', () => {
  test('60 concurrent recoveries from 3 addresses, the right code 51st: the attacker does not get in', async () => {
    const { email } = await registerPatient(t.app, t.mail);
    expect((await call(t.app, 'POST', SEND_RECOVERY, { body: { email } })).status).toBe(204);
    const code = await t.mail.codeFor(email);
    const ips = addresses(3);

    const responses = await Promise.all(
      guesses(code, 60, 50).map((guess, i) =>
        call(t.app, 'POST', authPaths.setupPassword, {
          body: { email, code: guess, password: ATTACKER_PASSWORD },
          remoteAddress: ips[i % 3],
        }),
      ),
    );
    expect(countStatuses(responses)).toEqual({ 400: 5, 410: 55 });
    expect(responses[50]!.status).toBe(410);
    const login = (password: string) => call(t.app, 'POST', authPaths.login, { body: { email, password, role: 'patient' } });
    expect((await login(ATTACKER_PASSWORD)).status).toBe(400);
    expect((await login(PASSWORD)).status).toBe(200);
  });

  test('60 concurrent check-code guesses: 5 evaluated, the rest 410', async () => {
    const email = uniqueEmail();
    expect((await call(t.app, 'POST', SEND_REGISTER, { body: { email } })).status).toBe(204);
    const code = await t.mail.codeFor(email);

    const responses = await Promise.all(
      guesses(code, 60, 59).map((guess) => call(t.app, 'POST', authPaths.checkCode, { body: { email, code: guess, type: 'register' } })),
    );
    expect(countStatuses(responses)).toEqual({ 400: 5, 410: 55 });
    expect(responses.filter((r) => r.status === 400).every((r) => r.body.code === 'CODE_INVALID')).toBe(true);
  });

  test('60 concurrent sign-ups with guessed codes, the right one 51st: no account is made', async () => {
    const email = uniqueEmail();
    expect((await call(t.app, 'POST', SEND_REGISTER, { body: { email } })).status).toBe(204);
    const code = await t.mail.codeFor(email);

    const responses = await Promise.all(
      guesses(code, 60, 50).map((guess) =>
        call(t.app, 'POST', authPaths.registerPatient, { body: { email, code: guess, password: ATTACKER_PASSWORD, user_name: 'Mallory' } }),
      ),
    );
    expect(countStatuses(responses)).toEqual({ 400: 5, 410: 55 });
    expect(await t.services.accounts.findByEmail(email)).toBeUndefined();
  });
});

describe('failed password checks per account and address, and per account, however many arrive at once', () => {
  const login = (email: string, password: string, remoteAddress: string) =>
    call(t.app, 'POST', authPaths.login, { body: { email, password, role: 'patient' }, remoteAddress });

  test('50 concurrent wrong passwords from one address: 10 evaluated, 40 × 429; the owner elsewhere signs in', async () => {
    const { email } = await registerPatient(t.app, t.mail);
    const [attacker, owner] = addresses(2, 10);
    const responses = await Promise.all(Array.from({ length: 50 }, (_, i) => login(email, `Wrong-password-${i}`, attacker!)));
    expect(countStatuses(responses)).toEqual({ 400: 10, 429: 40 });
    expect(responses.filter((r) => r.status === 400).every((r) => r.body.code === 'INVALID_CREDENTIALS')).toBe(true);
    expect((await login(email, PASSWORD, attacker!)).status).toBe(429);
    expect((await login(email, PASSWORD, owner!)).status).toBe(200);
  });

  test('150 concurrent wrong passwords from 15 addresses: 100 evaluated (the hour’s ceiling), 50 × 429; recovery lets the owner in', async () => {
    const { email } = await registerPatient(t.app, t.mail);
    const ips = addresses(16, 11);
    const responses = await Promise.all(Array.from({ length: 150 }, (_, i) => login(email, `Wrong-password-${i}`, ips[i % 15]!)));
    expect(countStatuses(responses)).toEqual({ 400: 100, 429: 50 });
    // A 16th address is refused too, whatever the password, until the hour is over or the owner recovers.
    expect((await login(email, PASSWORD, ips[15]!)).status).toBe(429);

    expect((await call(t.app, 'POST', SEND_RECOVERY, { body: { email }, remoteAddress: ips[15] })).status).toBe(204);
    const code = await t.mail.codeFor(email);
    const body = { email, code, password: 'Recovered-Secret-42' };
    expect((await call(t.app, 'POST', authPaths.setupPassword, { body, remoteAddress: ips[15] })).status).toBe(200);
    expect((await login(email, 'Recovered-Secret-42', ips[0]!)).status).toBe(200);
  });

  test('50 concurrent wrong passwords to verify-password: 10 evaluated', async () => {
    const { token } = await registerPatient(t.app, t.mail);
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call(t.app, 'POST', authPaths.verifyPassword, { token, body: { password: `Wrong-password-${i}` } }),
      ),
    );
    expect(countStatuses(responses)).toEqual({ 400: 10, 429: 40 });
  });

  test('50 concurrent password changes with a wrong current password: 10 evaluated, the password unchanged', async () => {
    const { email, token } = await registerPatient(t.app, t.mail);
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call(t.app, 'PUT', authPaths.profile, {
          token,
          body: { current_password: `Wrong-password-${i}`, new_password: ATTACKER_PASSWORD },
        }),
      ),
    );
    expect(countStatuses(responses)).toEqual({ 400: 10, 429: 40 });
    t.clock.advance(15 * MINUTE);
    expect((await call(t.app, 'POST', authPaths.login, { body: { email, password: PASSWORD, role: 'patient' } })).status).toBe(200);
  });
});

describe('other limits under concurrency', () => {
  test('50 concurrent send-code for one address: one code is mailed, the rest 429', async () => {
    const email = uniqueEmail();
    const responses = await Promise.all(Array.from({ length: 50 }, () => call(t.app, 'POST', SEND_REGISTER, { body: { email } })));
    expect(countStatuses(responses)).toEqual({ 204: 1, 429: 49 });
    await t.mail.codeFor(email);
    expect(t.mail.to(email)).toHaveLength(1);
  });

  test('50 concurrent auth requests from one address with a limit of 7 a minute: 7 evaluated', async () => {
    const limited = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '7' } });
    try {
      limited.clock.set(Math.ceil(limited.clock.now().getTime() / MINUTE) * MINUTE);
      const body = { email: 'nobody@example.com', password: 'whatever-1' };
      const responses = await Promise.all(
        Array.from({ length: 50 }, () => call(limited.app, 'POST', authPaths.login, { body, remoteAddress: '127.0.20.9' })),
      );
      expect(countStatuses(responses)).toEqual({ 404: 7, 429: 43 });
    } finally {
      await limited.close();
    }
  });

  test('login’s 404 and sign-up’s 409 share the address’s 60 auth requests a minute: 50 + 50 at once, 60 evaluated', async () => {
    const limited = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: undefined } });
    try {
      limited.clock.set(Math.ceil(limited.clock.now().getTime() / MINUTE) * MINUTE);
      const { email: taken } = await registerPatient(limited.app, limited.mail);
      const from = { remoteAddress: '127.0.21.1' };
      const responses = await Promise.all([
        ...Array.from({ length: 50 }, (_, i) =>
          call(limited.app, 'POST', authPaths.login, { body: { email: `nobody-${i}@example.com`, password: 'whatever-1' }, ...from }),
        ),
        ...Array.from({ length: 50 }, () => call(limited.app, 'POST', SEND_REGISTER, { body: { email: taken }, ...from })),
      ]);
      const counts = countStatuses(responses);
      expect(counts[429]).toBe(40);
      expect((counts[404] ?? 0) + (counts[409] ?? 0)).toBe(60);
      // Another address is not affected.
      expect((await call(limited.app, 'POST', SEND_REGISTER, { body: { email: taken }, remoteAddress: '127.0.21.2' })).status).toBe(409);
    } finally {
      await limited.close();
    }
  });
});
