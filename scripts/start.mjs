// `npm start`: builds what changed since its last build (the web app, the API; see build-stamp.mjs), then runs the
// API's compiled server in this process, from apps/api as before (so `./data` stays where it was). Should the API build
// fail (esbuild is a development package), the sources run through tsx as they would in development.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildDecision, repositoryRoot, targets } from './build-stamp.mjs';

const debug = process.env.LOG_LEVEL === 'debug' || process.env.LOG_LEVEL === 'trace';
const since = (started) => `${Math.round(performance.now() - started)} ms`;

async function ensureBuilt(target, build) {
  const started = performance.now();
  const decision = buildDecision(repositoryRoot, target);
  if (!decision.build) {
    console.log(`${target.name}: ${decision.reason}, not rebuilt.${debug ? ` (checked in ${since(started)})` : ''}`);
    return true;
  }
  console.log(`${target.name}: ${decision.reason}, building…`);
  const built = await build();
  if (built && debug) console.log(`${target.name}: built in ${since(started)}`);
  return built;
}

const webBuilt = await ensureBuilt(targets.web, () => {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['run', 'build', '-w', 'apps/web'], { cwd: repositoryRoot, stdio: 'inherit' });
  return result.status === 0;
});
if (!webBuilt) process.exit(1);

const apiBuilt = await ensureBuilt(targets.api, async () => {
  try {
    const { buildApi } = await import('./build-api.mjs');
    await buildApi();
    return true;
  } catch (error) {
    console.log(`API: not built (${error instanceof Error ? error.message.split('\n')[0] : error}); running its sources with tsx.`);
    return false;
  }
});

process.chdir(path.join(repositoryRoot, 'apps/api'));
if (apiBuilt) {
  // Stack traces name the bundle's lines; NODE_OPTIONS=--enable-source-maps maps them to the sources (slower start).
  await import(pathToFileURL(path.join(repositoryRoot, targets.api.dist, targets.api.output)).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(path.join(repositoryRoot, 'apps/api/src/server.ts')).href);
}
