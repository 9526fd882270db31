// compose.yaml passes the rules of tools/deploy-compose.js, each rule fires on a copy broken the way it guards against,
// and config.ts accepts the settings an app container starts with. `docker compose config` and hadolint run too where
// they are installed (neither is needed).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { tsImport } from 'tsx/esm/api';
import { composeProblems, serviceEnvironment } from './deploy-compose.js';
import { finalStageEnv } from './deploy-dockerfile.js';
import { clusterSettingsOf, interpolate, nginxAddressesOf, referencesIn, settingsOf } from './deploy-files.js';
import { assertProblem, read, replaced, root } from './deploy-test-support.js';

const dockerfile = read('Dockerfile');
const compose = read('compose.yaml');
const settings = settingsOf(read('apps/api/src/config.ts'));
const requiredSettings = clusterSettingsOf(read('e2e/support/cluster.ts'));
const nginx = nginxAddressesOf(read('deploy/nginx.conf'));

/** The variables compose.yaml requires (`${NAME:?message}`). */
const requiredVariables = [
  ...new Set(
    referencesIn(compose)
      .filter((r) => r.operator === ':?')
      .map((r) => r.name),
  ),
];

const checkCompose = (text) => composeProblems(text, { settings, requiredSettings, nginx });

/** compose.yaml with `from` replaced by `to` has a problem with `fragment` in it. */
const assertComposeBreaks = (from, to, fragment) => assertProblem(checkCompose(replaced(compose, from, to)), fragment);

describe('compose.yaml', () => {
  test('passes every rule', () => {
    assert.deepEqual(checkCompose(compose), []);
  });

  test('every image pinned', () => {
    assertComposeBreaks('image: nginx:1.30.4-alpine', 'image: nginx:latest', 'services.nginx.image nginx:latest');
    assertComposeBreaks('image: redis:7.4.11-alpine', 'image: redis', 'services.redis.image redis: untagged');
    assertComposeBreaks('image: coturn/coturn:4.17.0', 'image: coturn/coturn:4', 'the tag 4 moves');
  });

  test('the app services set only settings config.ts reads, and those the multi-instance tests use', () => {
    assertComposeBreaks(
      '    TRUST_PROXY:',
      '    TRUST_PROXIES:',
      'services.app1.environment.TRUST_PROXIES: apps/api/src/config.ts reads no such setting',
    );
    assertComposeBreaks('    TRUST_PROXY:', '    TRUST_PROXIES:', 'services.app2.environment.TRUST_PROXY is not set');
    const publicUrl = compose.match(/\n {4}PUBLIC_URL: .*/)[0];
    assertComposeBreaks(publicUrl, "\n    PUBLIC_URL: ''", 'PUBLIC_URL is not set');
    assertComposeBreaks(publicUrl, '\n    PUBLIC_URL: ${PUBLIC_URL:-}', 'PUBLIC_URL is not set');
    const storage = compose.match(/\n {4}STORAGE_URL: .*/)[0];
    assertComposeBreaks(storage, '', 'services.app1.environment.STORAGE_URL is not set');
  });

  test('a setting config.ts refuses empty is never left empty', () => {
    assertComposeBreaks('${LOG_LEVEL:-info}', '${LOG_LEVEL:-}', 'LOG_LEVEL may be empty');
    assertComposeBreaks('${LOG_LEVEL:-info}', '${LOG_LEVEL}', 'LOG_LEVEL may be empty');
  });

  test('nginx runs deploy/nginx.conf with -e stderr on its port, in front of the services it names', () => {
    const mount = './deploy/nginx.conf:/etc/nginx/nginx.conf:ro';
    const cases = [
      [mount, './nginx.conf:/etc/nginx/nginx.conf:ro', 'does not mount ./deploy/nginx.conf'],
      [mount, './deploy/nginx.conf:/etc/nginx/conf.d/default.conf:ro', 'does not mount'],
      ["'-e', 'stderr', ", '', 'with -e stderr'],
      [':-8080}:8080', ':-8080}:80', 'does not publish 8080'],
      ['  app2:\n', '  app3:\n', 'there is no service app2'],
      ["PORT: '3000'", "PORT: '3001'", 'services.app1.environment.PORT is not 3000'],
    ];
    for (const [from, to, fragment] of cases) assertComposeBreaks(from, to, fragment);
  });

  test('no secret written in the file: each comes from a required ${VAR:?message}', () => {
    const turnSecret = 'TURN_SECRET: ${TURN_SECRET:?set TURN_SECRET (deploy/.env.example)}';
    assertComposeBreaks(turnSecret, 'TURN_SECRET: hunter2', 'TURN_SECRET is written in the file');
    assertComposeBreaks(turnSecret, 'TURN_SECRET: ${TURN_SECRET:-hunter2}', 'has a default written in the file');
    const postgres = 'POSTGRES_PASSWORD: ${POSTGRES_PASSWORD:?set POSTGRES_PASSWORD (deploy/.env.example)}';
    assertComposeBreaks(postgres, 'POSTGRES_PASSWORD: hunter2', 'POSTGRES_PASSWORD is written in the file');
    const url = 'postgres://rozmova:${POSTGRES_PASSWORD:?set POSTGRES_PASSWORD (deploy/.env.example)}@postgres';
    assertComposeBreaks(url, 'postgres://rozmova:hunter2@postgres', 'services.app1: the password of a URL is written in the file');
    const coturn = '--static-auth-secret=${TURN_SECRET:?set TURN_SECRET (deploy/.env.example)}';
    assertComposeBreaks(coturn, '--static-auth-secret=hunter2', 'command --static-auth-secret is written in the file');
    const redis = "'--requirepass', '${REDIS_PASSWORD:?set REDIS_PASSWORD (deploy/.env.example)}'";
    assertComposeBreaks(redis, "'--requirepass', 'hunter2'", 'command --requirepass is written in the file');
    // Written nowhere with :? — a missing secret would start the services with an empty one.
    const optional = compose.replaceAll('${REDIS_PASSWORD:?set REDIS_PASSWORD (deploy/.env.example)}', '${REDIS_PASSWORD}');
    assertProblem(checkCompose(optional), '${REDIS_PASSWORD} is never required');
    // An optional app setting may be empty: LiqPay's keys when the sandbox takes the payments.
    assert.ok(compose.includes('LIQPAY_PRIVATE_KEY: ${LIQPAY_PRIVATE_KEY:-}'));
  });

  test('depends_on names services that exist, and waits for their health checks', () => {
    const dependency = '    redis:\n      condition: service_healthy\n';
    assertComposeBreaks(dependency, `${dependency}    mailer:\n      condition: service_healthy\n`, 'no service mailer');
    assertComposeBreaks(dependency, '    redis:\n      condition: service_started\n', 'use condition: service_healthy');
  });

  test('postgres and redis have health checks (pg_isready, redis-cli)', () => {
    const postgresCheck = compose.match(/\n {4}healthcheck:\n {6}# Over TCP[^\n]*\n {6}test: \[[^\n]*pg_isready[^\n]*\n/)[0];
    const withoutPostgresCheck = checkCompose(replaced(compose, postgresCheck, '\n    healthcheck:\n      test: ["CMD", "true"]\n'));
    assertProblem(withoutPostgresCheck, 'services.postgres.healthcheck does not run pg_isready');
    const withoutAny = checkCompose(replaced(compose, "      test: ['CMD-SHELL', 'redis-cli ping | grep -q PONG']\n", ''));
    assertProblem(withoutAny, 'services.redis has no healthcheck');
    assertProblem(withoutAny, 'services.app1.depends_on.redis: redis has no health check to wait for');
  });

  test("the app's TURN settings point at the coturn service", () => {
    assertProblem(checkCompose(compose.replaceAll(':3478?transport', ':3479?transport')), 'TURN_URLS does not name port 3478');
    const secret = 'TURN_SECRET: ${TURN_SECRET:?set TURN_SECRET (deploy/.env.example)}';
    assertComposeBreaks(secret, 'TURN_SECRET: ${OTHER_SECRET:?set it}', 'TURN_SECRET is not the secret services.coturn is started with');
  });

  test('deploy/.env.example names every variable compose.yaml requires', () => {
    const example = read('deploy/.env.example');
    const listed = new Set([...example.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]));
    assert.deepEqual(
      requiredVariables.filter((name) => !listed.has(name)),
      [],
    );
    // No value in the example is a usable secret: they are left empty for each deployment to make.
    for (const name of requiredVariables.filter((n) => /PASSWORD|SECRET|KEY/.test(n))) {
      assert.match(example, new RegExp(`^${name}=$`, 'm'), `${name} is empty in deploy/.env.example`);
    }
  });
});

describe('the settings an app container starts with', () => {
  /** deploy/.env.example's values (KEY=value lines, quotes taken off). */
  const example = Object.fromEntries(
    [...read('deploy/.env.example').matchAll(/^([A-Z][A-Z0-9_]*)=(.*)$/gm)].map(([, name, value]) => [
      name,
      value.replace(/^(["'])(.*)\1$/, '$2'),
    ]),
  );
  /** What a deployment fills in where the example is empty. */
  const variables = {
    ...example,
    POSTGRES_PASSWORD: 'pg0a1b2c',
    REDIS_PASSWORD: 'redis3d4e5f',
    SMTP_URL: 'smtp://mailer:secret@smtp.example.org:587',
    ADMIN_EMAIL: 'admin@example.org',
    ADMIN_PASSWORD: 'an-admin-password',
    TWO_FACTOR_KEY: randomBytes(32).toString('base64'),
    PAYMENT_PROVIDER: 'sandbox',
    TURN_SECRET: 'turn6a7b8c',
  };
  /** The image's ENV, then the service's environment with its references filled in. */
  const containerEnv = (composeText, service, values = variables) => {
    const environment = Object.entries(serviceEnvironment(composeText, service)).map(([key, value]) => [key, interpolate(value, values)]);
    return { ...finalStageEnv(dockerfile), ...Object.fromEntries(environment) };
  };
  const loadConfig = async () => (await tsImport('../apps/api/src/config.ts', import.meta.url)).loadConfig;

  test('interpolation as docker compose does it', () => {
    assert.equal(interpolate('${A:-x}|${A-x}|${B:-x}|${C:+y}|$$D', { A: '', C: '1' }), 'x||x|y|$D');
    assert.equal(interpolate('p://u:${P}@h/${DB:-${P}}', { P: 'pw' }), 'p://u:pw@h/pw');
    assert.throws(() => interpolate('${A:?set A}', { A: '' }), /required variable A is missing a value: set A/);
  });

  test('config.ts accepts the settings of app1 and app2: production, behind nginx, on the shared services', async () => {
    const load = await loadConfig();
    for (const service of ['app1', 'app2']) {
      const config = load(containerEnv(compose, service));
      assert.equal(config.production, true);
      assert.equal(config.port, 3000);
      assert.equal(config.host, '0.0.0.0');
      assert.equal(config.trustProxy, true);
      assert.equal(config.publicUrl, 'http://localhost:8080');
      assert.equal(config.databaseUrl, 'postgres://rozmova:pg0a1b2c@postgres:5432/rozmova');
      assert.equal(config.redisUrl, 'redis://:redis3d4e5f@redis:6379');
      assert.equal(config.dataDir, '/app/data');
      assert.deepEqual(config.ice.turn, {
        urls: ['turn:localhost:3478?transport=udp', 'turn:localhost:3478?transport=tcp'],
        secret: 'turn6a7b8c',
        ttlSeconds: config.ice.turn?.ttlSeconds,
      });
      assert.deepEqual(config.ice.servers, [{ urls: 'stun:localhost:3478' }]);
    }
  });

  test('a value config.ts refuses is found here, not at the first start', async () => {
    const load = await loadConfig();
    const stun = replaced(compose, '?transport=udp,turn:', '?transport=udp,stun:');
    assert.throws(() => load(containerEnv(stun, 'app1')), /TURN_URLS/);
    assert.throws(() => load(containerEnv(compose, 'app1', { ...variables, TWO_FACTOR_KEY: 'short' })), /TWO_FACTOR_KEY/);
    assert.throws(() => load(containerEnv(compose, 'app1', { ...variables, PAYMENT_PROVIDER: '' })), /PAYMENT_PROVIDER/);
  });
});

describe('tools of this machine', () => {
  const works = (command, args) => spawnSync(command, args, { encoding: 'utf8' }).status === 0;

  test(
    'hadolint',
    { skip: works('hadolint', ['--version']) ? false : 'hadolint is not installed: the Dockerfile was checked by the rules above only' },
    () => {
      const result = spawnSync('hadolint', ['--failure-threshold', 'warning', path.join(root, 'Dockerfile')], { encoding: 'utf8' });
      assert.equal(result.status, 0, result.stdout + result.stderr);
    },
  );

  test(
    'docker compose config',
    {
      skip: works('docker', ['compose', 'version'])
        ? false
        : 'docker compose is not installed: compose.yaml was checked by the rules above only',
    },
    () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'rozmova-compose-'));
      try {
        const envFile = path.join(dir, 'empty.env');
        writeFileSync(envFile, '');
        const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !requiredVariables.includes(name)));
        const run = (extra) =>
          spawnSync('docker', ['compose', '--env-file', envFile, '-f', path.join(root, 'compose.yaml'), 'config', '--quiet'], {
            cwd: root,
            env: { ...env, ...extra },
            encoding: 'utf8',
          });
        const filled = run(Object.fromEntries(requiredVariables.map((name) => [name, 'x'])));
        assert.equal(filled.status, 0, filled.stderr);
        // Without them compose refuses, naming the example file.
        const missing = run({});
        assert.notEqual(missing.status, 0);
        assert.match(missing.stderr, /deploy\/\.env\.example/);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
