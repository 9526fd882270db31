// node --test scripts/: the decision `npm start` takes before it builds the web app.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, test } from 'node:test';
import { buildDecision, writeStamp } from './build-web-if-changed.mjs';

let root;
const dist = () => path.join(root, 'apps/web/dist');
const write = (file, text) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
};
/** What `npm start` does after a build: the build's files and the stamp of the sources it was built from. */
const built = () => {
  const decision = buildDecision(root);
  write('apps/web/dist/index.html', '<!doctype html>');
  writeStamp(dist(), decision.hash);
};

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'rozmova-build-check-'));
  write('package.json', '{}');
  write('package-lock.json', '{}');
  write('apps/web/vite.config.ts', 'export default {}');
  write('apps/web/src/main.tsx', 'render()');
  write('packages/contracts/src/paths.ts', "export const a = '/a';");
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

test('no build yet, or a build without a stamp: build', () => {
  assert.equal(buildDecision(root).build, true);
  write('apps/web/dist/index.html', '<!doctype html>');
  assert.equal(buildDecision(root).build, true);
});

test('unchanged sources since the last build: skip', () => {
  built();
  assert.deepEqual({ ...buildDecision(root), hash: undefined }, { build: false, reason: 'the build is current', hash: undefined });
  // Outputs, installed packages and tests are not sources.
  write('apps/web/node_modules/x/index.js', 'x');
  write('apps/web/src/page.test.tsx', 'test()');
  write('packages/contracts/node_modules/y.js', 'y');
  assert.equal(buildDecision(root).build, false);
});

for (const file of [
  'apps/web/src/main.tsx',
  'apps/web/src/new-page.tsx',
  'apps/web/vite.config.ts',
  'packages/contracts/src/paths.ts',
  'package-lock.json',
]) {
  test(`a changed ${file}: build`, () => {
    built();
    write(file, 'changed');
    assert.deepEqual([buildDecision(root).build, buildDecision(root).reason], [true, 'the web sources changed']);
  });
}

test('a renamed file is a change even with the same content', () => {
  built();
  rmSync(path.join(root, 'apps/web/src/main.tsx'));
  write('apps/web/src/main2.tsx', 'render()');
  assert.equal(buildDecision(root).build, true);
});
