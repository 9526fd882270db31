// The Dockerfile passes the rules of tools/deploy-dockerfile.js, and each rule fires on a copy broken the way it guards
// against; what the rules read from the project's sources is read right.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { dockerfileProblems, parseDockerfile, startScriptOf } from './deploy-dockerfile.js';
import { clusterSettingsOf, filesReadBesideSources, imageProblem, nginxAddressesOf, referencesIn, settingsOf } from './deploy-files.js';
import { assertProblem, read, replaced, root } from './deploy-test-support.js';

const dockerfile = read('Dockerfile');
const settings = settingsOf(read('apps/api/src/config.ts'));
const requiredSettings = clusterSettingsOf(read('e2e/support/cluster.ts'));
const nginx = nginxAddressesOf(read('deploy/nginx.conf'));
/** What the API reads at run time: its bundle, its package.json (ES module), its packages and the files beside its sources. */
const needed = [startScriptOf(dockerfile), 'apps/api/package.json', 'node_modules', ...filesReadBesideSources(root)];

const checkDockerfile = (text) => dockerfileProblems(text, { needed });

/** The Dockerfile with `from` replaced by `to` has a problem with `fragment` in it. */
const assertDockerfileBreaks = (from, to, fragment) => assertProblem(checkDockerfile(replaced(dockerfile, from, to)), fragment);

describe('reading the sources', () => {
  test('config.ts, cluster.ts and nginx.conf are read', () => {
    for (const key of ['PORT', 'HOST', 'DATABASE_URL', 'REDIS_URL', 'TRUST_PROXY', 'PUBLIC_URL', 'TURN_URLS', 'TURN_SECRET']) {
      assert.ok(settings.all.has(key), `config.ts's schema has ${key}`);
    }
    assert.ok(settings.emptyAllowed.has('LIQPAY_PRIVATE_KEY') && !settings.emptyAllowed.has('LOG_LEVEL'));
    for (const key of ['DATABASE_URL', 'REDIS_URL', 'STORAGE_URL', 'TRUST_PROXY', 'PUBLIC_URL'])
      assert.ok(requiredSettings.includes(key), key);
    assert.deepEqual(nginx, {
      upstreams: [
        { host: 'app1', port: '3000' },
        { host: 'app2', port: '3000' },
      ],
      listen: '8080',
    });
    const besideSources = filesReadBesideSources(root);
    for (const file of ['apps/api/src/db/migrations', 'apps/api/src/lib/common-passwords.txt', 'apps/web/dist']) {
      assert.ok(besideSources.includes(file), `${file} is found as read beside the sources`);
    }
  });

  test('Dockerfile instructions: continuation lines joined, comments inside them left out, flags apart', () => {
    const [, run, copy, healthcheck] = parseDockerfile(
      [
        'FROM node:20.20.2-bookworm-slim',
        'RUN a \\',
        '  # a comment',
        '  && b',
        'COPY --from=build --chown=node:node /app/x x',
        'HEALTHCHECK --interval=5s CMD ["node", "-e", "1"]',
      ].join('\n'),
    );
    assert.equal(run.args, 'a && b');
    assert.deepEqual([copy.flags, copy.args], [{ from: 'build', chown: 'node:node' }, '/app/x x']);
    assert.deepEqual([healthcheck.flags, healthcheck.args], [{ interval: '5s' }, 'CMD ["node", "-e", "1"]']);
  });

  test('compose references: nested defaults, required ones, $$', () => {
    const found = referencesIn('a ${X:-p://u:${Y}@h} $$Z ${W:?set W, then go} $V');
    assert.deepEqual(
      found.map(({ name, operator }) => [name, operator]),
      [
        ['X', ':-'],
        ['Y', undefined],
        ['W', ':?'],
        ['V', undefined],
      ],
    );
  });

  test('image references', () => {
    assert.equal(imageProblem('node:20.20.2-bookworm-slim'), undefined);
    assert.equal(imageProblem('coturn/coturn:4.17.0'), undefined);
    assert.equal(imageProblem(`registry.example.org:5000/app@sha256:${'a'.repeat(64)}`), undefined);
    assert.match(imageProblem('registry.example.org:5000/app'), /untagged/);
    assert.match(imageProblem('node:lts'), /moves/);
  });
});

describe('Dockerfile', () => {
  test('passes every rule', () => {
    assert.deepEqual(checkDockerfile(dockerfile), []);
  });

  test('base images pinned: not latest, not untagged, not a moving tag', () => {
    const base = 'FROM node:20.20.2-bookworm-slim AS base';
    assertDockerfileBreaks(base, 'FROM node:latest AS base', 'latest moves');
    assertDockerfileBreaks(base, 'FROM node AS base', 'untagged');
    assertDockerfileBreaks(base, 'FROM node:20-slim AS base', 'the tag 20-slim moves');
    assertProblem(checkDockerfile(`ARG NODE=node:20\n${replaced(dockerfile, base, 'FROM ${NODE} AS base')}`), 'the tag 20 moves');
  });

  test('multi-stage', () => {
    const single = [
      'FROM node:20.20.2-bookworm-slim',
      'WORKDIR /app',
      'ENV NODE_ENV=production',
      'COPY --chown=node:node . .',
      'RUN npm ci',
      'USER node',
      'EXPOSE 3000',
      'HEALTHCHECK CMD ["node", "-e", "fetch(\'http://127.0.0.1:3000/api/health\')"]',
    ].join('\n');
    assertProblem(checkDockerfile(single), 'one stage');
  });

  test('the final stage runs as a user other than root', () => {
    assertDockerfileBreaks('\nUSER node\n', '\nUSER root\n', 'other than root');
    assertDockerfileBreaks('\nUSER node\n', '\nUSER 0:0\n', 'other than root');
    assertDockerfileBreaks('\nUSER node\n', '\n', 'has no USER');
    // A USER of an earlier stage that the final stage is not built on does not count.
    assertProblem(
      checkDockerfile(replaced(dockerfile, '\nUSER node\n', '\n').replace('FROM build AS web', 'FROM build AS web\nUSER node')),
      'has no USER',
    );
  });

  test('a HEALTHCHECK asks /api/health, with node or a tool the image installs', () => {
    const healthcheck = dockerfile.slice(dockerfile.indexOf('HEALTHCHECK'), dockerfile.indexOf('\n', dockerfile.indexOf('/api/health')));
    assertDockerfileBreaks(healthcheck, '', 'no HEALTHCHECK');
    assertDockerfileBreaks(healthcheck, 'HEALTHCHECK NONE', 'HEALTHCHECK NONE');
    assertDockerfileBreaks('/api/health', '/api/version', 'does not ask GET /api/health');
    const curl = 'HEALTHCHECK CMD curl -fsS http://127.0.0.1:3000/api/health || exit 1';
    assertDockerfileBreaks(healthcheck, curl, 'runs curl, which the final stage does not install');
    const installed = replaced(dockerfile, healthcheck, `RUN apt-get update && apt-get install -y --no-install-recommends curl\n${curl}`);
    assert.deepEqual(checkDockerfile(installed), []);
  });

  test('npm ci, never npm install', () => {
    assertDockerfileBreaks('RUN npm ci --no-audit --no-fund\n', 'RUN npm install\n', 'use npm ci');
    const noCi = dockerfile.replaceAll(/RUN npm ci[^\n]*\n/g, 'RUN npm i\n');
    assertProblem(checkDockerfile(noCi), 'no RUN npm ci');
  });

  test('no ADD of a URL, no ADD at all', () => {
    const url = replaced(dockerfile, 'COPY tsconfig.base.json ./', 'ADD https://example.org/tool.tar.gz /tmp/\nCOPY tsconfig.base.json ./');
    assertProblem(checkDockerfile(url), 'ADD of a URL');
    assertDockerfileBreaks('COPY tsconfig.base.json ./', 'ADD tsconfig.base.json ./', 'use COPY');
  });

  test('no sudo', () => {
    assertDockerfileBreaks('RUN install -d', 'RUN sudo install -d', 'sudo');
  });

  test("the final stage's COPY says who owns the files", () => {
    const copy = 'COPY --from=build --chown=root:root /app/apps/api/dist apps/api/dist';
    assertDockerfileBreaks(copy, 'COPY --from=build /app/apps/api/dist apps/api/dist', 'without --chown');
  });

  test('WORKDIR absolute', () => {
    assertDockerfileBreaks('WORKDIR /app', 'WORKDIR app', 'use an absolute path');
  });

  test('no secret in ENV or ARG', () => {
    const add = (line) => replaced(dockerfile, 'FROM base AS runtime\n', `FROM base AS runtime\n${line}\n`);
    assertProblem(checkDockerfile(add('ENV SMTP_PASSWORD=hunter2')), 'ENV SMTP_PASSWORD has a value');
    assertProblem(checkDockerfile(add('ENV TURN_SECRET hunter2')), 'ENV TURN_SECRET has a value');
    assertProblem(checkDockerfile(add('ENV A=1 TWO_FACTOR_KEY="abc"')), 'ENV TWO_FACTOR_KEY has a value');
    assertProblem(checkDockerfile(add('ARG NPM_TOKEN=abc')), 'ARG NPM_TOKEN has a value');
    assert.deepEqual(checkDockerfile(add('ARG NPM_TOKEN')), []);
  });

  test('EXPOSE and NODE_ENV=production in the final stage', () => {
    assertDockerfileBreaks('EXPOSE 3000\n', '', 'EXPOSEs no port');
    assertDockerfileBreaks('NODE_ENV=production', 'NODE_ENV=development', 'NODE_ENV=production');
  });

  test('the final stage has what the API reads at run time', () => {
    assert.deepEqual(needed.slice(0, 3), ['apps/api/dist/server.js', 'apps/api/package.json', 'node_modules']);
    const migrations = 'COPY --from=build --chown=root:root /app/apps/api/src/db/migrations apps/api/src/db/migrations\n';
    assertDockerfileBreaks(migrations, '', 'does not copy apps/api/src/db/migrations');
    const web = 'COPY --from=web --chown=root:root /app/apps/web/dist apps/web/dist\n';
    assertDockerfileBreaks(web, '', 'does not copy apps/web/dist');
    // Copied into another folder than the one the bundle looks in.
    assertDockerfileBreaks('apps/web/dist\n', 'web\n', 'does not copy apps/web/dist');
  });
});
