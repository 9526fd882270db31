import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { jobs } from '../../db/schema.ts';
import { deliver } from '../../test/factories.ts';
import { call, fileTestApp, MINUTE, registerPatient, uniqueEmail } from '../../test/harness.ts';
import { CODE_MAIL_JOB } from './commands/verification-codes.ts';

const SEND_REGISTER = '/v1/verification-codes/register/send-code';
const SEND_RECOVERY = '/v1/verification-codes/recover-pass/send-code';
const CHECK = '/v1/verification-codes/check-code';

const t = await fileTestApp();

const send = (url: string, body: object) => call(t.app, 'POST', url, { body });
const check = (body: object) => call(t.app, 'POST', CHECK, { body });
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('POST /v1/verification-codes/register/send-code', () => {
  test('sends a 6-digit code in Ukrainian', async () => {
    const email = uniqueEmail();
    const response = await send(SEND_REGISTER, { email, locale: 'uk' });
    expect(response.status).toBe(204);
    expect(response.text).toBe('');
    const mail = await t.mail.waitFor(email);
    expect(mail.to).toEqual([email]);
    expect(mail.headers.from).toContain('no-reply@rozmova.local');
    expect(mail.subject).toBe('Код підтвердження Rozmova');
    expect(mail.text).toContain('Ви реєструєтеся в Rozmova. Ваш код підтвердження:');
    expect(mail.text).toContain('Код дійсний 10 хвилин.');
    expect(mail.text).toMatch(/^\d{6}$/m);
  });

  test('sends the code in English when asked', async () => {
    const email = uniqueEmail();
    expect((await send(SEND_REGISTER, { email, locale: 'en' })).status).toBe(204);
    const mail = await t.mail.waitFor(email);
    expect(mail.subject).toBe('Your Rozmova confirmation code');
    expect(mail.text).toContain('You are signing up for Rozmova. Your confirmation code:');
    expect(mail.text).toContain('The code is valid for 10 minutes.');
    expect(mail.text).not.toMatch(/[а-яіїєґ]/i);
  });

  test('treats the address case-insensitively and mails the lower-case address', async () => {
    const email = uniqueEmail();
    expect((await send(SEND_REGISTER, { email: `  ${email.toUpperCase()} `, locale: 'en' })).status).toBe(204);
    const code = await t.mail.codeFor(email);
    expect((await check({ email, code, type: 'register' })).body).toEqual({ valid: true });
  });

  test('409 for an e-mail that is already registered, and no mail', async () => {
    const { email } = await registerPatient(t.app, t.mail);
    const before = t.mail.to(email).length;
    const response = await send(SEND_REGISTER, { email });
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({ code: 'EMAIL_TAKEN' });
    expect(t.mail.to(email)).toHaveLength(before);
  });

  test('a resend within a minute is refused with 429; after a minute a new code replaces the old one', async () => {
    const email = uniqueEmail();
    expect((await send(SEND_REGISTER, { email })).status).toBe(204);
    const first = await t.mail.codeFor(email);

    t.clock.advance(59_000);
    const early = await send(SEND_REGISTER, { email });
    expect(early.status).toBe(429);
    expect(early.body).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(early.headers['retry-after']).toBe('1');
    expect(t.mail.to(email)).toHaveLength(1);

    t.clock.advance(1_000);
    expect((await send(SEND_REGISTER, { email })).status).toBe(204);
    const second = await t.mail.codeFor(email);
    expect((await check({ email, code: second, type: 'register' })).status).toBe(200);
    if (first !== second) expect((await check({ email, code: first, type: 'register' })).status).toBe(400);
  });

  test('the 6th code within an hour is refused with 429, and allowed again once the hour has passed', async () => {
    const email = uniqueEmail();
    for (let i = 0; i < 5; i++) {
      expect((await send(SEND_REGISTER, { email })).status).toBe(204);
      t.clock.advance(MINUTE + 1_000);
    }
    const sixth = await send(SEND_REGISTER, { email });
    expect(sixth.status).toBe(429);
    await deliver(t);
    expect(t.mail.to(email)).toHaveLength(5);

    t.clock.advance(60 * MINUTE);
    expect((await send(SEND_REGISTER, { email })).status).toBe(204);
    await deliver(t);
    expect(t.mail.to(email)).toHaveLength(6);
  });

  test('400 for a malformed e-mail or language', async () => {
    for (const body of [{}, { email: 'not-an-email' }, { email: uniqueEmail(), locale: 'de' }]) {
      const response = await send(SEND_REGISTER, body);
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('VALIDATION_FAILED');
    }
  });
});

describe('POST /v1/verification-codes/recover-pass/send-code', () => {
  test('a known address gets a recovery code in its language', async () => {
    const { email } = await registerPatient(t.app, t.mail, { locale: 'en' });
    expect((await send(SEND_RECOVERY, { email })).status).toBe(204);
    const mail = await t.mail.waitFor(email);
    expect(mail.subject).toBe('Reset your Rozmova password');
    expect(mail.text).toContain('You asked to reset your Rozmova password. Your code:');
    expect(mail.text).toMatch(/^\d{6}$/m);
  });

  test('in Ukrainian when asked', async () => {
    const { email } = await registerPatient(t.app, t.mail, { locale: 'en' });
    expect((await send(SEND_RECOVERY, { email, locale: 'uk' })).status).toBe(204);
    const mail = await t.mail.waitFor(email);
    expect(mail.subject).toBe('Відновлення пароля Rozmova');
    expect(mail.text).toContain('Ви попросили відновити пароль у Rozmova. Ваш код:');
  });

  test('a known and an unknown address get the same answer and a queued job each; only the known one is mailed', async () => {
    const { email: known } = await registerPatient(t.app, t.mail);
    const unknown = uniqueEmail('nobody');
    const answers = [await send(SEND_RECOVERY, { email: known }), await send(SEND_RECOVERY, { email: unknown })];
    const shape = ({ status, text, headers }: (typeof answers)[number]) => {
      const { date: _date, 'x-request-id': _id, ...rest } = headers;
      return { status, text, headers: rest };
    };
    expect(shape(answers[0]!)).toEqual(shape(answers[1]!));
    expect(answers[0]!.status).toBe(204);

    // Nothing is looked up or mailed in the request: each is a job that carries the address, never a code.
    const queued = await t.database.db.select().from(jobs).where(eq(jobs.kind, CODE_MAIL_JOB));
    const payloads = queued.filter((job) => job.status === 'pending').map((job) => job.payload);
    expect(payloads).toEqual(
      expect.arrayContaining([
        { email: known, purpose: 'recover-pass' },
        { email: unknown, purpose: 'recover-pass' },
      ]),
    );
    await deliver(t);
    await t.mail.waitFor(known, (mail) => mail.subject.includes('Відновлення'));
    expect(t.mail.to(unknown)).toEqual([]);
  });

  test('a quick resend is refused alike for a known and an unknown address, so the limit reveals no account', async () => {
    const { email: known } = await registerPatient(t.app, t.mail);
    const unknown = uniqueEmail('nobody');
    for (const email of [known, unknown]) {
      expect((await send(SEND_RECOVERY, { email })).status).toBe(204);
      const again = await send(SEND_RECOVERY, { email });
      expect(again.status).toBe(429);
      expect(again.headers['retry-after']).toBe('60');
    }
  });
});

describe('POST /v1/verification-codes/check-code', () => {
  async function freshCode(type: 'register' | 'recover-pass' = 'register') {
    const email = type === 'register' ? uniqueEmail() : (await registerPatient(t.app, t.mail)).email;
    expect((await send(type === 'register' ? SEND_REGISTER : SEND_RECOVERY, { email })).status).toBe(204);
    return { email, code: await t.mail.codeFor(email) };
  }

  test('{ valid: true } for the right code, which stays usable', async () => {
    const { email, code } = await freshCode();
    expect(await check({ email, code, type: 'register' })).toMatchObject({ status: 200, body: { valid: true } });
    expect(await check({ email, code, type: 'register' })).toMatchObject({ status: 200, body: { valid: true } });
    const registered = await call(t.app, 'POST', '/v1/auth/register-patient', {
      body: { email, code, password: 'Quiet-River-Stone-7', user_name: 'Тарас' },
    });
    expect(registered.status).toBe(201);
  });

  test('a recovery code is checked with type recover-pass, not register', async () => {
    const { email, code } = await freshCode('recover-pass');
    expect((await check({ email, code, type: 'recover-pass' })).body).toEqual({ valid: true });
    expect((await check({ email, code, type: 'register' })).status).toBe(409);
  });

  test('a wrong code is 400 CODE_INVALID', async () => {
    const { email, code } = await freshCode();
    const response = await check({ email, code: otherCode(code), type: 'register' });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'CODE_INVALID' });
  });

  test('400 when no code was ever sent to the address', async () => {
    const response = await check({ email: uniqueEmail(), code: '123456', type: 'register' });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('CODE_INVALID');
  });

  test('after 4 wrong tries the right code still works', async () => {
    const { email, code } = await freshCode();
    for (let i = 0; i < 4; i++) expect((await check({ email, code: otherCode(code), type: 'register' })).status).toBe(400);
    expect((await check({ email, code, type: 'register' })).status).toBe(200);
  });

  test('a right try does not count: after 4 wrong tries the code is checked, then used to sign up', async () => {
    const { email, code } = await freshCode();
    for (let i = 0; i < 4; i++) expect((await check({ email, code: otherCode(code), type: 'register' })).status).toBe(400);
    expect((await check({ email, code, type: 'register' })).status).toBe(200);
    const registered = await call(t.app, 'POST', '/v1/auth/register-patient', {
      body: { email, code, password: 'Quiet-River-Stone-7', user_name: 'Тарас' },
    });
    expect(registered.status).toBe(201);
  });

  test('after 5 wrong tries the code is dead: 410 even with the right code', async () => {
    const { email, code } = await freshCode();
    for (let i = 0; i < 5; i++) expect((await check({ email, code: otherCode(code), type: 'register' })).status).toBe(400);
    const response = await check({ email, code, type: 'register' });
    expect(response.status).toBe(410);
    expect(response.body).toMatchObject({ code: 'CODE_EXPIRED' });
  });

  test('valid for 10 minutes, then 410', async () => {
    const { email, code } = await freshCode();
    t.clock.advance(10 * MINUTE - 1_000);
    expect((await check({ email, code, type: 'register' })).status).toBe(200);
    t.clock.advance(1_000);
    const response = await check({ email, code, type: 'register' });
    expect(response.status).toBe(410);
    expect(response.body.code).toBe('CODE_EXPIRED');
  });

  test('409 for type register when the e-mail is already registered', async () => {
    const { email } = await registerPatient(t.app, t.mail);
    const response = await check({ email, code: '123456', type: 'register' });
    expect(response.status).toBe(409);
    expect(response.body.code).toBe('EMAIL_TAKEN');
  });

  test('400 for a code that is not 6 digits or an unknown type', async () => {
    for (const body of [
      { email: uniqueEmail(), code: '12345', type: 'register' },
      { email: uniqueEmail(), code: '12345a', type: 'register' },
      { email: uniqueEmail(), code: '123456', type: 'login' },
      { email: uniqueEmail(), code: '123456' },
    ]) {
      const response = await check(body);
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('VALIDATION_FAILED');
      expect(response.body.errors.length).toBeGreaterThan(0);
    }
  });
});
