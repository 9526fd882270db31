// `npm start` builds the web app only when what it is built from changed since the last build: a SHA-256 of the
// inputs (apps/web, packages/contracts, the lockfile and the root package.json) is kept beside the build, in
// apps/web/dist/.build-inputs (a dot file, which the server does not serve), and written only after a build succeeds.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** What the web build reads, relative to the repository root. */
export const webBuildInputs = ['apps/web', 'packages/contracts', 'package-lock.json', 'package.json'];
/** Folders and files that are not build inputs: outputs, installed packages, tests. */
const skippedDirectories = new Set(['node_modules', 'dist', 'test-results', 'coverage', '.vite']);
const skippedFile = (name) => /\.test\.[cm]?[jt]sx?$/.test(name) || name === '.DS_Store';

export const STAMP_FILE = '.build-inputs';

function listFiles(root, relative, out) {
  const entries = readdirSync(path.join(root, relative), { withFileTypes: true });
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const child = path.posix.join(relative, entry.name);
    if (entry.isDirectory()) {
      if (!skippedDirectories.has(entry.name)) listFiles(root, child, out);
    } else if (entry.isFile() && !skippedFile(entry.name)) {
      out.push(child);
    }
  }
}

/** One SHA-256 over the path and content of every input file, in a fixed order. */
export function inputsHash(root, inputs = webBuildInputs) {
  const hash = createHash('sha256');
  for (const input of inputs) {
    const full = path.join(root, input);
    if (!existsSync(full)) continue;
    const files = [];
    if (statSync(full).isDirectory()) listFiles(root, input, files);
    else files.push(input);
    for (const file of files) {
      hash.update(`${file}\0`);
      hash.update(readFileSync(path.join(root, file)));
      hash.update('\0');
    }
  }
  return hash.digest('hex');
}

/** Build when there is no build, no stamp, or the stamp is of other inputs. */
export function buildDecision(root, dist = path.join(root, 'apps/web/dist'), inputs = webBuildInputs) {
  const hash = inputsHash(root, inputs);
  const stampFile = path.join(dist, STAMP_FILE);
  if (!existsSync(path.join(dist, 'index.html'))) return { build: true, reason: 'no build yet', hash };
  if (!existsSync(stampFile)) return { build: true, reason: 'the build has no record of its sources', hash };
  if (readFileSync(stampFile, 'utf8').trim() !== hash) return { build: true, reason: 'the web sources changed', hash };
  return { build: false, reason: 'the build is current', hash };
}

export function writeStamp(dist, hash) {
  writeFileSync(path.join(dist, STAMP_FILE), `${hash}\n`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const dist = path.join(root, 'apps/web/dist');
  const decision = buildDecision(root, dist);
  if (!decision.build) {
    console.log(`Web app: ${decision.reason}, not rebuilt.`);
  } else {
    console.log(`Web app: ${decision.reason}, building…`);
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const result = spawnSync(npm, ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
    // The hash of the sources as they were before the build, so a change made during the build is built next time.
    writeStamp(dist, decision.hash);
  }
}
