import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

function refusal(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

/** The least production needs: an SMTP server, a chosen payment provider and the two-factor key. */
const production = {
  NODE_ENV: 'production',
  SMTP_URL: 'smtp://mail.example.com:587',
  PAYMENT_PROVIDER: 'sandbox',
  TWO_FACTOR_KEY: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=',
};

describe('loadConfig', () => {
  test('documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'development',
      production: false,
      port: 3000,
      host: '127.0.0.1',
      logLevel: 'info',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      redisUrl: undefined,
      storage: 'local',
      smtpUrl: undefined,
      mailFrom: 'Rozmova <no-reply@rozmova.local>',
      contactEmail: 'care@rozmova.local',
      admin: undefined,
      publicUrl: 'http://localhost:3000',
      demoData: true,
      appMode: 'landing',
      apiBase: '',
      authRateLimitPerMinute: 60,
      trustProxy: false,
      jobsPollMs: 1000,
    });
  });

  test('DEMO_DATA is on in development, off in production, and cannot be turned on in production', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).demoData).toBe(true);
    expect(loadConfig(production).demoData).toBe(false);
    expect(loadConfig({ ...production, DEMO_DATA: 'true' }).demoData).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development', DEMO_DATA: 'off' }).demoData).toBe(false);
    expect(loadConfig(production).production).toBe(true);
  });

  test('PUBLIC_URL defaults to the port and host the server listens on; a PUBLIC_URL setting wins', () => {
    expect(loadConfig({ PORT: '4101' }).publicUrl).toBe('http://localhost:4101');
    expect(loadConfig({ PORT: '4101', HOST: '0.0.0.0' }).publicUrl).toBe('http://localhost:4101');
    expect(loadConfig({ PORT: '8080', HOST: '192.168.1.20' }).publicUrl).toBe('http://192.168.1.20:8080');
    expect(loadConfig({ PORT: '8080', HOST: 'fd00::5' }).publicUrl).toBe('http://[fd00::5]:8080');
    expect(loadConfig({ PORT: '80' }).publicUrl).toBe('http://localhost');
    expect(loadConfig({ PORT: '4101', PUBLIC_URL: 'https://rozmova.example/' }).publicUrl).toBe('https://rozmova.example');
    expect(loadConfig({ PORT: '4101', PUBLIC_URL: ' ' }).publicUrl).toBe('http://localhost:4101');
  });

  test('HOST is 127.0.0.1 outside production and every interface in production; a HOST setting wins', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'test' }).host).toBe('127.0.0.1');
    expect(loadConfig(production).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ ...production, HOST: '10.0.0.5' }).host).toBe('10.0.0.5');
    expect(loadConfig({ HOST: ' ' }).host).toBe('127.0.0.1');
  });

  test('production refuses to start without SMTP_URL or a chosen payment provider, naming each setting', () => {
    const noSmtp = refusal({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox' });
    expect(noSmtp).toMatch(/^Invalid settings:\n {2}SMTP_URL: required in production/);
    const noProvider = refusal({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.com' });
    expect(noProvider).toContain('PAYMENT_PROVIDER');
    expect(noProvider).toContain('LIQPAY_PUBLIC_KEY');
    expect(noProvider).not.toContain('SMTP_URL');
    const both = refusal({ NODE_ENV: 'production' });
    expect(both).toContain('TWO_FACTOR_KEY');
    expect(both).toContain('SMTP_URL');
    expect(both).toContain('PAYMENT_PROVIDER');
    expect(loadConfig(production).payments.provider).toBe('sandbox');
    const liqpay = { ...production, PAYMENT_PROVIDER: '', LIQPAY_PUBLIC_KEY: 'p', LIQPAY_PRIVATE_KEY: 's' };
    expect(loadConfig(liqpay).payments.provider).toBe('liqpay');
    expect(loadConfig({ ...liqpay, PAYMENT_PROVIDER: 'sandbox' }).payments.provider).toBe('sandbox');
  });

  test('reads every setting it is given', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://app:secret@db.internal:5432/rozmova',
      REDIS_URL: 'redis://cache:6379',
      SMTP_URL: 'smtps://user:pass@mail.example.com:465',
      ADMIN_EMAIL: 'Root@Example.com',
      ADMIN_PASSWORD: 'Long-enough-1',
      PUBLIC_URL: 'https://rozmova.example/',
      APP_MODE: 'quizz',
      AUTH_RATE_LIMIT_PER_MINUTE: '30',
      TRUST_PROXY: 'yes',
      JOBS_POLL_MS: '0',
      DECRYPTION_KEY: '  ',
    });
    expect(config).toMatchObject({
      port: 8080,
      databaseUrl: 'postgres://app:secret@db.internal:5432/rozmova',
      redisUrl: 'redis://cache:6379',
      smtpUrl: 'smtps://user:pass@mail.example.com:465',
      admin: { email: 'root@example.com', password: 'Long-enough-1' },
      publicUrl: 'https://rozmova.example',
      appMode: 'quizz',
      authRateLimitPerMinute: 30,
      trustProxy: true,
      jobsPollMs: 0,
      decryptionKey: undefined,
    });
  });

  test('payments: the sandbox by default; LiqPay when both keys are set; PAYMENT_PROVIDER chooses', () => {
    expect(loadConfig({}).payments).toEqual({ provider: 'sandbox', liqpay: undefined });
    const keys = { LIQPAY_PUBLIC_KEY: 'public-1', LIQPAY_PRIVATE_KEY: 'private-1' };
    expect(loadConfig(keys).payments).toEqual({
      provider: 'liqpay',
      liqpay: { publicKey: 'public-1', privateKey: 'private-1', apiUrl: 'https://www.liqpay.ua/api/request' },
    });
    expect(loadConfig({ ...keys, PAYMENT_PROVIDER: 'sandbox', LIQPAY_API_URL: 'http://127.0.0.1:9/api' }).payments).toMatchObject({
      provider: 'sandbox',
      liqpay: { apiUrl: 'http://127.0.0.1:9/api' },
    });
    expect(refusal({ LIQPAY_PUBLIC_KEY: 'public-1' })).toContain('LIQPAY_PUBLIC_KEY and LIQPAY_PRIVATE_KEY must be set together');
    expect(refusal({ PAYMENT_PROVIDER: 'liqpay' })).toContain('PAYMENT_PROVIDER');
    expect(refusal({ PAYMENT_PROVIDER: 'stripe' })).toContain('PAYMENT_PROVIDER');
    const secret = refusal({ LIQPAY_PRIVATE_KEY: 'very-secret-key' });
    expect(secret).not.toContain('very-secret-key');
  });

  test('an empty DATABASE_URL means the embedded database', () => {
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });

  test('STORAGE_URL: uploads in DATA_DIR/uploads unless it is `database` or the URL of the app database; others are refused', () => {
    const DATABASE_URL = 'postgres://app:secret@db.internal:5432/rozmova';
    expect(loadConfig({ STORAGE_URL: '' }).storage).toBe('local');
    expect(loadConfig({ STORAGE_URL: ' database ' }).storage).toBe('database');
    expect(loadConfig({ DATABASE_URL, STORAGE_URL: DATABASE_URL }).storage).toBe('database');
    expect(loadConfig({ DATABASE_URL, STORAGE_URL: 'postgresql://files:other@db.internal/rozmova' }).storage).toBe('database');
    const choices = "`database` or DATABASE_URL (uploads in the app's database, shared by every instance), or empty for";
    const refused: Record<string, string>[] = [
      { STORAGE_URL: 's3://key:secret@bucket' },
      { STORAGE_URL: 'Database' },
      { STORAGE_URL: 'postgres://app:secret@db.internal:5432/rozmova' },
      { DATABASE_URL, STORAGE_URL: 'postgres://app:secret@db.internal:5432/files' },
      { DATABASE_URL, STORAGE_URL: 'postgres://app:secret@files.internal:5432/rozmova' },
    ];
    for (const env of refused) {
      const message = refusal(env);
      expect(message).toContain('STORAGE_URL: ');
      expect(message).toContain(choices);
      expect(message).not.toContain('secret');
    }
  });

  test.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'http://x' }, 'DATABASE_URL'],
    [{ REDIS_URL: 'http://cache' }, 'REDIS_URL'],
    [{ SMTP_URL: 'mail.example.com' }, 'SMTP_URL'],
    [{ CONTACT_EMAIL: 'nobody' }, 'CONTACT_EMAIL'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ APP_MODE: 'kiosk' }, 'APP_MODE'],
    [{ DEMO_DATA: 'maybe' }, 'DEMO_DATA'],
    [{ AUTH_RATE_LIMIT_PER_MINUTE: '0' }, 'AUTH_RATE_LIMIT_PER_MINUTE'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ JOBS_POLL_MS: '-1' }, 'JOBS_POLL_MS'],
    [{ JOBS_POLL_MS: 'often' }, 'JOBS_POLL_MS'],
    [{ ADMIN_EMAIL: 'admin@example.com' }, 'ADMIN_EMAIL'],
    [{ ADMIN_PASSWORD: 'Long-enough-1' }, 'ADMIN_PASSWORD'],
    [{ ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD'],
  ])('refuses %o, naming %s', (env, setting) => {
    const message = refusal(env as Record<string, string>);
    expect(message).toMatch(/^Invalid settings:/);
    expect(message).toContain(setting);
  });

  test('names every bad setting at once and does not echo secrets', () => {
    const message = refusal({ PORT: 'abc', DATABASE_URL: 'http://user:hunter2@x' });
    expect(message).toContain('PORT');
    expect(message).toContain('DATABASE_URL');
    expect(message).not.toContain('hunter2');
  });
});
