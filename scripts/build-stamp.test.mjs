// node --test scripts/: the decision `npm start` takes before it builds the web app or the API.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, test } from 'node:test';
import { buildDecision, inputsHash, targets, writeStamp } from './build-stamp.mjs';

let root;
const write = (file, text) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
};
/** What a build leaves: its files and the stamp of the sources it was built from. */
const built = (target) => {
  write(path.join(target.dist, target.output), 'built');
  writeStamp(path.join(root, target.dist), inputsHash(root, target.inputs));
};
const decide = (target) => buildDecision(root, target);

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'rozmova-build-check-'));
  write('package.json', '{}');
  write('package-lock.json', '{}');
  write('apps/web/vite.config.ts', 'export default {}');
  write('apps/web/src/main.tsx', 'render()');
  write('apps/api/package.json', '{}');
  write('apps/api/src/server.ts', 'listen()');
  write('packages/contracts/src/paths.ts', "export const a = '/a';");
  write('scripts/build-api.mjs', 'build()');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

for (const [name, target] of Object.entries(targets)) {
  test(`${name}: no build yet, or a build without a stamp: build`, () => {
    assert.deepEqual(decide(target), { build: true, reason: 'no build yet' });
    write(path.join(target.dist, target.output), 'built');
    assert.deepEqual(decide(target), { build: true, reason: 'the build has no record of its sources' });
  });

  test(`${name}: unchanged sources since the last build: skip`, () => {
    built(target);
    assert.deepEqual(decide(target), { build: false, reason: 'the build is current' });
    // Outputs, installed packages, tests and their helpers are not sources.
    write('apps/web/node_modules/x/index.js', 'x');
    write('apps/web/src/page.test.tsx', 'test()');
    write('apps/api/src/test/harness.ts', 'harness()');
    write('apps/api/src/app.test.ts', 'test()');
    write('packages/contracts/node_modules/y.js', 'y');
    assert.equal(decide(target).build, false);
  });
}

const changes = {
  web: [
    'apps/web/src/main.tsx',
    'apps/web/src/new-page.tsx',
    'apps/web/vite.config.ts',
    'packages/contracts/src/paths.ts',
    'package-lock.json',
  ],
  api: [
    'apps/api/src/server.ts',
    'apps/api/src/db/migrations/0001.sql',
    'packages/contracts/src/paths.ts',
    'scripts/build-api.mjs',
    'package-lock.json',
  ],
};
for (const [name, files] of Object.entries(changes)) {
  for (const file of files) {
    test(`${name}: a changed ${file}: build`, () => {
      built(targets[name]);
      write(file, 'changed');
      assert.deepEqual(decide(targets[name]), { build: true, reason: 'the sources changed' });
    });
  }
}

test('each build has its own sources', () => {
  built(targets.web);
  built(targets.api);
  write('apps/api/src/server.ts', 'changed');
  assert.equal(decide(targets.web).build, false);
  assert.equal(decide(targets.api).build, true);
  write('apps/web/src/main.tsx', 'changed');
  assert.equal(decide(targets.web).build, true);
});

test('a renamed file is a change even with the same content', () => {
  built(targets.web);
  rmSync(path.join(root, 'apps/web/src/main.tsx'));
  write('apps/web/src/main2.tsx', 'render()');
  assert.equal(decide(targets.web).build, true);
});
