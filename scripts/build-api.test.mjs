// node --test scripts/: the API's bundle runs with plain Node and finds the files it reads beside its sources.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { after, before, test } from 'node:test';
import { buildApi } from './build-api.mjs';
import { buildDecision, repositoryRoot, targets } from './build-stamp.mjs';

// Inside apps/api, so the bundle's package imports resolve as they do from apps/api/dist.
const cache = path.join(repositoryRoot, 'apps/api/node_modules/.cache');
let dist;
let dataDir;

before(async () => {
  mkdirSync(cache, { recursive: true });
  dist = mkdtempSync(path.join(cache, 'rozmova-api-build-'));
  dataDir = mkdtempSync(path.join(tmpdir(), 'rozmova-api-build-data-'));
  await buildApi(dist);
});
after(() => {
  rmSync(dist, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

test('the build records its sources, so the next start does not build again', () => {
  assert.deepEqual(buildDecision(repositoryRoot, { ...targets.api, dist: path.relative(repositoryRoot, dist) }), {
    build: false,
    reason: 'the build is current',
  });
});

test('the bundle starts (migrations applied, demo data made), answers /api/health, logs its phases and stops on SIGTERM', async (t) => {
  const server = spawn(process.execPath, [path.join(dist, targets.api.output)], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'debug', NODE_ENV: 'development' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => server.on('exit', (code) => resolve(code)));
  t.after(() => server.kill('SIGKILL'));
  const phases = [];
  let address;
  // The logger and console.log write to the pipe separately, so the last phases may come after the address.
  for await (const line of createInterface({ input: server.stdout })) {
    if (line.includes('"start-up phase"')) phases.push(JSON.parse(line).phase);
    address ??= line.match(/^Rozmova is running at (\S+)/)?.[1];
    if (address && phases.includes('total')) break;
  }
  assert.ok(address, 'the server printed its address');
  assert.deepEqual(phases, ['modules', 'config', 'database', 'app', 'data', 'housekeeping', 'listen', 'total']);
  const health = await fetch(`${address}/api/health`);
  assert.equal(health.status, 200);
  server.kill('SIGTERM');
  assert.equal(await exited, 0);
});
